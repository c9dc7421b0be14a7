import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LoteDeshecho, PaginaLote, ResultadoLoteProductos, UltimoLote } from '../../src/lib/api/lote-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { catalogueVersion } from '../../src/server/catalogue/queries.ts';
import { auditoria, categorias, lotesProductos, marcas, movimientosStock, productos } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';
import { newKey, openShop, preferenceBody, lineOf, validBody, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-lotes-0123456789';
const N = 500;

describeEachDatabase('bulk changes of products (issue 37 item 3)', (target) => {
  let shop: TestShop;
  /** The 500 products of brand 'Marca Lote', by id. */
  let ids: number[];
  let marcaLote: number;
  let otraMarca: number;
  const admin = (method: string, path: string, body?: unknown) => shop.call(method, `/admin/api${path}`, { token: TOKEN, body });
  const lote = async (body: unknown) => {
    const res = await admin('POST', '/productos/lote', body);
    if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
    return (await res.json()) as ResultadoLoteProductos;
  };
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
  /** The batch fields of these products as stored, by id. */
  const valores = (lista: number[]) =>
    shop.database.db
      .select({
        id: productos.id,
        precio: productos.precio,
        descuento: productos.descuento,
        descuentoN: productos.descuentoN,
        descuentoDesde: productos.descuentoDesde,
        descuentoHasta: productos.descuentoHasta,
        stock: productos.stock,
        stockTotal: productos.stockTotal,
        visible: productos.visible,
        newores: productos.newores,
      })
      .from(productos)
      .where(inArray(productos.id, lista))
      .orderBy(asc(productos.id));
  const contar = async (tabla: typeof auditoria | typeof lotesProductos) =>
    (await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(tabla))[0]!.n;

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN } });
    const { db } = shop.database;
    const [categoria] = await db.select({ id: categorias.id }).from(categorias).limit(1);
    const [marca] = await db.insert(marcas).values({ nombre: 'Marca Lote' }).returning();
    const [otra] = await db.insert(marcas).values({ nombre: 'Otra Marca' }).returning();
    marcaLote = marca!.id;
    otraMarca = otra!.id;
    const nuevos = await db
      .insert(productos)
      .values(
        Array.from({ length: N }, (_, i) => ({
          nombre: `Producto de lote ${String(i + 1).padStart(3, '0')}`,
          sku: `LOTE-${i + 1}`,
          precio: 50 + (i % 40),
          stock: 10 + (i % 7),
          stockTotal: 20,
          marcaId: marcaLote,
          categoriaId: categoria!.id,
        })),
      )
      .returning({ id: productos.id });
    ids = nuevos.map((p) => p.id).sort((a, b) => a - b);
    await db.insert(productos).values(
      Array.from({ length: 5 }, (_, i) => ({
        nombre: `Producto de otra marca ${i + 1}`,
        precio: 30,
        stock: 5,
        stockTotal: 5,
        marcaId: otraMarca,
        categoriaId: categoria!.id,
      })),
    );
  }, 120_000);
  afterAll(() => shop?.close());

  it("previews '12 productos, 3 quedan agotados' with each product's before and after, and writes nothing", async () => {
    const antes = await valores(ids.slice(0, 12));
    const [auditorias, lotes] = [await contar(auditoria), await contar(lotesProductos)];
    const vista = await lote({
      simulacro: true,
      cambios: ids.slice(0, 12).map((idProducto, i) => (i < 3 ? { idProducto, stock: 0 } : { idProducto, precio: 99.9 })),
    });
    expect(vista.resumen).toBe('12 productos, 3 quedan agotados');
    expect(vista.mensaje).toBe('Vista previa: 12 productos, 3 quedan agotados. Aún no se guardó nada.');
    expect(vista.idLote).toBeNull();
    expect(vista.cambios[0]).toEqual({
      idProducto: ids[0],
      sku: 'LOTE-1',
      nombre: 'Producto de lote 001',
      antes: { stock: antes[0]!.stock },
      despues: { stock: 0 },
    });
    expect(vista.cambios[5]).toMatchObject({ antes: { precio: antes[5]!.precio }, despues: { precio: 99.9 } });
    expect(await valores(ids.slice(0, 12))).toEqual(antes);
    expect([await contar(auditoria), await contar(lotesProductos)]).toEqual([auditorias, lotes]);
  });

  it('reads a batch over the 64 KB of other calls (thousands of rows fit)', async () => {
    const cambios = ids.map((idProducto) => ({
      idProducto,
      precio: 99.9,
      descuento: 12.5,
      descuentoN: 0,
      descuentoDesde: '2026-12-01',
      descuentoHasta: '2026-12-31',
      visible: true,
      newores: 'Reestok',
    }));
    expect(JSON.stringify({ cambios, simulacro: true }).length).toBeGreaterThan(64 * 1024);
    expect((await lote({ simulacro: true, cambios })).productos).toBe(N);
  });

  it('applies 500 products in one transaction: one statement, each product audited, its stock moved as lote', async () => {
    const version = await catalogueVersion(shop.database.db);
    const antes = await valores(ids);
    const hecho = await lote({
      simulacro: false,
      cambios: ids.map((idProducto, i) => ({
        idProducto,
        precio: 80 + (i % 10),
        descuento: 10,
        descuentoHasta: '2026-12-31',
        stock: i % 50 === 0 ? 0 : 25,
        newores: 'Sale',
      })),
    });
    expect(hecho.resumen).toBe('500 productos, 10 quedan agotados');
    expect(hecho.idLote).toEqual(expect.any(Number));
    expect(hecho.mensaje).toBe(`Listo: 500 productos, 10 quedan agotados. Cambio en bloque N.° ${hecho.idLote}; puedes deshacerlo.`);
    const despues = await valores(ids);
    despues.forEach((fila, i) => {
      expect(fila).toEqual({
        id: ids[i],
        precio: 80 + (i % 10),
        descuento: 10,
        descuentoN: 0,
        descuentoDesde: null,
        descuentoHasta: '2026-12-31',
        stock: i % 50 === 0 ? 0 : 25,
        // stock_total follows the stock as in the product change: never below it.
        stockTotal: Math.max(i % 50 === 0 ? 0 : 25, antes[i]!.stockTotal),
        visible: true,
        newores: 'Sale',
      });
    });
    // One UPDATE for the whole batch: the catalogue's statement trigger moved the version once.
    expect(await catalogueVersion(shop.database.db)).toBe(version + 1);
    const entradas = await shop.database.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.accion, 'producto.lote'))
      .orderBy(asc(auditoria.id));
    expect(entradas).toHaveLength(N);
    expect(entradas[0]).toMatchObject({
      operador: 'token de operador',
      objetivo: `producto ${ids[0]} (LOTE-1)`,
      antes: { precio: antes[0]!.precio, descuento: 0, descuentoHasta: null, stock: antes[0]!.stock, newores: '' },
      despues: { precio: 80, descuento: 10, descuentoHasta: '2026-12-31', stock: 0, newores: 'Sale', lote: hecho.idLote },
    });
    const movimientos = await shop.database.db
      .select()
      .from(movimientosStock)
      .where(and(inArray(movimientosStock.productoId, ids), eq(movimientosStock.motivo, 'lote')));
    expect(movimientos).toHaveLength(N);
    expect(movimientos[0]).toMatchObject({ actor: 'token de operador', nota: expect.stringContaining(`N.° ${hecho.idLote}`) });
    const ultimo = (await (await admin('GET', '/productos/lote/ultimo')).json()) as UltimoLote;
    expect(ultimo.lote).toMatchObject({ idLote: hecho.idLote, productos: N, deshecho: null });
  });

  it('refuses the whole batch when one row is wrong, naming the row, with the product change’s message; nothing is written', async () => {
    const antes = await valores(ids);
    const [auditorias, lotes, version] = [await contar(auditoria), await contar(lotesProductos), await catalogueVersion(shop.database.db)];
    const cambios: Record<string, number>[] = ids.map((idProducto) => ({ idProducto, precio: 70, stock: 3 }));
    cambios[316] = { idProducto: ids[316]!, precio: 20, descuentoN: 25 };
    let res = await admin('POST', '/productos/lote', { simulacro: false, cambios });
    expect(res.status).toBe(400);
    expect(await res.clone().json()).toMatchObject({ fila: 317 });
    expect(await mensaje(res)).toBe(
      `Fila 317, producto ${ids[316]} (Producto de lote 317, SKU LOTE-317): El descuento en soles (S/ 25.00) debe ser menor que el precio (S/ 20.00).`,
    );
    const casos: [unknown, string][] = [
      [{ idProducto: ids[2], precio: -1 }, `Fila 3 (producto ${ids[2]}): El precio debe ser mayor que 0.`],
      [{ idProducto: ids[2], descuento: 120 }, `Fila 3 (producto ${ids[2]}): El descuento es un porcentaje de 0 a 99.`],
      [{ idProducto: ids[2], stock: 1.5 }, `Fila 3 (producto ${ids[2]}): El stock debe ser un número entero.`],
      [
        { idProducto: ids[2], newores: 'Oferta' },
        `Fila 3 (producto ${ids[2]}): newores debe estar vacío o ser Nuevo, Reestok, Preventa, Sale.`,
      ],
      [
        { idProducto: ids[2], descuentoHasta: '2026-02-30' },
        `Fila 3 (producto ${ids[2]}): La fecha de fin del descuento no es una fecha que exista.`,
      ],
      [
        { idProducto: ids[2], nombre: 'x' },
        `Fila 3 (producto ${ids[2]}): Campo desconocido: nombre. Se pueden cambiar precio, descuento, descuentoN, descuentoDesde, descuentoHasta, stock, visible, newores.`,
      ],
      [
        { idProducto: ids[2], descuentoDesde: '2026-12-31', descuentoHasta: '2026-12-01' },
        `Fila 3, producto ${ids[2]} (Producto de lote 003, SKU LOTE-3): La fecha de inicio del descuento (31/12/2026) no puede ser posterior a la de fin (01/12/2026).`,
      ],
      [{ idProducto: 99_999_999, precio: 10 }, 'Fila 3: no existe el producto 99999999.'],
      [{ idProducto: ids[0], precio: 10 }, `Fila 3: el producto ${ids[0]} ya está en la fila 1.`],
    ];
    for (const [fila, esperado] of casos) {
      res = await admin('POST', '/productos/lote', {
        simulacro: false,
        cambios: [{ idProducto: ids[0], precio: 60 }, { idProducto: ids[1], precio: 60 }, fila],
      });
      expect(res.status, esperado).toBe(400);
      expect(await mensaje(res)).toBe(esperado);
    }
    res = await admin('POST', '/productos/lote', { simulacro: false, cambios: [] });
    expect(await mensaje(res)).toBe('Indica al menos un producto que cambiar.');
    expect(await valores(ids)).toEqual(antes);
    expect([await contar(auditoria), await contar(lotesProductos), await catalogueVersion(shop.database.db)]).toEqual([
      auditorias,
      lotes,
      version,
    ]);
  });

  it('undoes the last batch exactly, once; an older batch waits for the newer; a product changed since refuses the undo', async () => {
    const ultimo = ((await (await admin('GET', '/productos/lote/ultimo')).json()) as UltimoLote).lote!;
    const antesDelLote = (await shop.database.db.select().from(lotesProductos).where(eq(lotesProductos.id, ultimo.idLote)))[0]!;
    // A newer batch on 3 products: the 500 one cannot be undone before it.
    const nuevo = await lote({ simulacro: false, cambios: ids.slice(0, 3).map((idProducto) => ({ idProducto, visible: false })) });
    let res = await admin('POST', `/productos/lote/${ultimo.idLote}/deshacer`);
    expect(res.status).toBe(409);
    expect(await mensaje(res)).toMatch(new RegExp(`^Solo se puede deshacer el último cambio en bloque: el N.° ${nuevo.idLote} \\(`));

    // One of the newer batch's products was shown again since (the one-product change): that undo is refused, naming it.
    res = await admin('PATCH', `/productos/${ids[1]}`, { visible: true });
    expect(res.status).toBe(200);
    const versionAntes = await catalogueVersion(shop.database.db);
    res = await admin('POST', `/productos/lote/${nuevo.idLote}/deshacer`);
    expect(res.status).toBe(409);
    expect(await mensaje(res)).toBe(
      `No se puede deshacer el cambio en bloque N.° ${nuevo.idLote}: un producto cambió después (producto ${ids[1]} (Producto de lote 002, SKU LOTE-2): visible oculto → visible). Corrígelos con un nuevo cambio.`,
    );
    expect((await valores(ids.slice(0, 3))).map((v) => v.visible)).toEqual([false, true, false]);
    expect(await catalogueVersion(shop.database.db)).toBe(versionAntes);
    // A sale meanwhile (stock, a field this batch left alone) does not stand in the way.
    await shop.database.db
      .update(productos)
      .set({ stock: sql`${productos.stock} - 1` })
      .where(eq(productos.id, ids[2]!));
    await admin('PATCH', `/productos/${ids[1]}`, { visible: false });
    res = await admin('POST', `/productos/lote/${nuevo.idLote}/deshacer`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as LoteDeshecho).mensaje).toBe(
      `Se deshizo el cambio en bloque N.° ${nuevo.idLote} (${nuevo.descripcion}): 3 productos volvieron a sus valores anteriores.`,
    );
    expect((await valores(ids.slice(0, 3))).map((v) => [v.visible, v.stock])).toEqual([
      [true, 0],
      [true, 25],
      [true, 24],
    ]);
    await shop.database.db.update(productos).set({ stock: 25 }).where(eq(productos.id, ids[2]!));

    // Now the 500 one: every product back to exactly what it was.
    res = await admin('POST', `/productos/lote/${ultimo.idLote}/deshacer`);
    expect(res.status).toBe(200);
    const despues = await valores(ids);
    for (const fila of antesDelLote.filas) {
      const actual = despues.find((v) => v.id === fila.idProducto)!;
      const { stock_total: stockTotal, ...antes } = fila.antes as Record<string, unknown>;
      expect(actual).toMatchObject({ ...antes, ...(stockTotal === undefined ? {} : { stockTotal }) });
    }
    expect(despues.every((v) => v.descuento === 0 && v.newores === '' && v.descuentoHasta === null)).toBe(true);
    const deshechos = await shop.database.db.select().from(auditoria).where(eq(auditoria.accion, 'producto.deshacer-lote'));
    expect(deshechos).toHaveLength(N + 3);
    const movimientos = await shop.database.db.select().from(movimientosStock).where(eq(movimientosStock.motivo, 'deshacer'));
    expect(movimientos.length).toBe(N);
    res = await admin('POST', `/productos/lote/${ultimo.idLote}/deshacer`);
    expect(res.status).toBe(409);
    expect(await mensaje(res)).toMatch(new RegExp(`^El cambio en bloque N.° ${ultimo.idLote} ya se deshizo`));
    expect((await admin('POST', '/productos/lote/999999/deshacer')).status).toBe(404);
  });

  it('changes by filter: Marca Lote −10 % until 31/12, previewed then applied, other brands untouched', async () => {
    const otros = await shop.database.db.select().from(productos).where(eq(productos.marcaId, otraMarca));
    const cuerpo = { filtro: { marca: String(marcaLote), q: '' }, descuento: 10, descuentoHasta: '2026-12-31' };
    let res = await admin('POST', '/productos/lote-filtro', { ...cuerpo, simulacro: true });
    expect(res.status).toBe(200);
    const vista = (await res.json()) as ResultadoLoteProductos;
    expect(vista.productos).toBe(N);
    expect(vista.descripcion).toBe('Marca Marca Lote: descuento 10 % hasta el 31/12/2026');
    expect(await contar(lotesProductos)).toBe(2);
    res = await admin('POST', '/productos/lote-filtro', { ...cuerpo, simulacro: false });
    const hecho = (await res.json()) as ResultadoLoteProductos;
    expect(hecho.idLote).toEqual(expect.any(Number));
    expect((await valores(ids)).every((v) => v.descuento === 10 && v.descuentoHasta === '2026-12-31')).toBe(true);
    expect(await shop.database.db.select().from(productos).where(eq(productos.marcaId, otraMarca))).toEqual(otros);

    // A price moved by a percent, to the céntimo: S/ 50.00 −12.5 % is S/ 43.75; S/ 89.00 +3 % is S/ 91.67.
    const precios = new Map((await valores(ids)).map((v) => [v.id, v.precio]));
    res = await admin('POST', '/productos/lote-filtro', { filtro: { marca: String(marcaLote) }, precioPorcentaje: -12.5, simulacro: true });
    const bajada = (await res.json()) as ResultadoLoteProductos;
    const a50 = bajada.cambios.find((c) => precios.get(c.idProducto) === 50)!;
    expect(a50.despues.precio).toBe(43.75);
    res = await admin('POST', '/productos/lote-filtro', { filtro: { marca: String(marcaLote) }, precioPorcentaje: 3, simulacro: true });
    const subida = (await res.json()) as ResultadoLoteProductos;
    expect(subida.cambios.find((c) => precios.get(c.idProducto) === 89)!.despues.precio).toBe(91.67);
    expect(subida.descripcion).toBe('Marca Marca Lote: precio +3 %');

    res = await admin('POST', '/productos/lote-filtro', { filtro: { q: 'no existe tal cosa' }, descuento: 5, simulacro: true });
    expect([res.status, await mensaje(res)]).toEqual([400, 'Ningún producto cumple el filtro: no hay nada que cambiar.']);
    res = await admin('POST', '/productos/lote-filtro', { filtro: { marca: String(marcaLote) }, simulacro: true });
    expect(await mensaje(res)).toBe('Indica qué cambiar: precioPorcentaje, descuento, descuentoN, sus fechas, visible o newores.');
    res = await admin('POST', '/productos/lote-filtro', { filtro: { color: 'rojo' }, descuento: 5, simulacro: true });
    expect(await mensaje(res)).toMatch(/^Filtro desconocido: color\./);
    res = await admin('POST', '/productos/lote-filtro', { filtro: {}, precioPorcentaje: -95, simulacro: true });
    expect(await mensaje(res)).toBe('El cambio de precio es un porcentaje de -90 a 300, distinto de 0.');
  });

  it("lists the grid's page: the filtered products with their discount dates as stored", async () => {
    const res = await admin('GET', `/productos/lote/filas?marca=${marcaLote}&pagina=2`);
    expect(res.status).toBe(200);
    const pagina = (await res.json()) as PaginaLote;
    expect(pagina).toMatchObject({ total: N, pagina: 2, porPagina: 50 });
    expect(pagina.productos[0]).toMatchObject({
      nombre: 'Producto de lote 051',
      sku: 'LOTE-51',
      marca: 'Marca Lote',
      descuento: 10,
      descuentoHasta: '2026-12-31',
      archivado: false,
    });
    expect((await admin('GET', '/productos/lote/filas?color=rojo')).status).toBe(400);
  });

  it('runs beside checkouts of the same product without losing or overselling a unit', async () => {
    const { db } = shop.database;
    const objetivo = ids[10]!;
    await db
      .update(productos)
      .set({ stock: 40, stockTotal: 40, precio: 60, descuento: 0, descuentoHasta: null, visible: true })
      .where(eq(productos.id, objetivo));
    const [producto] = (await (await shop.call('GET', `/web/detailprod/${objetivo}`)).json()).mensaje as Producto[];
    const clientes = await Promise.all(Array.from({ length: 6 }, (_, i) => shop.customer(`lote-concurrente-${i}`)));
    const cuerpos = await Promise.all(clientes.map((c) => validBody(shop, c, preferenceBody(c.id, [lineOf(producto!, 1)]))));
    const [loteRes, ...pedidos] = await Promise.all([
      admin('POST', '/productos/lote', { simulacro: false, cambios: ids.map((idProducto) => ({ idProducto, stock: 30 })) }),
      ...clientes.map((c, i) =>
        shop.call('POST', `/carrito/create-preference/${c.id}`, {
          token: c.token,
          body: cuerpos[i],
          headers: { 'Idempotency-Key': newKey() },
        }),
      ),
    ]);
    expect(loteRes.status).toBe(200);
    expect(pedidos.map((r) => r.status)).toEqual(Array(6).fill(200));
    // Whatever the order the database ran them in, the history is one unbroken chain ending at the stock there is:
    // the batch set 30 at its moment, and every sale after it took one unit from there.
    const historial = await db
      .select()
      .from(movimientosStock)
      .where(eq(movimientosStock.productoId, objetivo))
      .orderBy(asc(movimientosStock.id));
    const desdeLote = historial.slice(historial.findLastIndex((m) => m.motivo === 'lote'));
    expect(desdeLote[0]!.despues).toBe(30);
    for (let i = 1; i < historial.length; i++) expect(historial[i]!.antes).toBe(historial[i - 1]!.despues);
    // Each movement after the batch's is a sale of one unit (named 'venta' once the checkout gives its reason).
    const ventasTras = desdeLote.slice(1);
    expect(ventasTras.every((m) => m.antes - m.despues === 1)).toBe(true);
    expect(await shop.stockOf(objetivo)).toBe(30 - ventasTras.length);
    // The six sales are all there, before or after the batch: none lost, none counted twice.
    const ventas = historial.filter((m) => m.motivo !== 'lote' && m.antes - m.despues === 1);
    expect(ventas).toHaveLength(6);
  });
});
