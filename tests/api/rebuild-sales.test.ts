import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Busqueda, Listado, Producto } from '../../src/lib/api/schemas.ts';
import { catalogueVersion, dataVersion } from '../../src/server/catalogue/queries.ts';
import { productos, trabajos } from '../../src/server/db/schema/index.ts';
import { checkDeployedVersion, type Comprobacion } from '../../src/server/jobs/rebuild.ts';
import { runBackgroundOnce } from '../../src/server/services.ts';
import { siteRefresher } from '../../src/site-builder/site-refresh.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, payDePrueba, placeOrder, plainProducts, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-reconstruccion-0123456789';

/**
 * No rebuild from a sale (issue 26, item 3): the static pages follow the catalogue's page version,
 * which a sale moves only when it sells a product out (or stock brings one back); the API's copies
 * follow the data version, which every sale moves. Builds are counted as calls to a stand-in for
 * Netlify's build hook, made by the shop's own machinery: the queue (the rebuild an operator's change
 * asks for) and the scheduled check against the deployed site's /version.json.
 */
describeEachDatabase('rebuilds from sales', (target) => {
  let shop: TestShop;
  let base: string;
  const hookCalls: string[] = [];
  /** The page version the deployed site's /version.json says it was built from. */
  let deployed: number | undefined;
  const netlify = createServer((req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/hook')) {
      hookCalls.push(new URL(req.url, 'http://x').searchParams.get('trigger_title') ?? '');
      res.writeHead(200).end();
    } else if (req.url === '/version.json' && deployed !== undefined) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ version: deployed }));
    } else res.writeHead(404).end();
  });

  const admin = (method: string, path: string, body?: unknown) => shop.call(method, path, { token: TOKEN, body });
  const json = async <T>(path: string) => (await shop.call('GET', path)).json() as Promise<T>;
  /** What a build reads (scripts/build.ts): the API's /web/version. */
  const pageVersion = async () => (await json<{ version: number }>('/web/version')).version;
  /** A hooked build finishes: the site now says the version it read. */
  const deploy = async () => {
    deployed = await pageVersion();
  };
  const checks: Comprobacion[] = [];
  /**
   * One turn of the shop's background work and of Netlify's scheduled check; a build the hook was
   * called for deploys at once (so the check's "a build may still be under way" window is 0 here).
   */
  const turn = async () => {
    const before = hookCalls.length;
    await runBackgroundOnce(shop.services);
    if (hookCalls.length > before) await deploy();
    checks.push(
      await checkDeployedVersion(shop.database.db, { siteUrl: base, hookUrl: `${base}/hook`, buildMinutes: 0, minIntervalSeconds: 0 }),
    );
    if (hookCalls.length > before) await deploy();
  };
  /** How many builds `change` led to, over two turns (a second build of the same change would show). */
  const buildsAfter = async (change: () => Promise<unknown>) => {
    const before = hookCalls.length;
    await change();
    await turn();
    await turn();
    return hookCalls.length - before;
  };
  const patch = async (id: number, body: Record<string, unknown>) =>
    expect((await admin('PATCH', `/admin/api/productos/${id}`, body)).status).toBe(200);
  const cancel = async (idVenta: number) =>
    expect((await admin('POST', `/admin/api/pedidos/${idVenta}/estado`, { estado: 'CANCELADO' })).status).toBe(200);
  const liveStock = async (id: number) => (await json<Producto[]>(`/web/productos?ids=${id}`))[0]!.stock;

  beforeAll(async () => {
    await new Promise<void>((resolve) => netlify.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(netlify.address() as AddressInfo).port}`;
    shop = await openShop(target, {
      config: { adminToken: TOKEN, buildHookUrl: `${base}/hook`, reconstruccionEsperaSegundos: 0, reconstruccionIntervaloSegundos: 0 },
    });
    await deploy();
  });
  afterAll(async () => {
    netlify.close();
    await shop?.close();
  });

  it('50 orders make 0 builds; one price change makes exactly 1', async () => {
    const products = plainProducts(await shop.catalogue()).slice(0, 5);
    for (const p of products) await shop.setStock(p.idProducto, 500);
    await turn();
    const built = hookCalls.length;
    const data = await dataVersion(shop.database.db);
    const customers = [];
    for (let i = 0; i < 5; i++) customers.push(await shop.customer(`venta${i}`));

    checks.length = 0;
    for (let n = 0; n < 50; n++) {
      const order = await placeOrder(shop, customers[n % 5]!, products[n % 5]!, { cantidad: 1 + (n % 3) });
      // 45 are paid; the operator cancels the last 5, whose units go back to products still in stock.
      if (n < 45) expect((await payDePrueba(shop, order.id, 'approved')).status).toBe(200);
      else await cancel(order.idVenta);
      await turn();
    }
    expect(hookCalls.length - built).toBe(0);
    expect(new Set(checks)).toEqual(new Set(['al-dia']));
    expect(await shop.database.db.select().from(trabajos).where(eq(trabajos.clave, 'reconstruir-sitio'))).toEqual([]);
    expect(await pageVersion()).toBe(deployed);
    // The orders did move the data: every reservation and every release.
    expect(await dataVersion(shop.database.db)).toBeGreaterThanOrEqual(data + 55);

    const [p] = products;
    expect(await buildsAfter(() => patch(p!.idProducto, { precio: p!.precio + 5 }))).toBe(1);
    expect(hookCalls.at(-1)).toBe('Cambio en el catálogo');
    expect(await pageVersion()).toBe(deployed);
    expect((await json<{ mensaje: Producto[] }>(`/web/detailprod/${p!.idProducto}`)).mensaje[0]!.precio).toBe(p!.precio + 5);
  });

  it('a sale that sells a product out rebuilds once, and so does the expired order that brings it back', async () => {
    const [p] = plainProducts(await shop.catalogue()).slice(5, 6);
    const id = p!.idProducto;
    await shop.setStock(id, 2);
    await turn();
    expect(await buildsAfter(async () => placeOrder(shop, await shop.customer('penultima'), p!))).toBe(0);
    expect(await liveStock(id)).toBe(1);
    expect(await buildsAfter(async () => placeOrder(shop, await shop.customer('ultima'), p!))).toBe(1);
    expect(hookCalls.at(-1)).toMatch(/^Catálogo \d+ \(publicado: \d+\)$/);
    expect(await liveStock(id)).toBe(0);

    // The reservations run out (no payment): the units come back to a sold-out product, a page changes.
    const expired = async () => {
      await runBackgroundOnce(shop.services, new Date(Date.now() + 10 * 24 * 3_600_000));
      expect(await shop.stockOf(id)).toBe(2);
    };
    expect(await buildsAfter(expired)).toBe(1);
  });

  it("the operator's stock command and cancellations rebuild only when a product sells out or comes back", async () => {
    const [p] = plainProducts(await shop.catalogue()).slice(6, 7);
    const id = p!.idProducto;
    expect(await buildsAfter(() => patch(id, { stock: 3 }))).toBe(0);
    expect(await buildsAfter(() => patch(id, { stock: 0 }))).toBe(1);
    expect(await buildsAfter(() => patch(id, { stock: 2 }))).toBe(1);

    const order = await placeOrder(shop, await shop.customer('ultimas'), p!, { cantidad: 2 });
    await turn();
    expect(await shop.stockOf(id)).toBe(0);
    // The operator cancels the order that sold it out: the rebuild it asks for is the only one.
    expect(await buildsAfter(() => cancel(order.idVenta))).toBe(1);
    expect(await shop.stockOf(id)).toBe(2);
  });

  it('the API answers the new stock right after an order, every cached call, while the page version stays', async () => {
    const [p] = plainProducts(await shop.catalogue()).slice(7, 8);
    const id = p!.idProducto;
    const stockIn = (list: Producto[]) => list.find((x) => x.idProducto === id)?.stock;
    const listings = {
      listprod: async () => stockIn(await json<Producto[]>('/web/listprod')),
      productos: () => liveStock(id),
      detailprod: async () => stockIn((await json<{ mensaje: Producto[] }>(`/web/detailprod/${id}`)).mensaje),
      searchMar: async () => stockIn((await json<Busqueda>(`/web/searchMar/${encodeURIComponent(p!.marca)}`)).mensaje),
      listado: async () =>
        stockIn((await json<Listado>(`/web/listado?tipo=marca&nombre=${encodeURIComponent(p!.marca)}&porPagina=100`)).mensaje),
    };
    const answers = async () =>
      Object.fromEntries(await Promise.all(Object.entries(listings).map(async ([call, read]) => [call, await read()])));
    const page = await pageVersion();
    // Twice: the second answers come from the caches.
    await answers();
    const before = await shop.stockOf(id);
    expect(await answers()).toEqual(Object.fromEntries(Object.keys(listings).map((call) => [call, before])));

    await placeOrder(shop, await shop.customer('fresco'), p!, { cantidad: 3 });
    expect(await answers()).toEqual(Object.fromEntries(Object.keys(listings).map((call) => [call, before - 3])));
    expect(await pageVersion()).toBe(page);
  });

  it('the triggers: one bump per statement; only a change a page shows, or a product selling out or coming back, moves the page version', async () => {
    const db = shop.database.db;
    const versions = async () => ({ page: await catalogueVersion(db), data: await dataVersion(db) });
    const moved = async (statement: ReturnType<typeof sql>) => {
      const before = await versions();
      await db.execute(statement);
      const after = await versions();
      return { page: after.page - before.page, data: after.data - before.data };
    };
    const inStock = (
      await db
        .select({ id: productos.id })
        .from(productos)
        .where(sql`${productos.stock} > 5`)
    ).length;
    expect(inStock).toBeGreaterThan(100);

    expect(await moved(sql`UPDATE productos SET stock = stock - 1, stock_total = stock_total + 1 WHERE stock > 5`)).toEqual({
      page: 0,
      data: 1,
    });
    expect(await moved(sql`UPDATE productos SET precio = precio, nombre = nombre WHERE stock > 5`)).toEqual({ page: 0, data: 1 });
    expect(await moved(sql`UPDATE productos SET precio = precio + 1 WHERE stock > 5`)).toEqual({ page: 1, data: 1 });
    expect(
      await moved(sql`UPDATE productos SET resenas_cantidad = resenas_cantidad + 1, resenas_suma = resenas_suma + 5 WHERE stock > 5`),
    ).toEqual({ page: 1, data: 1 });
    const [one] = await db
      .select({ id: productos.id })
      .from(productos)
      .where(sql`${productos.stock} > 5`)
      .limit(1);
    expect(await moved(sql`UPDATE productos SET stock = 0 WHERE stock > 5`)).toEqual({ page: 1, data: 1 });
    expect(await moved(sql`UPDATE productos SET stock = 0 WHERE id = ${one!.id}`)).toEqual({ page: 0, data: 1 });
    expect(await moved(sql`UPDATE productos SET stock = 4 WHERE id = ${one!.id}`)).toEqual({ page: 1, data: 1 });
    expect(await moved(sql`UPDATE productos SET stock = 4 WHERE false`)).toEqual({ page: 0, data: 1 });
    expect(await moved(sql`UPDATE marcas SET nombre = nombre`)).toEqual({ page: 1, data: 1 });
    const copy = sql`INSERT INTO productos (nombre, precio, marca_id, categoria_id, stock) SELECT 'Copia', precio, marca_id, categoria_id, 3 FROM productos WHERE id = ${one!.id}`;
    expect(await moved(copy)).toEqual({ page: 1, data: 1 });
    expect(await moved(sql`DELETE FROM productos WHERE nombre = 'Copia'`)).toEqual({ page: 1, data: 1 });
  });
});

/**
 * Nobody keeps the shop rebuilding (issue 34, item 6): one customer's checkouts alternately reserve a
 * product's last units (it sells out: the page version moves) and replace that order by another
 * (cancelled, the units come back: it moves again). Builds are counted on both deployments: `npm
 * start`'s loop (siteRefresher, on a clock of the test's) and Netlify's build hook (the queue and the
 * scheduled check, on the database's clock, moved back to let an interval pass).
 */
describeEachDatabase('rebuilds at most once a minimum interval', (target) => {
  const INTERVAL = 300;
  let shop: TestShop;
  let base: string;
  let deployed: number | undefined;
  const hookCalls: string[] = [];
  const netlify = createServer((req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/hook')) {
      hookCalls.push(new URL(req.url, 'http://x').searchParams.get('trigger_title') ?? '');
      res.writeHead(200).end();
    } else if (req.url === '/version.json' && deployed !== undefined) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ version: deployed }));
    } else res.writeHead(404).end();
  });
  /** npm start's loop: what it built, when, on the test's clock. */
  const local = { clock: Date.now(), built: undefined as number | undefined, builds: [] as number[] };
  let refresh: () => Promise<void>;

  /** One turn of Netlify's machinery (the queue, then the scheduled check); a hooked build deploys at once. */
  const netlifyTurn = async () => {
    const before = hookCalls.length;
    const deploy = async () => {
      if (hookCalls.length > before) deployed = await catalogueVersion(shop.database.db);
    };
    await runBackgroundOnce(shop.services);
    await deploy();
    const result = await checkDeployedVersion(shop.database.db, {
      siteUrl: base,
      hookUrl: `${base}/hook`,
      buildMinutes: 0,
      minIntervalSeconds: INTERVAL,
    });
    await deploy();
    return result;
  };
  /** Both deployments look at the catalogue, as their loops do every few seconds. */
  const look = async () => {
    await refresh();
    return netlifyTurn();
  };
  /** `seconds` pass: the test's clock for npm start, the rebuild row's times for Netlify. */
  const pass = async (seconds: number) => {
    local.clock += seconds * 1000;
    const back = sql`make_interval(secs => ${seconds})`;
    await shop.database.db.execute(
      sql`UPDATE trabajos SET terminado = terminado - ${back}, ejecutar_en = ejecutar_en - ${back} WHERE clave = 'reconstruir-sitio'`,
    );
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => netlify.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(netlify.address() as AddressInfo).port}`;
    shop = await openShop(target, {
      config: {
        adminToken: TOKEN,
        buildHookUrl: `${base}/hook`,
        reconstruccionEsperaSegundos: 0,
        reconstruccionIntervaloSegundos: INTERVAL,
      },
    });
    refresh = siteRefresher({
      distDir: 'no-se-usa',
      catalogueVersion: () => catalogueVersion(shop.database.db),
      isStale: (_dir, version) => local.built !== version,
      build: async (version) => {
        local.builds.push(version);
        local.built = version;
      },
      log: () => {},
      minIntervalMs: shop.services.config.reconstruccionIntervaloSegundos * 1000,
      now: () => local.clock,
    });
  });
  afterAll(async () => {
    netlify.close();
    await shop?.close();
  });

  it('20 sell-out and release toggles by one customer make one build on each deployment within the interval; the changes are built after it', async () => {
    const [p, q] = plainProducts(await shop.catalogue()).slice(10, 12);
    await shop.setStock(p!.idProducto, 2);
    // Both deployments are current (npm start built at start, Netlify has deployed) and no build is recent.
    local.built = await catalogueVersion(shop.database.db);
    deployed = local.built;
    expect(await look()).toBe('al-dia');

    const customer = await shop.customer('vaiven');
    const start = await catalogueVersion(shop.database.db);
    const checks = [];
    for (let toggle = 0; toggle < 20; toggle++) {
      // Even: the last 2 units, sold out. Odd: another order, which replaces (cancels) that one.
      await placeOrder(shop, customer, toggle % 2 === 0 ? p! : q!, { cantidad: toggle % 2 === 0 ? 2 : 1 });
      expect(await shop.stockOf(p!.idProducto)).toBe(toggle % 2 === 0 ? 0 : 2);
      checks.push(await look());
      await pass(5);
    }
    // Every toggle moved the page version; before this fix each was a build on each deployment.
    expect(await catalogueVersion(shop.database.db)).toBe(start + 20);
    expect(local.builds).toEqual([start + 1]);
    expect(hookCalls).toHaveLength(1);
    expect(checks[0]).toBe('solicitada');
    expect(new Set(checks.slice(1))).toEqual(new Set(['espera']));

    // The operator changes a price meanwhile: it waits for the interval too, then is built once.
    expect(
      (await shop.call('PATCH', `/admin/api/productos/${q!.idProducto}`, { token: TOKEN, body: { precio: q!.precio + 3 } })).status,
    ).toBe(200);
    const latest = await catalogueVersion(shop.database.db);
    expect(await look()).toBe('pendiente');
    expect(local.builds).toHaveLength(1);
    expect(hookCalls).toHaveLength(1);

    await pass(INTERVAL - 100 + 1);
    expect(await look()).toBe('al-dia');
    expect(local.builds).toEqual([start + 1, latest]);
    expect(hookCalls).toEqual(['Catálogo ' + (start + 1) + ' (publicado: ' + start + ')', 'Cambio en el catálogo']);
    expect(deployed).toBe(latest);
    // Nothing more to build: later looks build nothing.
    await pass(INTERVAL);
    expect(await look()).toBe('al-dia');
    expect(local.builds).toHaveLength(2);
    expect(hookCalls).toHaveLength(2);
  });

  it('a change after a quiet interval is built at once on both deployments', async () => {
    await pass(INTERVAL + 1);
    const before = { local: local.builds.length, hook: hookCalls.length };
    const [p] = plainProducts(await shop.catalogue()).slice(12, 13);
    expect(
      (await shop.call('PATCH', `/admin/api/productos/${p!.idProducto}`, { token: TOKEN, body: { precio: p!.precio + 2 } })).status,
    ).toBe(200);
    const version = await catalogueVersion(shop.database.db);
    expect(await look()).toBe('al-dia');
    expect(local.builds.slice(before.local)).toEqual([version]);
    expect(hookCalls.slice(before.hook)).toEqual(['Cambio en el catálogo']);
  });
});
