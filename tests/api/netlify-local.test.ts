import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverConfig, pagoPruebaFromEnv, comprobantesFromEnv } from '../../src/server/config.ts';
import { startRefusal } from '../../src/server/config-check.ts';

/**
 * Netlify's local server (`netlify dev` sets NETLIFY_DEV=true; `npm run verify:netlify` sets it for
 * `netlify serve`) at an explicit http localhost SITE_URL is a developer's machine: the functions
 * follow `npm start`'s rules there. Anywhere else a function is on the public platform.
 */
describe('the pruebas in a Netlify function', () => {
  const LOCAL = { NETLIFY_DEV: 'true', SITE_URL: 'http://localhost:8888' };

  it('are on by default on Netlify’s local server, as on a developer’s machine', () => {
    expect(pagoPruebaFromEnv(LOCAL, { netlify: true })).toEqual({ enabled: true });
    expect(comprobantesFromEnv(LOCAL, { netlify: true })).toEqual({ proveedor: 'prueba' });
    expect(serverConfig(LOCAL, { netlify: true }).pagoPrueba).toBe(true);
    expect(startRefusal({ ...LOCAL, MP_TEST_MODE: 'true', RECEIPTS_TEST_MODE: 'true' }, { netlify: true })).toBeUndefined();
  });

  it.each([
    ['NETLIFY_DEV unset', { SITE_URL: 'http://localhost:8888' }],
    ['SITE_URL unset (localhost only by default)', { NETLIFY_DEV: 'true' }],
    ['an https SITE_URL', { NETLIFY_DEV: 'true', SITE_URL: 'https://localhost:8888' }],
    ['a public SITE_URL', { NETLIFY_DEV: 'true', SITE_URL: 'http://kbeauty.example' }],
    ['NETLIFY_DEV other than true', { NETLIFY_DEV: '1', SITE_URL: 'http://localhost:8888' }],
    ['CONTEXT=production', { ...LOCAL, CONTEXT: 'production' }],
    ['NODE_ENV=production', { ...LOCAL, NODE_ENV: 'production' }],
  ])('stay off with %s, and asked for, the function refuses to load', (_, env) => {
    expect(pagoPruebaFromEnv(env, { netlify: true }).enabled).toBe(false);
    expect(comprobantesFromEnv(env, { netlify: true }).proveedor).toBeNull();
    expect(startRefusal({ ...env, MP_TEST_MODE: 'true' }, { netlify: true })).toMatch(
      /MP_TEST_MODE=true no se permite|no arranca en producción/,
    );
  });
});

describe('the API function on Netlify’s local server', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('answers no request for a public host while a prueba is on', async () => {
    vi.stubEnv('NETLIFY_DEV', 'true');
    vi.stubEnv('SITE_URL', 'http://localhost:8888');
    vi.stubEnv('DATABASE_URL', '');
    const { default: handle } = await import('../../netlify/functions/api.ts');
    const res = await handle(new Request('https://kbeauty.example/web/listprod'));
    expect(res.status).toBe(503);
    expect(((await res.json()) as { mensaje: string }).mensaje).toMatch(/modo de prueba/);
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    // A local request goes on to the API (here without a database: its 503 says so).
    const local = await handle(new Request('http://localhost:8888/web/listprod'));
    expect(((await local.json()) as { mensaje: string }).mensaje).not.toMatch(/modo de prueba/);
  });
});
