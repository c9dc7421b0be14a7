import { and, eq, inArray, notExists, notInArray, sql } from 'drizzle-orm';
import type { CotizacionServidor, Destino, Preferencia } from '../../lib/api/checkout-schemas.ts';
import { METODOS_PAGO } from '../../lib/api/metodos-pago.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { lineFromProducto, lineRef, type CartLine } from '../../lib/cart/lines.ts';
import { evaluateCoupon, todayInLima, type AppliedCoupon } from '../../lib/pricing/coupons.ts';
import { toCentimos, toSoles } from '../../lib/pricing/money.ts';
import { priceOrder, type Cotizacion, type LineaCotizada } from '../../lib/pricing/order.ts';
import { searchKey } from '../../lib/shipping/place-key.ts';
import { pasoDeCategoria } from '../../lib/routine/pasos.ts';
import { ENVIO_PROVINCIA } from '../../lib/shipping/methods.ts';
import type { PuntoRecojoAjuste } from '../../lib/api/tienda-schemas.ts';
import { ajustesPublicos } from '../tienda/ajustes.ts';
import { parseGlobalCoupons } from '../../lib/cart/coupons.ts';
import { productosPorIds } from '../catalogue/queries.ts';
import { cuponesParaCliente } from '../discounts/cupones-tienda.ts';
import type { Db } from '../db/client.ts';
import { cuponesUsuario, departamentos, distritos, intentosYape, pagos, pedidos, provincias } from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';
import { PAGO_EN_CURSO } from '../payments/gateway.ts';

/** Where and how the order is handed over. */
export interface Entrega {
  recojo: boolean;
  metodo: string;
  direccion: string;
  instrucciones: string;
  horario: string;
  destino: Destino | null;
}

/** The coupon the server accepted for the order. */
export interface CuponDelPedido {
  tipo: 'usuario' | 'tienda';
  codigo: string;
  porcentaje: number;
  /** Soles off for a fixed-amount shop coupon (0 for a percent one). */
  monto: number;
  cuponUsuarioId: number | null;
  /** The shop coupon's id (issue 37: its uses are taken under its lock when the order is written). */
  cuponGlobalId: number | null;
  applied: AppliedCoupon;
}

/** One line of the order: the product as the database holds it, its cart line rebuilt from it, and the line priced. */
export interface LineaDelPedido {
  producto: Producto;
  linea: CartLine;
  cotizada: LineaCotizada;
}

/** A line before pricing. */
type LineaElegida = Pick<LineaDelPedido, 'producto' | 'linea'>;

/** An order as the server prices it from the database: never from the client's figures. */
export interface PedidoCotizado {
  lineas: LineaDelPedido[];
  cotizacion: Cotizacion & { envio: number };
  cupon: CuponDelPedido | null;
  entrega: Entrega;
}

/**
 * Prices a checkout body from the database (checkout §7, DESIGN.md money): each product exists and
 * its colour, size and stock hold; the coupon is valid for this customer today; the tariff is the
 * district's or a pickup point's 0; free shipping and totals follow the shared pricing module.
 */
