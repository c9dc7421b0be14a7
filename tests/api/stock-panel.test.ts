import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClaveCreada } from '../../src/lib/api/backoffice-schemas.ts';
import type { PaginaStock } from '../../src/lib/api/stock-schemas.ts';
import { STOCK_PANEL } from '../../src/lib/tienda.ts';
import { avisosStock, productos } from '../../src/server/db/schema/index.ts';
import { serverConfig } from '../../src/server/config.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-stock-0123456789';

describeEachDatabase("the back office's Stock list (issue 36)", (target) => {
  let shop: TestShop;
  let ids: number[];
  const admin = (path: string, token = TOKEN) => shop.call('GET', `/admin/api${path}`, { token });
  const pagina = async (query: string, token = TOKEN) => {
    const res = await admin(`/productos${query}`, token);
    if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
    return (await res.json()) as PaginaStock;
  };
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
  let clave = 0;
  const esperando = (productoId: number, n: number, extra: { enviado?: Date; baja?: Date } = {}) =>
    shop.database.db.insert(avisosStock).values(
      Array.from({ length: n }, () => ({
        productoId,
        correo: `espera${++clave}@example.pe`,
        clave: String(clave).padStart(32, '0'),
        ...extra,
      })),
    );

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN, mesa: { ...serverConfig({}).mesa, stockBajo: 3 } } });
    // Every product well stocked and on sale, then a few set apart below.
    await shop.database.db.update(productos).set({ stock: 40, stockTotal: 40, visible: true });
    ids = (await shop.catalogue()).map((p) => p.idProducto).sort((a, b) => a - b);
    expect(ids.length).toBeGreaterThanOrEqual(8);
  });
  afterAll(() => shop?.close());

  it("lists sold-out products with the people waiting on 'Avísame', the most awaited first, and low stock the fewest first", async () => {
    const [a, b, c, oculto, ocultoSinAvisos, bajo1, bajo3, justoEncima] = ids as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (const id of [a, b, c, oculto, ocultoSinAvisos]) await shop.setStock(id, 0);
    await shop.database.db.execute(sql`UPDATE productos SET visible = false WHERE id IN (${oculto}, ${ocultoSinAvisos})`);
    await esperando(b, 3);
    await esperando(oculto, 1);
    // Already told, or unsubscribed: nobody waits any more.
    await esperando(c, 2, { enviado: new Date() });
    await esperando(c, 1, { baja: new Date() });
    await shop.setStock(bajo1, 1);
    await shop.setStock(bajo3, 3);
    await shop.setStock(justoEncima, 4);

    const agotados = await pagina('?stock=agotado');
    expect(agotados).toMatchObject({ filtro: 'agotado', umbral: 3, pagina: 1, porPagina: STOCK_PANEL.porPagina, total: 4 });
    // b (3 waiting), the hidden one someone waits for (1), then a and c by name (0); the hidden one nobody waits for is left out.
    expect(agotados.productos.map((p) => [p.idProducto, p.avisos])).toEqual([
      [b, 3],
      [oculto, 1],
      ...[a, c]
        .map((id) => agotados.productos.find((p) => p.idProducto === id)!)
        .sort((x, y) => (x.nombre < y.nombre ? -1 : x.nombre > y.nombre ? 1 : x.idProducto - y.idProducto))
        .map((p) => [p.idProducto, 0]),
    ]);
    const fila = agotados.productos.find((p) => p.idProducto === oculto)!;
    expect(fila).toMatchObject({ stock: 0, visible: false });
    expect(typeof fila.nombre).toBe('string');
    expect(typeof fila.marca).toBe('string');
    expect(fila.img).not.toContain(',');

    const bajos = await pagina('?stock=bajo');
    expect(bajos).toMatchObject({ filtro: 'bajo', umbral: 3, total: 2 });
    expect(bajos.productos.map((p) => [p.idProducto, p.stock])).toEqual([
      [bajo1, 1],
      [bajo3, 3],
    ]);

    // A sold-out product restocked leaves the list; one that drops to the threshold joins the low ones.
    await shop.setStock(b, 2);
    expect((await pagina('?stock=agotado')).productos.map((p) => p.idProducto)).not.toContain(b);
    expect((await pagina('?stock=bajo')).productos.map((p) => p.idProducto)).toEqual([bajo1, b, bajo3]);
    // A hidden product is not on sale: not 'low'.
    await shop.database.db.execute(sql`UPDATE productos SET visible = false WHERE id = ${bajo1}`);
    expect((await pagina('?stock=bajo')).productos.map((p) => p.idProducto)).toEqual([b, bajo3]);
  });

  it('pages without overlap', async () => {
    const agotar = ids.slice(0, STOCK_PANEL.porPagina + 5);
    await shop.database.db.execute(
      sql`UPDATE productos SET stock = 0, stock_total = 0, visible = true WHERE id IN ${sql.raw(`(${agotar.join(',')})`)}`,
    );
    const uno = await pagina('?stock=agotado&pagina=1');
    const dos = await pagina('?stock=agotado&pagina=2');
    const total = uno.total;
    expect(total).toBeGreaterThanOrEqual(agotar.length);
    expect(uno.productos).toHaveLength(Math.min(STOCK_PANEL.porPagina, total));
    expect(dos.productos).toHaveLength(Math.min(STOCK_PANEL.porPagina, total - STOCK_PANEL.porPagina));
    const vistos = [...uno.productos, ...dos.productos].map((p) => p.idProducto);
    expect(new Set(vistos).size).toBe(vistos.length);
    expect((await pagina('?stock=agotado&pagina=999')).productos).toEqual([]);
  });

  it('refuses a bad query with a Spanish 400, never a 500', async () => {
    const casos: [string, string][] = [
      ['', 'Indica stock=agotado o stock=bajo.'],
      ['?stock=todo', 'Indica stock=agotado o stock=bajo.'],
      ['?stock=AGOTADO', 'Indica stock=agotado o stock=bajo.'],
      ['?stock=bajo&pagina=0', `La página debe ser un número entero de 1 a ${STOCK_PANEL.paginaMaxima}.`],
      ['?stock=bajo&pagina=-1', `La página debe ser un número entero de 1 a ${STOCK_PANEL.paginaMaxima}.`],
      ['?stock=bajo&pagina=1.5', `La página debe ser un número entero de 1 a ${STOCK_PANEL.paginaMaxima}.`],
      ['?stock=bajo&pagina=99999999999', `La página debe ser un número entero de 1 a ${STOCK_PANEL.paginaMaxima}.`],
      ['?stock=bajo&pagina=abc', `La página debe ser un número entero de 1 a ${STOCK_PANEL.paginaMaxima}.`],
      ['?stock=bajo&orden=nombre', 'Filtro desconocido: orden. Se admiten: stock, pagina.'],
      ["?stock=bajo'%3B--", 'Indica stock=agotado o stock=bajo.'],
    ];
    for (const [query, esperado] of casos) {
      const res = await admin(`/productos${query}`);
      expect([query, res.status, await mensaje(res)]).toEqual([query, 400, esperado]);
    }
    // An empty page number is no page number: page 1.
    expect((await pagina('?stock=bajo&pagina=')).pagina).toBe(1);
  });

  it('answers staff (role personal) and nobody signed out; a product is still read by its reference', async () => {
    const res = await shop.call('POST', '/admin/api/claves', { token: TOKEN, body: { nombre: 'Tablet del almacén', rol: 'personal' } });
    const { secreto } = (await res.json()) as ClaveCreada;
    expect((await pagina('?stock=bajo', secreto)).filtro).toBe('bajo');
    expect((await shop.call('GET', '/admin/api/productos?stock=bajo')).status).toBe(401);
    expect((await admin(`/productos/${ids[0]}`)).status).toBe(200);
  });
});
