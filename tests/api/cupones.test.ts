import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CotizacionServidor, PreferenciaBody } from '../../src/lib/api/checkout-schemas.ts';
import type { CuponBackoffice, DetalleCupon, RespuestaCupon } from '../../src/lib/api/cupones-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { parseGlobalCoupons } from '../../src/lib/cart/coupons.ts';
import { lineFromProducto } from '../../src/lib/cart/lines.ts';
import { evaluateCoupon, MENSAJES_CUPON, todayInLima } from '../../src/lib/pricing/coupons.ts';
import { toSoles } from '../../src/lib/pricing/money.ts';
import { priceOrder } from '../../src/lib/pricing/order.ts';
import { pedidos } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';
import { operador, pedidoRow } from './dinero.ts';
import { lineOf, newKey, openShop, payDePrueba, plainProducts, preferenceBody, RECOJO, runJobsUntilIdle, type TestShop } from './shop.ts';

/**
 * Shop coupons of the back office (issue 37, item 6): a fixed amount with a minimum order, N uses in all
 * under concurrent checkouts, one use per customer, customers assigned, edit, pause and end, and each
 * coupon's uses and amount taken off counted from orders. The cart's path (GET /api/descuentos and the
 * shared pricing module) and the checkout's (the server's quote) price every order identically.
 */