export async function quoteOrder(
  db: Db,
  clienteId: number,
  body: Preferencia,
  { unidadesPorProducto, now = new Date() }: { unidadesPorProducto: number; now?: Date },
): Promise<PedidoCotizado> {
  const seen = new Set<string>();
  for (const line of body.cart) {
    const key = lineRef(line);
    if (seen.has(key)) throw clientError(400, 'El carrito repite un producto con el mismo color y tamaño.');
    seen.add(key);
  }
  const productos = new Map(
    (await productosPorIds(db, [...new Set(body.cart.map((line) => line.idProducto))], now)).map((p) => [p.idProducto, p]),
  );
  const lines = body.cart.map((line) => {
    const producto = productos.get(line.idProducto);
    if (!producto)
      throw clientError(
        400,
        `El producto ${line.nombre ? `"${line.nombre}"` : line.idProducto} ya no existe en la tienda. Quítalo de tu carrito.`,
      );
    const color = chosenOption(producto.colores, line.selectedColor, producto.nombre, 'color');
    const tamano = chosenOption(producto.tamaños, line.selectedSize, producto.nombre, 'tamaño');
    return {
      producto,
      linea: { ...lineFromProducto(producto, { color, tamano, cantidad: line.cantidad }), ...routineFields(line, producto) },
    };
  });
  checkUnits(lines, unidadesPorProducto);
  checkStock(lines);

  const cupon = await couponFor(db, clienteId, body.codigo_descuento ?? null, lines, now);
  // The shop's settings (issue 37): the free-shipping threshold and the pickup points the owner saved.
  const ajustes = await ajustesPublicos(db);
  const entrega = deliveryFor(body, ajustes.puntosRecojo);
  const tarifa = entrega.recojo ? 0 : await tariffFor(db, entrega.destino!);
  const cotizacion = priceOrder(
    lines.map(({ linea }) => linea),
    { cupon: cupon?.applied ?? null, metodo: entrega.metodo, tarifa, envioGratisDesde: toCentimos(ajustes.envioGratisDesde) },
  );
  return {
    lineas: lines.map((entry, index) => ({ ...entry, cotizada: cotizacion.lineas[index]! })),
    cotizacion: { ...cotizacion, envio: cotizacion.envio ?? 0 },
    cupon,
    entrega,
  };
}

/**
 * A line's routine claim, with the step its product fills taken from the product's categoría in the
 * database: pricing grants the bundle only to a complete routine, so a client cannot forge one.
 */
const routineFields = (line: Preferencia['cart'][number], producto: Producto): Partial<CartLine> =>
  line.esProductoRutina
    ? {
        esProductoRutina: true,
        rutinaNivel: line.rutinaNivel,
        rutinaId: line.rutinaId,
        rutinaPaso: pasoDeCategoria(producto.categoria)?.clave,
      }
    : {};

/** A chosen colour or size: one of the product's options; a single option is taken as chosen. */
function chosenOption(options: string, chosen: string, nombre: string, campo: 'color' | 'tamaño'): string {
  const list = options
    .split(',')
    .map((option) => option.trim())
    .filter(Boolean);
  if (list.length === 0) {
    if (chosen) throw clientError(400, `${nombre} no tiene opciones de ${campo}.`);
    return '';
  }
  const match = list.find((option) => option.toLowerCase() === chosen.toLowerCase());
  if (match) return match;
  if (!chosen && list.length === 1) return list[0]!;
  throw clientError(400, chosen ? `El ${campo} "${chosen}" no existe para ${nombre}.` : `Debes elegir un ${campo} para ${nombre}.`);
}

/** One order takes at most `tope` units of one product (lines of one product in several colours add up): a 400 naming it. */
function checkUnits(lines: LineaElegida[], tope: number): void {
  for (const [id, cantidad] of unitsByProduct(lines)) {
    if (cantidad > tope) {
      const nombre = lines.find(({ producto }) => producto.idProducto === id)!.producto.nombre;
      throw clientError(400, `Puedes comprar como máximo ${tope} unidades de ${nombre} por pedido (pediste ${cantidad}).`, {
        producto: { id, nombre, maximo: tope },
      });
    }
  }
}

const unitsByProduct = (lines: LineaElegida[]) => {
  const wanted = new Map<number, number>();
  for (const { linea } of lines) wanted.set(linea.idProducto, (wanted.get(linea.idProducto) ?? 0) + linea.cantidad);
  return wanted;
};

/** Every product must have the units asked for (lines of one product in several colours add up). */
function checkStock(lines: LineaElegida[]): void {
  for (const [id, cantidad] of unitsByProduct(lines)) {
    const producto = lines.find(({ producto }) => producto.idProducto === id)!.producto;
    if (cantidad > producto.stock) throw stockError(producto.nombre, id, producto.stock);
  }
}

/** The 409 of a product without enough units, naming it and what is left. */
export function stockError(nombre: string, id: number, quedan: number) {
  const mensaje =
    quedan <= 0
      ? `${nombre} está agotado. Quítalo de tu carrito para continuar.`
      : `Solo quedan ${quedan} unidad(es) de ${nombre}. Ajusta la cantidad para continuar.`;
  return clientError(409, mensaje, { producto: { id, nombre, stock: Math.max(0, quedan) } });
}

