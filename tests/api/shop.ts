import { eq, sql } from 'drizzle-orm';
import { serverConfig, type ServerConfig } from '../../src/server/config.ts';
import type { CotizacionServidor, PreferenciaBody, PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { precioFinal } from '../../src/lib/pricing/product.ts';
import { createApp } from '../../src/server/app.ts';
import { listProductos } from '../../src/server/catalogue/queries.ts';
import type { Database } from '../../src/server/db/client.ts';
import { productos, trabajos } from '../../src/server/db/schema/index.ts';
import { seedIfEmpty } from '../../src/demo/seed.ts';
import type { Mailer, MailMessage } from '../../src/server/mail/mailer.ts';
import type { Pasarela } from '../../src/server/payments/gateway.ts';
import type { ProveedorComprobantes } from '../../src/server/comprobantes/proveedor.ts';
import { createServices, runBackgroundOnce, type ServiceOptions, type Services } from '../../src/server/services.ts';
import type { TestDatabase } from './databases.ts';

const generous = { max: 100_000, windowSeconds: 900 };

/** A shop API over a fresh seeded database, with its mail kept in `sent`. */
export interface TestShop {
  database: Database;
  services: Services;
  app: ReturnType<typeof createApp>;
  sent: MailMessage[];
  call(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<Response>;
  /** A registered customer with a token, and (unless `documento: null`) a saved DNI. */
  customer(usuario: string, options?: { documento?: string | null }): Promise<{ id: number; token: string; usuario: string }>;
  catalogue(): Promise<Producto[]>;
  setStock(id: number, stock: number): Promise<void>;
  stockOf(id: number): Promise<number>;
  close(): Promise<void>;
}

/** Opens a test shop; with `mailer`, mail also goes out through it (a real SMTP server in some tests). */
export async function openShop(
  target: TestDatabase,
  options: {
    pasarela?: Pasarela;
    config?: Partial<ServerConfig>;
    mailer?: Mailer;
    proveedorComprobantes?: ProveedorComprobantes | null;
    metodosPago?: ServiceOptions['metodosPago'];
  } = {},
): Promise<TestShop> {
  const database = await target.open();
  // Without the demo's published reviews (and their buyers' orders): the tests count what they make.
  await seedIfEmpty(database.db, { resenas: false });
  const sent: MailMessage[] = [];
  const config: ServerConfig = {
    ...serverConfig({}),
    // The share of a product unpaid orders may hold (issue 34) is tested where it is the subject; elsewhere tests buy the same products over and over.
    porcentajeSinPagar: 100,
    rateLimits: {
      ...serverConfig({}).rateLimits,
      loginPorIp: generous,
      loginPorCuenta: generous,
      registroPorIp: generous,
      recuperacionPorIp: generous,
      recuperacionPorCorreo: generous,
      operadorPorIp: generous,
      checkoutPorCuenta: generous,
      checkoutPorIp: generous,
      reclamosPorIp: generous,
      resenasPorCuenta: generous,
    },
    ...options.config,
  };
  const mailer: Mailer = {
    async send(message) {
      sent.push(message);
      await options.mailer?.send(message);
    },
  };
  const services = createServices({
    db: database.db,
    config,
    mailer,
    pasarela: options.pasarela,
    proveedorComprobantes: options.proveedorComprobantes,
    metodosPago: options.metodosPago,
  });
  const app = createApp({ services });
  const call: TestShop['call'] = async (method, path, { body, token, headers = {} } = {}) =>
    app.request(path, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    database,
    services,
    app,
    sent,
    call,
    async customer(usuario, { documento = '12345678' } = {}) {
      await call('POST', '/clientes/register', {
        body: { nombre: `Cliente ${usuario}`, usuario, correo: `${usuario}@example.pe`, password: 'secreta123', telefono: '987654321' },
      });
      const login = (await (await call('POST', '/login', { body: { user: usuario, password: 'secreta123' } })).json()) as {
        id: number;
        mensaje: string;
      };
      if (!login.id) throw new Error(`No se pudo iniciar sesión como ${usuario}: ${login.mensaje}`);
      if (documento) {
        const res = await call('PUT', `/web/clientes/${login.id}`, {
          token: login.mensaje,
          body: {
            nombre: `Cliente ${usuario}`,
            usuario,
            telefono: '987654321',
            direccion: 'Av. Larco 123',
            docType: 'DNI',
            docNumber: documento,
          },
        });
        if (!res.ok) throw new Error(`No se guardó el documento: ${await res.text()}`);
      }
      return { id: login.id, token: login.mensaje, usuario };
    },
    catalogue: () => listProductos(database.db),
    async setStock(id, stock) {
      await database.db.update(productos).set({ stock, stockTotal: stock }).where(eq(productos.id, id));
    },
    async stockOf(id) {
      const [row] = await database.db.select({ stock: productos.stock }).from(productos).where(eq(productos.id, id));
      return row!.stock;
    },
    close: () => database.close(),
  };
}

const firstOption = (options: string) =>
  options
    .split(',')
    .map((o) => o.trim())
    .find(Boolean) ?? '';

/** A cart line for a product as the storefront would send it, at the price it shows. */
export const lineOf = (producto: Producto, cantidad = 1) => ({
  id: producto.idProducto,
  nombre: producto.nombre,
  cantidad,
  selectedColor: firstOption(producto.colores),
  selectedSize: firstOption(producto.tamaños),
  img: producto.img.split(',')[0] ?? '',
  precio: precioFinal(producto),
  precio_unitario: producto.precio,
  precio_con_descuento: precioFinal(producto),
});

export const RECOJO = 'Recojo en Miraflores';
export const PROVINCIA = 'Envío a provincia (2-5 días hábiles)';
export const DESTINO = {
  departamento: 'Arequipa',
  provincia: 'Arequipa',
  distrito: 'Cayma',
  direccion: 'Calle Los Arces 123',
  referencia: 'Frente al parque',
};

type Line = ReturnType<typeof lineOf>;

/** A preference body (checkout §7) for these lines; the claimed figures default to the lines' prices. */
export function preferenceBody(
  userId: number,
  cart: Line[],
  options: { metodo?: string; codigo?: string | null; costoEnvio?: number; descuento?: number; total?: number } = {},
): PreferenciaBody {
  const metodo = options.metodo ?? RECOJO;
  const recojo = metodo !== PROVINCIA;
  return {
    cart,
    Recojo: recojo,
    descuento: options.descuento ?? 0,
    codigo_descuento: options.codigo ?? null,
    metadata: {
      id_usuario: userId,
      recojo,
      metodo_envio: metodo,
      costo_envio: options.costoEnvio ?? 0,
      documento_tipo: 'DNI',
      documento_numero: '12345678',
    },
    destino: recojo ? null : DESTINO,
    ...(options.total === undefined ? {} : { total: options.total }),
  };
}

/** The body claiming exactly the server's quote, as /procesoDePago sends it after validating. */
export function claimQuote(body: PreferenciaBody, quote: CotizacionServidor): PreferenciaBody {
  return {
    ...body,
    cart: body.cart.map((line, index) => ({ ...line, precio: quote.productos[index]!.precio })),
    descuento: quote.descuento,
    metadata: { ...body.metadata, costo_envio: quote.envio },
    total: quote.total,
  };
}

/** Prices `body` on the server and answers the body that claims those figures. */
export async function validBody(shop: TestShop, customer: { id: number; token: string }, body: PreferenciaBody): Promise<PreferenciaBody> {
  const res = await shop.call('POST', `/carrito/cotizar/${customer.id}`, { token: customer.token, body });
  if (!res.ok) throw new Error(`cotizar respondió ${res.status}: ${await res.text()}`);
  return claimQuote(body, (await res.json()) as CotizacionServidor);
}

let keys = 0;
/** A fresh idempotency key, one per pay attempt. */
export const newKey = () => `intento-${process.pid}-${++keys}-${Date.now()}`;

/** Products to buy in tests: in stock, plain (no discount, not Sale), not presale. */
export const plainProducts = (catalogue: Producto[]) =>
  catalogue.filter((p) => p.stock >= 10 && p.descuento === 0 && p.descuentoN === 0 && p.newores !== 'Sale' && p.newores !== 'Preventa');

/** A PENDIENTE order of `customer` for `cantidad` units of `producto` (pickup unless `metodo` says otherwise). */
export async function placeOrder(
  shop: TestShop,
  customer: { id: number; token: string },
  producto: Producto,
  options: { cantidad?: number; metodo?: string; codigo?: string } = {},
): Promise<PreferenciaCreada> {
  const body = await validBody(
    shop,
    customer,
    preferenceBody(customer.id, [lineOf(producto, options.cantidad ?? 1)], { metodo: options.metodo, codigo: options.codigo }),
  );
  const res = await shop.call('POST', `/carrito/create-preference/${customer.id}`, {
    token: customer.token,
    body,
    headers: { 'Idempotency-Key': newKey() },
  });
  if (res.status !== 200) throw new Error(`create-preference respondió ${res.status}: ${await res.text()}`);
  return (await res.json()) as PreferenciaCreada;
}

/** Approves, leaves pending or rejects a preference on the offline test mode's page. */
export const payDePrueba = (shop: TestShop, preferenceId: string, resultado: 'approved' | 'pending' | 'rejected') =>
  shop.call('POST', `/carrito/prueba/${preferenceId}/pagar`, { body: { resultado } });

/** Runs the shop's background work until no job is due (each run takes at most 20); throws if some never finish. */
export async function runJobsUntilIdle(shop: TestShop): Promise<void> {
  for (let vuelta = 0; vuelta < 20; vuelta++) {
    await runBackgroundOnce(shop.services);
    const [pendientes] = await shop.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(trabajos)
      .where(sql`terminado IS NULL AND ejecutar_en <= now() AND intentos < max_intentos`);
    if (pendientes!.n === 0) return;
  }
  throw new Error('Quedan trabajos sin hacer.');
}
