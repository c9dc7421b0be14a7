import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_RESENAS } from '../../src/demo/resenas.ts';
import { seedDemoCatalogue } from '../../src/demo/seed.ts';
import type { ResenasProducto, ResenasPublicadas } from '../../src/lib/api/resenas-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { createApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { clientes, pedidoLineas, pedidos, productos, resenas } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';

describeEachDatabase("the demo catalogue's published reseñas", (target) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const json = async <T>(path: string) => {
    const res = await app.request(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    database = await target.open();
    await seedDemoCatalogue(database.db);
    app = createApp({ db: database.db });
  });
  afterAll(() => database?.close());

  it("shows stars, averages and snippets on the reviewed products, each review proven by its buyer's delivered order", async () => {
    const esperadas = DEMO_RESENAS.flatMap((c) => c.resenas.map((r) => ({ ...r, compradora: c })));
    const filas = await database.db
      .select({
        resena: resenas,
        producto: productos.nombre,
        usuario: clientes.usuario,
        estadoPedido: pedidos.estado,
        pedidoCliente: pedidos.clienteId,
      })
      .from(resenas)
      .innerJoin(productos, eq(productos.id, resenas.productoId))
      .innerJoin(clientes, eq(clientes.id, resenas.clienteId))
      .innerJoin(pedidos, eq(pedidos.id, resenas.pedidoId));
    expect(filas).toHaveLength(esperadas.length);
    for (const fila of filas) {
      expect(fila.resena.estado).toBe('APROBADA');
      expect(fila.estadoPedido).toBe('ENTREGADO');
      expect(fila.pedidoCliente).toBe(fila.resena.clienteId);
      const [linea] = await database.db
        .select()
        .from(pedidoLineas)
        .where(and(eq(pedidoLineas.pedidoId, fila.resena.pedidoId), eq(pedidoLineas.productoId, fila.resena.productoId)));
      expect(linea, `${fila.producto}: la compra de ${fila.usuario}`).toBeDefined();
    }

    // The snail essence: 5, 5 and 4 stars.
    const listprod = await json<Producto[]>('/web/listprod');
    const caracol = listprod.find((p) => p.nombre === 'Esencia Advanced Snail 96 Mucin Power')!;
    expect(caracol).toMatchObject({ resenasCantidad: 3, resenasPromedio: 4.7 });
    const porProducto = new Map<string, number[]>();
    for (const e of esperadas) porProducto.set(e.producto, [...(porProducto.get(e.producto) ?? []), e.estrellas]);
    expect(porProducto.size).toBeGreaterThanOrEqual(4);
    for (const [nombre, estrellas] of porProducto) {
      const producto = listprod.find((p) => p.nombre === nombre)!;
      expect(producto.resenasCantidad, nombre).toBe(estrellas.length);
      expect(producto.resenasPromedio, nombre).toBe(Math.round((estrellas.reduce((a, b) => a + b, 0) / estrellas.length) * 10) / 10);
    }
    expect(listprod.filter((p) => p.resenasCantidad > 0)).toHaveLength(porProducto.size);

    const pagina = await json<ResenasProducto>(`/api/resenas/producto/${caracol.idProducto}`);
    expect(pagina.resenas.map((r) => r.autor).sort()).toEqual(['Andrea H.', 'Camila R.', 'Valeria Q.']);
    expect(pagina.resenas.every((r) => r.compraVerificada && r.texto.length > 40)).toBe(true);
    const snapshot = await json<ResenasPublicadas>('/api/resenas/publicadas');
    expect(snapshot.productos.map((p) => p.idProducto).sort((a, b) => a - b)).toEqual(
      listprod
        .filter((p) => p.resenasCantidad > 0)
        .map((p) => p.idProducto)
        .sort((a, b) => a - b),
    );

    // Nothing waits on the shop: no order in progress, no review to moderate, and no buyer can sign in.
    expect(await database.db.select().from(pedidos).where(eq(pedidos.estado, 'EN PREPARACION'))).toEqual([]);
    expect(await database.db.select().from(resenas).where(eq(resenas.estado, 'PENDIENTE'))).toEqual([]);
    const login = await app.request('/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: DEMO_RESENAS[0]!.usuario, password: 'demo-sin-contrasena' }),
    });
    expect(((await login.json()) as { id?: number }).id ?? 0).toBe(0);
  });
});
