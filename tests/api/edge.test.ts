import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITES } from '../../src/lib/tienda.ts';
import { serverConfig } from '../../src/server/config.ts';
import { createApp } from '../../src/server/app.ts';
import { BUILD_SCRIPTS_FILE } from '../../src/server/http/inline-scripts.ts';
import { API_CSP, HSTS } from '../../src/server/http/security-headers.ts';
import { createShopServer } from '../../src/server/node/server.ts';
import { describeEachDatabase } from './databases.ts';
import { lineOf, openShop, preferenceBody, type TestShop } from './shop.ts';

/** A body that streams `total` bytes in 16 KB chunks with no Content-Length, counting what was pulled. */
function chunkedBody(total: number) {
  const chunk = new Uint8Array(16 * 1024).fill(0x20);
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      state.pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, state };
}

const CONTROLES = ['\u0000', '\u0007', '\u001b', '\u007f'];

describeEachDatabase('the API edge', (target) => {
  let shop: TestShop;
  let ana: { id: number; token: string; usuario: string };

  beforeAll(async () => {
    shop = await openShop(target);
    ana = await shop.customer('anaborde');
  });
  afterAll(async () => {
    await shop?.close();
  });

  describe('body size limit (item 5)', () => {
    it('answers 413 with a Spanish mensaje to a body over the limit, on every route', async () => {
      const big = JSON.stringify({ user: 'x'.repeat(LIMITES.cuerpoMaximoBytes), password: 'secreta123' });
      for (const path of [
        '/login',
        '/clientes/register',
        '/carrito/cotizar/1',
        '/webhooks/mercadopago',
        '/admin/api/pedidos/1/estado',
        '/no-existe',
      ]) {
        const res = await shop.call('POST', path, { body: big });
        expect(res.status, path).toBe(413);
        expect(((await res.json()) as { mensaje: string }).mensaje).toMatch(/demasiado grande.*64 KB/);
      }
    });

    it('stops reading a 200 MB chunked body without Content-Length soon after the limit', async () => {
      const { stream, state } = chunkedBody(200 * 1024 * 1024);
      const res = await shop.app.request('/login', {
        method: 'POST',
        body: stream,
        headers: { 'Content-Type': 'application/json' },
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(state.pulled).toBeLessThan(1024 * 1024);
    });

    it('refuses at once a declared Content-Length over the limit', async () => {
      const { stream, state } = chunkedBody(200 * 1024 * 1024);
      const res = await shop.app.request('/login', {
        method: 'POST',
        body: stream,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(200 * 1024 * 1024) },
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(state.pulled).toBeLessThan(1024 * 1024);
    });

    it('still reads a body under the limit', async () => {
      const res = await shop.call('POST', '/login', { body: { user: ana.usuario, password: 'secreta123' } });
      expect(res.status).toBe(200);
    });

    it('leaves room for the largest cart an order may hold (50 lines)', async () => {
      const cart = (await shop.catalogue()).slice(0, LIMITES.lineasPorPedido).map((producto) => lineOf(producto));
      const body = preferenceBody(ana.id, cart);
      expect(JSON.stringify(body).length).toBeLessThan(LIMITES.cuerpoMaximoBytes / 2);
      const res = await shop.call('POST', `/carrito/cotizar/${ana.id}`, { token: ana.token, body });
      expect(res.status).toBe(200);
    });

    it('takes its size from BODY_LIMIT_BYTES', async () => {
      expect(serverConfig({ BODY_LIMIT_BYTES: '1024' }).cuerpoMaximoBytes).toBe(1024);
      const app = createApp({ services: { ...shop.services, config: { ...shop.services.config, cuerpoMaximoBytes: 1024 } } });
      const res = await app.request('/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ user: 'x'.repeat(2000), password: 'y' }),
      });
      expect(res.status).toBe(413);
    });
  });

  describe('bad input is a 400, never a 500 (item 6)', () => {
    it('PUT /web/clientes/{id} with nothing to update answers 400', async () => {
      for (const body of [{}, { correo: `${ana.usuario}@example.pe` }]) {
        const res = await shop.call('PUT', `/web/clientes/${ana.id}`, { token: ana.token, body });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ id: 0, mensaje: 'No hay datos para actualizar.' });
      }
    });

    it.each(CONTROLES.map((c) => [JSON.stringify(c), c]))(
      'a control character %s in login, register, recovery and profile fields answers a Spanish 400',
      async (_, control) => {
        const withControl = (value: string) => `${value.slice(0, 2)}${control}${value.slice(2)}`;
        const cases: [string, string, Record<string, unknown>, string?][] = [
          ['POST', '/login', { user: withControl(ana.usuario), password: 'secreta123' }],
          ['POST', '/login', { user: ana.usuario, password: withControl('secreta123') }],
          ...(['nombre', 'usuario', 'correo', 'password', 'telefono'] as const).map((campo): [string, string, Record<string, unknown>] => {
            const base: Record<string, string> = {
              nombre: 'Nora Nul',
              usuario: 'noranul',
              correo: 'nora@example.pe',
              password: 'secreta123',
              telefono: '987654321',
            };
            return ['POST', '/clientes/register', { ...base, [campo]: withControl(base[campo]!) }];
          }),
          ['POST', '/send-correoprueba', { correo: withControl(ana.usuario) }],
          ['POST', '/validar-codigo', { correo: withControl(ana.usuario), codigoIngresado: '123456' }],
          ['POST', '/validar-codigo', { correo: ana.usuario, codigoIngresado: withControl('123456') }],
          ['POST', '/cambiar-contrasena', { correo: withControl(ana.usuario), nuevaContrasena: 'otra-secreta' }],
          ...(['nombre', 'apellido', 'ciudad', 'direccion', 'telefono'] as const).map(
            (campo): [string, string, Record<string, unknown>, string] => [
              'PUT',
              `/web/clientes/${ana.id}`,
              { [campo]: withControl(campo === 'telefono' ? '987654321' : 'Texto válido') },
              ana.token,
            ],
          ),
          ['PUT', `/web/clientes/${ana.id}`, { docType: 'DNI', docNumber: withControl('12345678') }, ana.token],
        ];
        for (const [method, path, body, token] of cases) {
          const res = await shop.call(method, path, { body, token });
          expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
          const { mensaje } = (await res.json()) as { mensaje: string };
          expect(mensaje, path).toMatch(/[áéíóúñ]|no permitidos|debe|obligatori|válid/);
        }
      },
    );
  });

  it('a control character in a path or query answers a Spanish 400 (found by the fuzz test)', async () => {
    for (const url of ['/carrito/prueba/a%00b', '/web/searchMar/x%1Bz', '/api/verificar-correo-o-usuario/an%00a', '/web/listprod?q=%00']) {
      const res = await shop.call('GET', url);
      expect(res.status, url).toBe(400);
      expect(await res.json()).toEqual({ mensaje: 'La dirección de la solicitud contiene caracteres no permitidos.' });
    }
  });

  describe('security headers (item 9)', () => {
    it('API answers carry nosniff, a referrer policy and a CSP that frames nothing, without HSTS outside production', async () => {
      for (const res of [
        await shop.call('GET', '/web/listprod'),
        await shop.call('GET', '/no-existe'),
        await shop.call('POST', '/login', { body: '{' }),
      ]) {
        expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
        expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
        expect(res.headers.get('Content-Security-Policy')).toBe(API_CSP);
        expect(res.headers.get('Strict-Transport-Security')).toBeNull();
      }
    });

    it('in production the API adds HSTS', async () => {
      const app = createApp({ services: { ...shop.services, config: { ...shop.services.config, production: true } } });
      expect((await app.request('/web/version')).headers.get('Strict-Transport-Security')).toBe(HSTS);
    });

    it('the Node server sends the site CSP with the hashes of the scripts the build wrote, never of one a page merely holds, and the API’s own CSP', async () => {
      const dist = mkdtempSync(join(tmpdir(), 'kbeauty-csp-'));
      const hash = (script: string) => createHash('sha256').update(script).digest('base64');
      try {
        mkdirSync(join(dist, 'marcas'), { recursive: true });
        writeFileSync(join(dist, BUILD_SCRIPTS_FILE), JSON.stringify({ hashes: [hash('self.Astro=1'), hash('go()')] }));
        // A page that holds a script the build did not write (catalogue text that got through): the CSP does not allow it.
        writeFileSync(
          join(dist, 'index.html'),
          '<script>self.Astro=1</script><script type="application/ld+json">{}</script><h1>Inicio</h1><script>alert(1)</script>',
        );
        writeFileSync(join(dist, 'marcas', 'index.html'), '<script type="module">go()</script>');
        mkdirSync(join(dist, '_astro'));
        writeFileSync(join(dist, '_astro', 'isla.js'), 'export default 1;');
        writeFileSync(join(dist, '_astro', 'estilo.css'), 'body{}');
        writeFileSync(join(dist, 'icono.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
        const server = createShopServer({
          services: { ...shop.services, config: { ...shop.services.config, production: true } },
          distDir: dist,
        });
        const page = await server.request('/');
        const csp = page.headers.get('Content-Security-Policy') ?? '';
        for (const script of ['self.Astro=1', 'go()']) expect(csp).toContain(`'sha256-${hash(script)}'`);
        expect(csp).not.toContain(`'sha256-${hash('alert(1)')}'`);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain('frame-src https://www.openstreetmap.org');
        expect(page.headers.get('X-Content-Type-Options')).toBe('nosniff');
        expect(page.headers.get('Strict-Transport-Security')).toBe(HSTS);
        const api = await server.request('/web/version');
        expect(api.headers.get('Content-Security-Policy')).toBe(API_CSP);
        // Scripts and stylesheets run under their page's policy: they carry the other headers, not a policy of their own.
        for (const path of ['/_astro/isla.js', '/_astro/estilo.css']) {
          const asset = await server.request(path);
          expect(asset.status).toBe(200);
          expect(asset.headers.get('Content-Security-Policy')).toBeNull();
          expect(asset.headers.get('X-Content-Type-Options')).toBe('nosniff');
        }
        // An SVG opened on its own is a document: it keeps the policy.
        expect((await server.request('/icono.svg')).headers.get('Content-Security-Policy')).toContain("default-src 'self'");
      } finally {
        rmSync(dist, { recursive: true, force: true });
      }
    });
  });
});
