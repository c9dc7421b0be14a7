import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { preferenciaSchema, type CotizacionServidor } from '../../src/lib/api/checkout-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { fechaLima } from '../../src/lib/dates.ts';
import { precioFinal } from '../../src/lib/pricing/product.ts';
import { quoteOrder, quoteToWire } from '../../src/server/checkout/quote.ts';
import { renovarDescuentosDelDia } from '../../src/server/catalogue/descuentos-del-dia.ts';
import { ListprodCache } from '../../src/server/catalogue/listprod-cache.ts';
import { catalogueVersion, dataVersion } from '../../src/server/catalogue/queries.ts';
import { catalogoEstado } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';
import { lineOf, newKey, openShop, plainProducts, preferenceBody, validBody, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-fechas-0123456789';
const DIA = 86_400_000;

describeEachDatabase("a product's discount dates, priced alike by the storefront and the checkout (issue 37)", (target) => {
  let shop: TestShop;
  /** A: 20 % from tomorrow; B: 10 % until yesterday; C: S/ 5 today only. */
  let a: Producto;
  let b: Producto;
  let c: Producto;
  const ahora = new Date();
  const hoy = fechaLima(ahora);
  const ayer = fechaLima(new Date(ahora.getTime() - DIA));
  const manana = fechaLima(new Date(ahora.getTime() + DIA));
  const pasado = fechaLima(new Date(ahora.getTime() + 2 * DIA));
  const json = async <T>(res: Promise<Response>) => (await (await res).json()) as T;
  const publicos = async () => new Map((await json<Producto[]>(shop.call('GET', '/web/listprod'))).map((p) => [p.idProducto, p]));

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN } });
    [a, b, c] = plainProducts(await shop.catalogue()).slice(0, 3) as [Producto, Producto, Producto];
    // The dates are the only thing stopping these discounts: set together through the bulk change.
    const res = await shop.call('POST', '/admin/api/productos/lote', {
      token: TOKEN,
      body: {
        simulacro: false,
        cambios: [
          { idProducto: a.idProducto, descuento: 20, descuentoDesde: manana },
          { idProducto: b.idProducto, descuento: 10, descuentoHasta: ayer },
          { idProducto: c.idProducto, descuentoN: 5, descuentoDesde: hoy, descuentoHasta: hoy },
        ],
      },
    });
    expect(res.status).toBe(200);
  });
  afterAll(() => shop?.close());

  it('every public call sends a discount only on its days', async () => {
    const lista = await publicos();
    expect([lista.get(a.idProducto)!.descuento, lista.get(b.idProducto)!.descuento, lista.get(c.idProducto)!.descuentoN]).toEqual([
      0, 0, 5,
    ]);
    const detalle = await json<{ mensaje: Producto[] }>(shop.call('GET', `/web/detailprod/${a.idProducto}`));
    expect(detalle.mensaje[0]!.descuento).toBe(0);
    const vivos = await json<Producto[]>(shop.call('GET', `/web/productos?ids=${a.idProducto},${b.idProducto},${c.idProducto}`));
    expect(vivos.map((p) => precioFinal(p))).toEqual([a.precio, b.precio, Math.round((c.precio - 5) * 100) / 100]);
    // The operator still sees the discount as set (it starts tomorrow).
    const operador = await json<{ producto: Producto }>(shop.call('GET', `/admin/api/productos/${a.idProducto}`, { token: TOKEN }));
    expect(operador.producto.descuento).toBe(20);
  });

  it('the checkout charges exactly what the storefront shows, and the order goes through at those prices', async () => {
    const lista = await publicos();
    const cliente = await shop.customer('fechas-descuento');
    const cuerpo = preferenceBody(
      cliente.id,
      [a, b, c].map((p) => lineOf(lista.get(p.idProducto)!)),
    );
    const cotizacion = await json<CotizacionServidor>(
      shop.call('POST', `/carrito/cotizar/${cliente.id}`, { token: cliente.token, body: cuerpo }),
    );
    expect(cotizacion.productos.map((l) => l.precio_con_descuento)).toEqual([a, b, c].map((p) => precioFinal(lista.get(p.idProducto)!)));
    const pedido = await shop.call('POST', `/carrito/create-preference/${cliente.id}`, {
      token: cliente.token,
      body: await validBody(shop, cliente, cuerpo),
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(pedido.status).toBe(200);

    // Tomorrow A's discount starts and C's has ended: the checkout prices for its own day, never from the client.
    const manana12 = new Date(`${manana}T17:00:00Z`);
    const precios = quoteToWire(
      await quoteOrder(shop.database.db, cliente.id, preferenciaSchema.parse(cuerpo), { unidadesPorProducto: 10, now: manana12 }),
    );
    expect(precios.productos.map((l) => l.precio_con_descuento)).toEqual([Math.round(a.precio * 80) / 100, b.precio, c.precio]);
    // And the API's in-memory list, asked on that day, says the same.
    const cache = new ListprodCache(shop.database.db, () => manana12);
    const deManana = (await cache.get()).byId;
    expect(deManana.get(a.idProducto)!.descuento).toBe(20);
    expect(deManana.get(c.idProducto)!.descuentoN).toBe(0);
  });

  it('moves the catalogue versions once on a day that starts or ends a discount, so the static pages are rebuilt', async () => {
    const { db } = shop.database;
    await db.update(catalogoEstado).set({ descuentosDia: null }).where(eq(catalogoEstado.id, 1));
    const version = await catalogueVersion(db);
    const datos = await dataVersion(db);
    // The first look ever: dated discounts exist, whatever the pages show is rebuilt once.
    expect(await renovarDescuentosDelDia(db, ahora)).toBe(true);
    expect(await renovarDescuentosDelDia(db, ahora)).toBe(false);
    // Tomorrow A starts and C ends; the day after, nothing moves; a run of missed days still compares the two ends.
    expect(await renovarDescuentosDelDia(db, new Date(`${manana}T05:30:00Z`))).toBe(true);
    expect(await renovarDescuentosDelDia(db, new Date(`${manana}T20:00:00Z`))).toBe(false);
    expect(await renovarDescuentosDelDia(db, new Date(`${pasado}T06:00:00Z`))).toBe(false);
    expect([await catalogueVersion(db), await dataVersion(db)]).toEqual([version + 2, datos + 2]);
    // The day the versions now reflect.
    const [estado] = await db.select({ dia: catalogoEstado.descuentosDia }).from(catalogoEstado);
    expect(estado!.dia).toBe(pasado);
  });
});