/** The coupon for this customer and cart today, or a 409 with the coupon's own message. */
async function couponFor(
  db: Db,
  clienteId: number,
  codigo: string | null,
  lines: LineaElegida[],
  now: Date,
): Promise<CuponDelPedido | null> {
  if (!codigo?.trim()) return null;
  const code = codigo.trim().toLowerCase();
  const [own] = await db
    .select()
    .from(cuponesUsuario)
    .where(and(eq(cuponesUsuario.clienteId, clienteId), sql`lower(${cuponesUsuario.code}) = ${code}`));
  // The same list the cart reads (GET /api/descuentos), for this customer and code.
  const globals = await cuponesParaCliente(db, clienteId, { codigo: code, reemplazables: await replaceableOrderIds(db, clienteId) });
  const marcas = new Map(lines.map(({ producto }) => [producto.idProducto, producto.idMarca]));
  const result = evaluateCoupon(
    codigo,
    {
      userCoupon: own
        ? { code: own.code, porcentaje: Number(own.porcentaje), usado: own.usado && !(await heldByReplaceable(db, clienteId, own.id)) }
        : null,
      globalCoupons: parseGlobalCoupons(globals),
    },
    lines.map(({ linea }) => linea),
    (id) => marcas.get(id),
    todayInLima(now),
  );
  if (!result.ok) throw clientError(409, result.mensaje, { cupon: codigo });
  const { applied } = result;
  return {
    tipo: applied.kind === 'user' ? 'usuario' : 'tienda',
    codigo: applied.codigo,
    porcentaje: applied.porcentaje,
    monto: applied.monto ?? 0,
    cuponUsuarioId: applied.kind === 'user' ? own!.id : null,
    cuponGlobalId: applied.kind === 'global' ? (globals.find((g) => g.codigo === applied.codigo)?.id ?? null) : null,
    applied,
  };
}

/** The methods paid later and confirmed by hand (a bank transfer): their orders are never replaced by a new checkout. */
const METODOS_MANUALES: string[] = METODOS_PAGO.filter((metodo) => metodo.finaliza === 'manual').map((metodo) => metodo.id);

/**
 * The customer's unpaid orders that a new checkout replaces (cancels): PENDIENTE, with no payment
 * under way (nor a Yape submission being paid), and finished by their method (a preference created: one still being finished belongs to a checkout in progress).
 */
export function replaceableOrders(db: Db, clienteId: number) {
  return and(
    eq(pedidos.clienteId, clienteId),
    eq(pedidos.estado, 'PENDIENTE'),
    sql`${pedidos.urlPago} IS NOT NULL`,
    notExists(
      db
        .select({ id: pagos.id })
        .from(pagos)
        .where(and(eq(pagos.pedidoId, pedidos.id), inArray(pagos.estado, [...PAGO_EN_CURSO]))),
    ),
    // An order paid later by hand (a bank transfer, issue 36) may already be paid at the bank: it is kept.
    notInArray(pedidos.metodoPago, METODOS_MANUALES),
    // A Yape submission being paid right now is a payment under way too (issue 34).
    notExists(
      db
        .select({ id: intentosYape.id })
        .from(intentosYape)
        .where(and(eq(intentosYape.pedidoId, pedidos.id), eq(intentosYape.estado, 'en-curso'))),
    ),
  );
}

/** The customer's orders their next checkout replaces (their coupons' uses come back then). */
export async function replaceableOrderIds(db: Db, clienteId: number): Promise<number[]> {
  const rows = await db.select({ id: pedidos.id }).from(pedidos).where(replaceableOrders(db, clienteId));
  return rows.map((row) => row.id);
}

/** Whether the coupon is held only by an order the customer's next checkout replaces (it comes back then). */
export async function heldByReplaceable(db: Db, clienteId: number, cuponUsuarioId: number): Promise<boolean> {
  const [held] = await db
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(and(eq(pedidos.cuponUsuarioId, cuponUsuarioId), replaceableOrders(db, clienteId)))
    .limit(1);
  return Boolean(held);
}

