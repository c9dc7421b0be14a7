import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MovimientoStock, PaginaMovimientos } from '../../src/lib/api/cupones-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { pedidoLineas } from '../../src/server/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { describeEachDatabase } from './databases.ts';
import { entregar, operador, pedidoDe, pedidoPagado } from './dinero.ts';
import { openShop, plainProducts, type TestShop } from './shop.ts';

/**
 * The stock history (issue 37, item 5): every path that moves a product's web stock says why and who —
 * a checkout's reservation ('venta', the order), a cancellation giving units back ('cancelacion'), a
 * return ('devolucion'), the import ('importacion', its file), a person's PATCH ('manual', their reason) —
 * and GET /admin/api/productos/{ref}/movimientos pages it, newest first.
 */
describeEachDatabase('stock history', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let admin: Awaited<ReturnType<typeof operador>>;

  beforeAll(async () => {
    shop = await openShop(target);
    plain = plainProducts(await shop.catalogue()).sort((a, b) => a.precio - b.precio);
    admin = await operador(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const historial = async (ref: string | number, antes?: number) => {
    const res = await admin('GET', `/productos/${ref}/movimientos${antes ? `?antes=${antes}` : ''}`);
    expect(res.status).toBe(200);
    return (await res.json()) as PaginaMovimientos;
  };
  const ultimo = async (id: number): Promise<MovimientoStock> => (await historial(id)).movimientos[0]!;

  it('records a sale with its order, its cancellation, a manual change with its reason and a return', async () => {
    const p = plain[0]!;
    const antes = await shop.stockOf(p.idProducto);
    const { idVenta } = await pedidoDe(shop, [[p, 2]]);
    expect(await ultimo(p.idProducto)).toMatchObject({ motivo: 'venta', actor: 'Cliente', pedidoId: idVenta, antes, despues: antes - 2 });

    expect((await admin('POST', `/pedidos/${idVenta}/estado`, { estado: 'CANCELADO', nota: 'Pedido duplicado' })).status).toBe(200);
    expect(await ultimo(p.idProducto)).toMatchObject({ motivo: 'cancelacion', pedidoId: idVenta, antes: antes - 2, despues: antes });

    const patch = await admin('PATCH', `/productos/${p.idProducto}`, { stock: antes + 5, motivo: 'Llegó el pedido del proveedor' });
    expect(patch.status).toBe(200);
    const manual = await ultimo(p.idProducto);
    expect(manual).toMatchObject({ motivo: 'manual', nota: 'Llegó el pedido del proveedor', antes, despues: antes + 5, pedidoId: null });
    expect(manual.actor).toContain('token de operador');
    // A PATCH without a stock change records nothing, and a reason is optional.
    await admin('PATCH', `/productos/${p.idProducto}`, { precio: p.precio + 1, motivo: 'sin efecto' });
    expect((await ultimo(p.idProducto)).id).toBe(manual.id);
    await admin('PATCH', `/productos/${p.idProducto}`, { stock: antes + 4 });
    expect(await ultimo(p.idProducto)).toMatchObject({ motivo: 'manual', nota: '', despues: antes + 4 });
    const largo = await admin('PATCH', `/productos/${p.idProducto}`, { stock: 1, motivo: 'x'.repeat(301) });
    expect(largo.status).toBe(400);
    expect(((await largo.json()) as { mensaje: string }).mensaje).toBe('El motivo admite como máximo 300 caracteres.');

    // An order paid and delivered, then one unit returned to sell again.
    const q = plain[1]!;
    const pagado = await pedidoPagado(shop, [[q, 2]]);
    await entregar(shop, pagado.idVenta, true);
    const [linea] = await shop.database.db.select().from(pedidoLineas).where(eq(pedidoLineas.pedidoId, pagado.idVenta));
    const devolucion = await admin('POST', `/pedidos/${pagado.idVenta}/devolucion`, {
      motivo: 'Llegó con la caja abierta',
      lineas: [{ idProducto: q.idProducto, color: linea!.color, tamano: linea!.tamano, cantidad: 1, revendible: true }],
    });
    expect(devolucion.status, await devolucion.clone().text()).toBe(200);
    const vuelta = await ultimo(q.idProducto);
    expect(vuelta).toMatchObject({ motivo: 'devolucion', pedidoId: pagado.idVenta, nota: 'Llegó con la caja abierta' });
    expect(vuelta.despues - vuelta.antes).toBe(1);
  });

  it('records an import with its file, and pages the history newest first', async () => {
    const p = plain[2]!;
    const res = await admin('POST', '/importar', {
      filas: [{ fila: 2, valores: { idProducto: p.idProducto, stock: 7 } }],
      archivo: 'inventario-lunes.csv',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await ultimo(p.idProducto)).toMatchObject({ motivo: 'importacion', nota: 'archivo inventario-lunes.csv', despues: 7 });

    for (let i = 0; i < 25; i++) await admin('PATCH', `/productos/${p.idProducto}`, { stock: 100 + i, motivo: `conteo ${i}` });
    const primera = await historial(p.idProducto);
    expect(primera.movimientos).toHaveLength(20);
    expect(primera.movimientos[0]).toMatchObject({ nota: 'conteo 24', despues: 124 });
    expect(primera.siguiente).toBe(primera.movimientos.at(-1)!.id);
    const segunda = await historial(p.idProducto, primera.siguiente!);
    expect(segunda.movimientos[0]!.id).toBeLessThan(primera.movimientos.at(-1)!.id);
    expect(segunda.movimientos.map((m) => m.nota).slice(0, 5)).toEqual(['conteo 4', 'conteo 3', 'conteo 2', 'conteo 1', 'conteo 0']);
    expect(segunda.movimientos[5]).toMatchObject({ motivo: 'importacion' });

    expect((await admin('GET', '/productos/987654/movimientos')).status).toBe(404);
    const mala = await admin('GET', `/productos/${p.idProducto}/movimientos?antes=abc`);
    expect(mala.status).toBe(400);
    expect(((await mala.json()) as { mensaje: string }).mensaje).toBe('antes debe ser el id de un movimiento.');
  });
});
