import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { serverConfig } from '../config.ts';
import { createServices } from '../services.ts';
import { createShopServer } from './server.ts';

describe('the one-process shop server', () => {
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    database = await openDatabase();
    dir = mkdtempSync(join(tmpdir(), 'kbeauty-server-'));
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows a Spanish "preparing" page while there is no build yet', async () => {
    const shop = createShopServer({
      services: createServices({ db: database.db, config: serverConfig({}) }),
      distDir: join(dir, 'missing'),
    });
    const res = await shop.request('/');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('La tienda se está preparando');
  });

  it('routes API paths to the API and the rest to the built site', async () => {
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'Tónico'), { recursive: true });
    mkdirSync(join(dist, '_astro'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<h1>Inicio</h1>');
    writeFileSync(join(dist, 'Tónico', 'index.html'), '<h1>Tónico</h1>');
    writeFileSync(join(dist, '_astro', 'app.abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, '404.html'), '<h1>Página no encontrada</h1>');
    mkdirSync(join(dist, 'marcas', 'Rom&nd'), { recursive: true });
    writeFileSync(join(dist, 'marcas', 'Rom&nd', 'index.html'), '<h1>Rom&amp;nd</h1>');
    const shop = createShopServer({ services: createServices({ db: database.db, config: serverConfig({}) }), distDir: dist });

    const home = await shop.request('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toBe('<h1>Inicio</h1>');
    expect(home.headers.get('Cache-Control')).toContain('must-revalidate');

    const accented = await shop.request(`/${encodeURIComponent('Tónico')}`);
    expect(await accented.text()).toBe('<h1>Tónico</h1>');

    const brand = await shop.request('/marcas/Rom&nd');
    expect(brand.status).toBe(200);
    expect(await brand.text()).toBe('<h1>Rom&amp;nd</h1>');

    // The escaped spelling is sent to the page's own URL, as dist/_redirects does on Netlify.
    const escaped = await shop.request('/marcas/Rom%26nd?pagina=2');
    expect([escaped.status, escaped.headers.get('Location')]).toEqual([301, '/marcas/Rom&nd?pagina=2']);

    const asset = await shop.request('/_astro/app.abc123.js');
    expect(asset.headers.get('Cache-Control')).toContain('immutable');

    const missing = await shop.request('/no-existe');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Página no encontrada');

    const api = await shop.request('/web/detailprod/x');
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ mensaje: 'El id del producto debe ser un número entero positivo.' });

    const unknownApi = await shop.request('/web/nada');
    expect(unknownApi.status).toBe(404);
    expect(await unknownApi.json()).toEqual({ mensaje: 'Ruta no encontrada.' });
  });

  it("serves the back office's page for every path of its app that is no file, never for its API, never indexed", async () => {
    const dist = join(dir, 'dist-admin');
    mkdirSync(join(dist, 'admin'), { recursive: true });
    writeFileSync(join(dist, 'admin', 'index.html'), '<div id="app">Panel</div>');
    writeFileSync(join(dist, 'admin', 'robots.txt'), 'archivo');
    writeFileSync(join(dist, '404.html'), '<h1>Página no encontrada</h1>');
    const shop = createShopServer({ services: createServices({ db: database.db, config: serverConfig({}) }), distDir: dist });

    for (const path of ['/admin/', '/admin', '/admin/pedidos', '/admin/pedidos/7?x=1', '/admin/invitacion?token=abc', '/admin/cuenta/']) {
      const res = await shop.request(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(await res.text()).toBe('<div id="app">Panel</div>');
      expect(res.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
      // The site's one policy: scripts from the shop (and hashed inline ones), never eval nor unhashed inline code.
      const scripts = /script-src ([^;]*)/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1]?.split(' ');
      expect(scripts).toContain("'self'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts).not.toContain("'unsafe-inline'");
    }
    // A file under /admin is the file.
    expect(await (await shop.request('/admin/robots.txt')).text()).toBe('archivo');
    // The API's paths stay the API's: JSON refusals, never the page.
    const api = await shop.request('/admin/api/pedidos');
    expect(api.status).toBe(401);
    expect(api.headers.get('Content-Type')).toContain('application/json');
    // A path merely starting with the word is not the back office.
    expect((await shop.request('/administracion')).status).toBe(404);
    // A write to a page path is not answered with the page.
    expect((await shop.request('/admin/pedidos', { method: 'POST' })).status).toBe(404);
  });

  it('answers the 404 page for the back office paths of a build without it', async () => {
    const dist = join(dir, 'dist-sin-admin');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, '404.html'), '<h1>Página no encontrada</h1>');
    const shop = createShopServer({ services: createServices({ db: database.db, config: serverConfig({}) }), distDir: dist });
    const res = await shop.request('/admin/pedidos');
    expect(res.status).toBe(404);
  });

  it('serves the precompressed copy a browser accepts', async () => {
    const dist = join(dir, 'dist-gz');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), 'x'.repeat(2000));
    writeFileSync(join(dist, 'index.html.br'), 'BROTLI');
    const shop = createShopServer({ services: createServices({ db: database.db, config: serverConfig({}) }), distDir: dist });
    const res = await shop.request('/', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(await res.text()).toBe('BROTLI');
  });

  it('compresses as it sends a page the build did not precompress (product pages)', async () => {
    const dist = join(dir, 'dist-fly');
    mkdirSync(join(dist, 'producto', '7-serum'), { recursive: true });
    const html = `<!doctype html><p>${'Sérum '.repeat(1000)}</p>`;
    writeFileSync(join(dist, 'producto', '7-serum', 'index.html'), html);
    const shop = createShopServer({ services: createServices({ db: database.db, config: serverConfig({}) }), distDir: dist });
    const res = await shop.request('/producto/7-serum', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toContain('Accept-Encoding');
    expect(res.headers.get('Content-Length')).toBeNull();
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(html.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(html);

    // A client without brotli gets gzip; one that prefers gzip by weight gets it too; one that names neither, the page as it is.
    const gz = await shop.request('/producto/7-serum', { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
    const weighed = await shop.request('/producto/7-serum', { headers: { 'Accept-Encoding': 'br;q=0.5, gzip' } });
    expect(weighed.headers.get('Content-Encoding')).toBe('gzip');
    const plain = await shop.request('/producto/7-serum', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
    // HEAD is never compressed.
    const head = await shop.request('/producto/7-serum', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.headers.get('Content-Encoding')).toBeNull();
  });
});

describe('withLiteralSubDelims', () => {
  it('writes escaped sub-delimiters of the path literally, leaving the rest', async () => {
    const { withLiteralSubDelims } = await import('./server.ts');
    expect(new URL(withLiteralSubDelims(new Request('http://x/marcas/Rom%26nd')).url).pathname).toBe('/marcas/Rom&nd');
    expect(new URL(withLiteralSubDelims(new Request('http://x/marcas/Dr.%20Jart%2B')).url).pathname).toBe('/marcas/Dr.%20Jart+');
    const plain = new Request('http://x/T%C3%B3nico');
    expect(withLiteralSubDelims(plain)).toBe(plain);
  });
});