describeEachDatabase('shop coupons', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let admin: Awaited<ReturnType<typeof operador>>;
  let n = 0;

  beforeAll(async () => {
    shop = await openShop(target);
    plain = plainProducts(await shop.catalogue()).sort((a, b) => a.precio - b.precio);
    admin = await operador(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const customer = () => shop.customer(`cupones${process.pid}x${++n}`);
  const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
  const crear = async (cupon: Record<string, unknown>) => {
    const res = await admin('POST', '/cupones', { fecha_inicio: '2020-01-01', fecha_fin: '2099-12-31', ...cupon });
    if (res.status !== 201) throw new Error(`No se creó el cupón: ${await res.text()}`);
    return (await json<RespuestaCupon>(res)).cupon;
  };
  const cotizar = (c: { id: number; token: string }, body: PreferenciaBody) =>
    shop.call('POST', `/carrito/cotizar/${c.id}`, { token: c.token, body });
  /** Prices the cart as the cart page does: the customer's coupon list and the shared pricing module. */
  async function comoElCarrito(c: { id: number; token: string }, cart: [Producto, number][], codigo: string) {
    const list = parseGlobalCoupons(await json(await shop.call('GET', '/api/descuentos', { token: c.token })));
    const lines = cart.map(([p, cantidad]) => lineFromProducto(p, { cantidad }));
    const result = evaluateCoupon(
      codigo,
      { userCoupon: null, globalCoupons: list },
      lines,
      (id) => cart.find(([p]) => p.idProducto === id)?.[0].idMarca,
      todayInLima(),
    );
    if (!result.ok) return { mensaje: result.mensaje };
    return { cotizacion: priceOrder(lines, { cupon: result.applied, metodo: RECOJO }) };
  }
  /** A checkout claiming the server's quote; answers the response. */
  async function comprar(c: { id: number; token: string }, cart: [Producto, number][], codigo: string) {
    const body = preferenceBody(
      c.id,
      cart.map(([p, cantidad]) => lineOf(p, cantidad)),
      { codigo },
    );
    const quote = await cotizar(c, body);
    if (quote.status !== 200) return quote;
    const q = await json<CotizacionServidor>(quote);
    const claimed = {
      ...body,
      cart: body.cart.map((line, i) => ({ ...line, precio: q.productos[i]!.precio })),
      descuento: q.descuento,
      total: q.total,
    };
    return shop.call('POST', `/carrito/create-preference/${c.id}`, {
      token: c.token,
      body: claimed,
      headers: { 'Idempotency-Key': newKey() },
    });
  }
  const mensaje = async (res: Response) => (await json<{ mensaje: string }>(res)).mensaje;

  it('prices a fixed amount with a minimum identically in the cart and at checkout, and refuses an order below the minimum', async () => {
    const [a, b] = [plain[0]!, plain[1]!];
    await crear({ codigo: 'MENOS20', tipo: 'monto', monto: 20, minimo: 30 });
    const ana = await customer();
    const cart: [Producto, number][] = [
      [a, 2],
      [b, 1],
    ];
    const subtotal = a.precio * 2 + b.precio;
    expect(subtotal).toBeGreaterThanOrEqual(30);

    const enCarrito = await comoElCarrito(ana, cart, 'menos20');
    const res = await cotizar(ana, preferenceBody(ana.id, [lineOf(a, 2), lineOf(b, 1)], { codigo: 'menos20' }));
    expect(res.status).toBe(200);
    const q = await json<CotizacionServidor>(res);
    expect(q.cupon).toEqual({ codigo: 'MENOS20', porcentaje: 0, tipo: 'tienda', monto: 20 });
    expect(q.descuento).toBe(20);
    expect(q.subtotal).toBe(toSoles(Math.round(subtotal * 100)));
    expect(q.total).toBe(toSoles(Math.round(subtotal * 100) - 2000));
    // The cart's own figures are the server's, line by line.
    expect(q.total).toBe(toSoles(enCarrito.cotizacion!.total));
    expect(q.productos.map((p) => p.precio)).toEqual(enCarrito.cotizacion!.lineas.map((l) => toSoles(l.cobrado)));

    const pedido = await comprar(ana, cart, 'MENOS20');
    expect(pedido.status).toBe(200);
    const row = await pedidoRow(shop, (await json<{ idVenta: number }>(pedido)).idVenta);
    expect(row).toMatchObject({ codigoDescuento: 'MENOS20', descuentoCupon: 2000, descuento: 2000, porcentajeDescuento: 0 });

    // Below the minimum: the same message in the cart and at checkout.
    const poco: [Producto, number][] = [[a, 1]];
    expect(a.precio).toBeLessThan(30);
    const esperado = MENSAJES_CUPON.minimo(30, toSoles(3000 - Math.round(a.precio * 100)));
    expect(await comoElCarrito(ana, poco, 'MENOS20')).toEqual({ mensaje: esperado });
    const bajo = await cotizar(ana, preferenceBody(ana.id, [lineOf(a, 1)], { codigo: 'MENOS20' }));
    expect(bajo.status).toBe(409);
    expect(await mensaje(bajo)).toBe(esperado);
  });

  it('never lets concurrent checkouts pass a coupon’s N uses; a cancelled order gives its use back', async () => {
    const p = plain[2]!;
    await crear({ codigo: 'TRES-USOS', descuento: 10, usos_maximos: 3 });
    const clientes = await Promise.all(Array.from({ length: 7 }, () => customer()));
    const respuestas = await Promise.all(clientes.map((c) => comprar(c, [[p, 1]], 'TRES-USOS')));
    const ok = respuestas.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    const rechazos = respuestas.filter((r) => r.status !== 200);
    for (const r of rechazos) {
      expect(r.status).toBe(409);
      expect(await mensaje(r)).toBe(MENSAJES_CUPON.agotado);
    }
    const usados = await shop.database.db.select().from(pedidos).where(eq(pedidos.codigoDescuento, 'TRES-USOS'));
    expect(usados).toHaveLength(3);

    const lista = async () =>
      (await json<{ cupones: CuponBackoffice[] }>(await admin('GET', '/cupones'))).cupones.find((c) => c.codigo === 'TRES-USOS')!;
    expect(await lista()).toMatchObject({ usos: 3, estado: 'agotado' });
    const otro = clientes[respuestas.findIndex((r) => r.status !== 200)]!;
    expect(await comoElCarrito(otro, [[p, 1]], 'TRES-USOS')).toEqual({ mensaje: MENSAJES_CUPON.agotado });
    // A client written from the spec alone takes the first coupon that is activo and not usado (storefront §7):
    // one whose uses are all taken says usado.
    const comoLaSpec = async () =>
      (
        await json<{ codigo: string; activo: boolean; usado: boolean }[]>(await shop.call('GET', '/api/descuentos', { token: otro.token }))
      ).find((c) => c.codigo === 'TRES-USOS');
    expect(await comoLaSpec()).toMatchObject({ activo: true, usado: true });

    // The shop cancels one unpaid order: its use comes back.
    const primero = await json<{ idVenta: number }>(ok[0]!);
    const cancel = await admin('POST', `/pedidos/${primero.idVenta}/estado`, { estado: 'CANCELADO' });
    expect(cancel.status).toBe(200);
    expect(await lista()).toMatchObject({ usos: 2, estado: 'vigente' });
    expect(await comoLaSpec()).toMatchObject({ activo: true, usado: false });
    expect((await comprar(otro, [[p, 1]], 'TRES-USOS')).status).toBe(200);
  });

  it('allows one use per customer, and only the customers it is assigned to', async () => {
    const p = plain[3]!;
    const [ana, beto, caro] = [await customer(), await customer(), await customer()];
    await crear({ codigo: 'SOLO-UNA', descuento: 15, uno_por_cliente: true });
    const primera = await comprar(ana, [[p, 1]], 'SOLO-UNA');
    expect(primera.status).toBe(200);
    const { idVenta } = await json<{ idVenta: number }>(primera);
    const pref = (await pedidoRow(shop, idVenta)).preferenciaId!;
    expect((await payDePrueba(shop, pref, 'approved')).status).toBe(200);
    await runJobsUntilIdle(shop);
    const otraVez = await comprar(ana, [[p, 1]], 'SOLO-UNA');
    expect(otraVez.status).toBe(409);
    expect(await mensaje(otraVez)).toBe('Cupón ya utilizado');
    expect(await comoElCarrito(ana, [[p, 1]], 'SOLO-UNA')).toEqual({ mensaje: 'Cupón ya utilizado' });
    expect((await comprar(beto, [[p, 1]], 'SOLO-UNA')).status).toBe(200);

    await crear({ codigo: 'VIP-CARO', descuento: 25, clientes: [caro.usuario, `${beto.usuario}@example.pe`] });
    const codigos = async (c: { token: string }) =>
      (await json<{ codigo: string }[]>(await shop.call('GET', '/api/descuentos', { token: c.token }))).map((x) => x.codigo);
    expect(await codigos(caro)).toContain('VIP-CARO');
    expect(await codigos(ana)).not.toContain('VIP-CARO');
    const ajena = await comprar(ana, [[p, 1]], 'VIP-CARO');
    expect(ajena.status).toBe(409);
    expect(await mensaje(ajena)).toBe('Código de descuento inválido');
    expect((await comprar(caro, [[p, 1]], 'VIP-CARO')).status).toBe(200);
    const detalle = await json<DetalleCupon>(await admin('GET', '/cupones/vip-caro'));
    expect(detalle.cupon.clientes.map((c) => c.correo).sort()).toEqual([`${beto.usuario}@example.pe`, `${caro.usuario}@example.pe`].sort());
    expect(detalle.pedidos).toHaveLength(1);
    expect(detalle.cupon).toMatchObject({ usos: 1, descontado: detalle.pedidos[0]!.descuento });

    const desconocido = await admin('POST', '/cupones', {
      codigo: 'NADIE',
      descuento: 5,
      fecha_inicio: '2020-01-01',
      fecha_fin: '2099-12-31',
      clientes: ['nadie@example.pe'],
    });
    expect(desconocido.status).toBe(400);
    expect(await mensaje(desconocido)).toBe('No existen estos clientes: nadie@example.pe (indica su id, correo o usuario).');
  });

  it('edits, pauses and ends a coupon, each change audited; refuses bad rules with Spanish messages', async () => {
    const p = plain[4]!;
    const ana = await customer();
    await crear({ codigo: 'EDITABLE', descuento: 10 });
    const editado = await admin('PUT', '/cupones/editable', {
      codigo: 'EDITABLE',
      tipo: 'monto',
      monto: 5,
      fecha_inicio: '2020-01-01',
      fecha_fin: '2099-12-31',
      usos_maximos: 10,
    });
    expect(editado.status).toBe(200);
    const { cupon, mensaje: texto } = await json<RespuestaCupon>(editado);
    expect(texto).toBe('Cupón EDITABLE guardado: S/ 5.00 del 2020-01-01 al 2099-12-31 (10 uso(s) en total) (vigente).');
    expect(cupon).toMatchObject({ tipo: 'monto', monto: 5, descuento: 0, usos_maximos: 10 });
    const auditoria = await json<{ entradas: { accion: string; antes: unknown; despues: unknown }[] }>(
      await admin('GET', '/auditoria?limite=1'),
    );
    expect(auditoria.entradas[0]).toMatchObject({
      accion: 'cupon.editar',
      antes: { tipo: 'porcentaje', descuento: 10, monto: 0, usos_maximos: null },
      despues: { tipo: 'monto', descuento: 0, monto: 5, usos_maximos: 10 },
    });
    const q = await json<CotizacionServidor>(await cotizar(ana, preferenceBody(ana.id, [lineOf(p, 1)], { codigo: 'EDITABLE' })));
    expect(q.descuento).toBe(5);

    expect((await admin('POST', '/cupones/EDITABLE/desactivar')).status).toBe(200);
    const pausado = await cotizar(ana, preferenceBody(ana.id, [lineOf(p, 1)], { codigo: 'EDITABLE' }));
    expect(pausado.status).toBe(409);
    expect((await admin('POST', '/cupones/EDITABLE/activar')).status).toBe(200);
    expect((await comprar(ana, [[p, 1]], 'EDITABLE')).status).toBe(200);

    const renombrar = await admin('PUT', '/cupones/EDITABLE', {
      codigo: 'OTRO',
      descuento: 5,
      fecha_inicio: '2020-01-01',
      fecha_fin: '2099-12-31',
    });
    expect(renombrar.status).toBe(409);
    expect(await mensaje(renombrar)).toBe('El cupón EDITABLE ya se usó en pedidos: su código no puede cambiar. Termínalo y crea otro.');

    const fin = await admin('POST', '/cupones/EDITABLE/terminar');
    expect(await mensaje(fin)).toBe('Cupón EDITABLE terminado: ya no se puede usar ni reanudar. Sus 1 uso(s) quedan en los pedidos.');
    expect((await json<RespuestaCupon>(await admin('GET', '/cupones/EDITABLE'))).cupon).toMatchObject({
      estado: 'terminado',
      usos: 1,
      descontado: 5,
    });
    const reanudar = await admin('POST', '/cupones/EDITABLE/activar');
    expect(reanudar.status).toBe(409);
    expect(await mensaje(reanudar)).toBe('El cupón EDITABLE está terminado: no se puede reanudar. Crea uno nuevo si lo necesitas.');
    expect((await cotizar(ana, preferenceBody(ana.id, [lineOf(p, 1)], { codigo: 'EDITABLE' }))).status).toBe(409);

    const base = { codigo: 'MALO', fecha_inicio: '2020-01-01', fecha_fin: '2099-12-31' };
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...base, tipo: 'monto' }, 'Indica el monto del descuento en soles, mayor que 0.'],
      [{ ...base }, 'Indica el descuento: un porcentaje mayor que 0 y de hasta 100.'],
      [{ ...base, tipo: 'monto', monto: 50, minimo: 30 }, 'El monto del descuento no puede ser mayor que el pedido mínimo.'],
      [{ ...base, descuento: 5, usos_maximos: 0 }, 'Los usos en total son al menos 1 (o déjalo vacío para no limitarlos).'],
      [{ ...base, tipo: 'regalo' }, "El tipo de cupón es 'porcentaje' o 'monto'."],
      [{ ...base, descuento: 5, monto: 1.234, tipo: 'monto' }, 'El monto del descuento admite como máximo 2 decimales.'],
    ];
    for (const [body, esperado] of refusals) {
      const res = await admin('POST', '/cupones', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await mensaje(res)).toBe(esperado);
    }
  });
});
