import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import handleOnNetlify, { createHandler } from '../../netlify/functions/api.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { trabajos } from '../../src/server/db/schema/index.ts';
import { MENSAJE_SIN_BASE_DE_DATOS } from '../../src/server/http/errors.ts';
import { runBackgroundOnce } from '../../src/server/services.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, placeOrder, plainProducts, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';

describeEachDatabase('the Netlify function', (target) => {
  let shop: TestShop;
  const hookCalls: string[] = [];
  const hook = createServer((req, res) => {
    hookCalls.push(`${req.method} ${req.url}`);
    res.writeHead(200).end();
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const buildHookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/tienda`;
    shop = await openShop(target, { config: { adminToken: TOKEN, buildHookUrl, reconstruccionEsperaSegundos: 60 } });
  });
  afterAll(async () => {
    hook.close();
    await shop?.close();
  });

  it('answers a web Request: the catalogue, and a protected call without a token, with the API’s own headers', async () => {
    const handle = createHandler(shop.database.db, { config: shop.services.config });
    const listprod = await handle(new Request('https://kbeauty.example/web/listprod'));
    expect(listprod.status).toBe(200);
    expect(((await listprod.json()) as Producto[]).length).toBeGreaterThan(100);
    // Netlify's [[headers]] never reach a function's response: these come from the app.
    expect(listprod.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(listprod.headers.get('Content-Security-Policy')).toContain("default-src 'none'");

    const pedidos = await handle(new Request('https://kbeauty.example/web/ListPedidos/1'));
    expect(pedidos.status).toBe(401);
    expect(pedidos.headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('answers Netlify’s local retries of a 404 or 403 (…/7.html, …/7/index.htm) as the first request', async () => {
    // netlify serve retries a function's 404 or 403 at the page endings; the client gets the last answer.
    const handle = createHandler(shop.database.db, { config: shop.services.config });
    const owner = await shop.customer('retry-owner');
    const other = await shop.customer('retry-other');
    const { idVenta } = await placeOrder(shop, owner, plainProducts(await shop.catalogue())[0]!);
    const asOther = (path: string) =>
      handle(new Request(`https://kbeauty.example${path}`, { headers: { Authorization: `Bearer ${other.token}` } }));
    for (const [path, status] of [
      [`/api/detalle-pedido/${idVenta}`, 404],
      [`/web/clientes/${owner.id}`, 403],
    ] as const) {
      const first = await asOther(path);
      expect(first.status, path).toBe(status);
      const body = await first.json();
      for (const ending of ['.html', '.htm', '/index.html', '/index.htm']) {
        const retry = await asOther(`${path}${ending}`);
        expect([`${path}${ending}`, retry.status, await retry.json()]).toEqual([`${path}${ending}`, status, body]);
      }
    }
  });

  it('answers 503 with the API’s message while it has no database to open', async () => {
    vi.stubEnv('DATABASE_URL', '');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await handleOnNetlify(new Request('https://kbeauty.example/web/listprod'));
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ mensaje: MENSAJE_SIN_BASE_DE_DATOS });
      expect(res.headers.get('Retry-After')).toBe('5');
      expect(console.error).toHaveBeenCalledWith(expect.stringContaining('DATABASE_URL es obligatorio en Netlify'));
    } finally {
      vi.unstubAllEnvs();
      vi.restoreAllMocks();
    }
  });

  it('asks for one rebuild after a burst of the operator’s catalogue changes, a delay later', async () => {
    const rebuildRows = () => shop.database.db.select().from(trabajos).where(eq(trabajos.tipo, 'reconstruir-sitio'));
    const products = plainProducts(await shop.catalogue()).slice(0, 3);
    const orders = [];
    for (const [index, producto] of products.entries())
      orders.push(await placeOrder(shop, await shop.customer(`reconstruye${index}`), producto, { cantidad: 2 }));
    // Customers' orders move stock; only the operator's changes ask for a build.
    expect(await rebuildRows()).toEqual([]);

    const admin = (method: string, path: string, body?: unknown) => shop.call(method, path, { token: TOKEN, body });
    expect((await admin('GET', '/admin/api/pedidos')).status).toBe(200);
    // Cancelling gives units back to products still in stock: no page shows that, no build (issue 26, item 3).
    for (const order of orders)
      expect((await admin('POST', `/admin/api/pedidos/${order.idVenta}/estado`, { estado: 'CANCELADO' })).status).toBe(200);
    expect(await rebuildRows()).toEqual([]);
    // A burst of changes the pages show: prices, and a product selling out.
    for (const producto of products)
      expect((await admin('PATCH', `/admin/api/productos/${producto.idProducto}`, { precio: producto.precio + 1 })).status).toBe(200);
    expect((await admin('PATCH', `/admin/api/productos/${products[0]!.idProducto}`, { stock: 0 })).status).toBe(200);
    const [row, ...others] = await rebuildRows();
    expect(others).toEqual([]);
    expect(row!.terminado).toBeNull();
    expect(row!.ejecutarEn.getTime()).toBeGreaterThan(Date.now() + 30_000);

    await runBackgroundOnce(shop.services);
    expect(hookCalls).toEqual([]);
    await shop.database.db
      .update(trabajos)
      .set({ ejecutarEn: new Date(Date.now() - 1000) })
      .where(eq(trabajos.id, row!.id));
    await runBackgroundOnce(shop.services);
    await runBackgroundOnce(shop.services);
    expect(hookCalls).toEqual(['POST /build_hooks/tienda?trigger_title=Cambio+en+el+cat%C3%A1logo']);
  });
});