/** Pickup at a named point (fixed address and hours) or province delivery to the destination sent. */
function deliveryFor(body: Preferencia, puntos: readonly PuntoRecojoAjuste[]): Entrega {
  const metodo = body.metadata.metodo_envio;
  const punto = puntos.find((p) => p.metodo === metodo);
  if (punto)
    return { recojo: true, metodo, direccion: punto.direccion, instrucciones: punto.instrucciones, horario: punto.horario, destino: null };
  if (metodo !== ENVIO_PROVINCIA)
    throw clientError(400, 'El método de envío no es válido. Elige un punto de recojo o el envío a provincia.');
  const destino = body.destino;
  if (!destino)
    throw clientError(400, 'Completa los datos de envío (destino): departamento, provincia, distrito y dirección con referencia.');
  return {
    recojo: false,
    metodo,
    direccion: [destino.direccion, destino.distrito, destino.provincia, destino.departamento].join(', '),
    instrucciones: `Referencia: ${destino.referencia}`,
    horario: '',
    destino,
  };
}

/** The district's tariff in soles; a district the shop does not know is a 400. */
async function tariffFor(db: Db, destino: Destino): Promise<number> {
  const [row] = await db
    .select({ tarifa: distritos.tarifa })
    .from(distritos)
    .innerJoin(provincias, eq(distritos.provinciaId, provincias.id))
    .innerJoin(departamentos, eq(provincias.departamentoId, departamentos.id))
    .where(
      and(
        eq(departamentos.busqueda, searchKey(destino.departamento)),
        eq(provincias.busqueda, searchKey(destino.provincia)),
        eq(distritos.busqueda, searchKey(destino.distrito)),
      ),
    )
    .limit(1);
  if (!row)
    throw clientError(
      400,
      `No realizamos envíos a ${destino.distrito} (${destino.provincia}, ${destino.departamento}). Revisa el distrito elegido.`,
    );
  return Number(row.tarifa);
}

/** The quote as the API sends it, in soles. */
export function quoteToWire({ lineas, cotizacion, cupon, entrega }: PedidoCotizado): CotizacionServidor {
  return {
    productos: lineas.map(({ producto, linea, cotizada }) => ({
      id: producto.idProducto,
      nombre: producto.nombre,
      img: linea.img,
      selectedColor: linea.selectedColor,
      selectedSize: linea.selectedSize,
      cantidad: linea.cantidad,
      precio_unitario: toSoles(cotizada.unitario),
      precio_con_descuento: toSoles(cotizada.conDescuento),
      precio: toSoles(cotizada.cobrado),
      stock: producto.stock,
    })),
    subtotal: toSoles(cotizacion.subtotal),
    descuento: toSoles(cotizacion.descuento),
    envio: toSoles(cotizacion.envio),
    total: toSoles(cotizacion.total),
    envioGratis: cotizacion.envioGratis,
    cupon: cupon
      ? { codigo: cupon.codigo, porcentaje: cupon.porcentaje, tipo: cupon.tipo, ...(cupon.monto > 0 ? { monto: cupon.monto } : {}) }
      : null,
    metodo_envio: entrega.metodo,
    direccion: entrega.direccion,
  };
}

/**
 * Whether the client's figures are the server's: every line's charged unit price, the discount, the
 * shipping and the total it claims. Any difference means the shopper saw other prices than these.
 */
export function sameFigures(body: Preferencia, { lineas, cotizacion }: PedidoCotizado): boolean {
  const same = (claimed: number | undefined, centimos: number) => claimed === undefined || toCentimos(claimed) === centimos;
  return (
    body.cart.every((line, index) => toCentimos(line.precio) === lineas[index]!.cotizada.cobrado) &&
    same(body.descuento, cotizacion.descuento) &&
    same(body.metadata.costo_envio, cotizacion.envio) &&
    same(body.total, cotizacion.total) &&
    (body.comision === undefined || body.comision === 0)
  );
}
