import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config as netlifyApiFunction } from '../../netlify/functions/api.ts';
import { API_PATH_PATTERN, isApiPath, netlifyApiPaths, withoutPrettyUrlRetry } from './api-paths.ts';
import { createApp } from './app.ts';
import { openDatabase, type Database } from './db/client.ts';

/** Pages of the storefront, including ones that share a first segment with the API. */
const PAGES = [
  '/',
  '/carrito',
  '/carrito/',
  '/cuenta',
  '/mis-pedidos',
  '/procesoDePago',
  '/producto/7-serum-glow',
  '/marcas',
  '/marcas/COSRX',
  '/categoria/Cabello',
  '/Serúm',
  '/search',
  '/success',
  '/version.json',
  '/_astro/index.js',
  '/pagefind/pagefind.js',
  '/webhooks',
  '/administrar',
  '/loginx',
  '/health/x',
];

/** A concrete request path for a route pattern: parameters and wildcards filled in. */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z_]+(\{[^}]*\})?\??/g, '7').replace(/\*/g, 'x');

/** Whether one of the Netlify function's paths (URLPattern syntax, as Netlify matches them) takes `path`. */
const netlifyRoutes = (path: string) =>
  netlifyApiFunction.path.some((pattern) => new URLPattern({ pathname: pattern }).test({ pathname: path }));

describe('the one list of API paths', () => {
  let database: Database;
  let routes: string[];
  beforeAll(async () => {
    database = await openDatabase();
    // The test-mode payment routes are mounted too: the test mode is on by default on localhost (MP_TEST_MODE).
    const app = createApp({ db: database.db });
    // Middleware registered with use('*') shows up as ALL …/*; every route below it is listed on its own.
    routes = [...new Set(app.routes.filter((route) => !(route.method === 'ALL' && route.path.endsWith('*'))).map((route) => route.path))];
  });
  afterAll(() => database?.close());

  it('has no route ending as a page does, so the Netlify function may drop the endings of the local server’s retries', () => {
    for (const route of routes) expect([route, withoutPrettyUrlRetry(concrete(route))]).toEqual([route, concrete(route)]);
    for (const ending of ['.html', '.htm', '/index.html', '/index.htm'])
      expect(withoutPrettyUrlRetry(`/api/detalle-pedido/7${ending}`)).toBe('/api/detalle-pedido/7');
    expect(withoutPrettyUrlRetry('/imagenes/abc.jpg')).toBe('/imagenes/abc.jpg');
  });

  it('covers every route the Hono app mounts, for the Node server, the dev proxy and Netlify', () => {
    expect(routes).toContain('/webhooks/mercadopago');
    expect(routes).toContain('/carrito/prueba/:preferenceId/pagar');
    expect(routes.length).toBeGreaterThan(40);
    const proxy = new RegExp(API_PATH_PATTERN.source);
    for (const route of routes) {
      const path = concrete(route);
      expect(isApiPath(path), path).toBe(true);
      expect(proxy.test(`${path}?a=1`), `${path}?a=1`).toBe(true);
      expect(netlifyRoutes(path), path).toBe(true);
    }
  });

  it('leaves the storefront’s pages to the static site', () => {
    for (const page of PAGES) expect(isApiPath(page), page).toBe(false);
    // On Netlify /carrito/ matches /carrito/*, and preferStatic serves the built page first.
    expect(netlifyApiFunction.preferStatic).toBe(true);
    for (const page of PAGES.filter((page) => page !== '/carrito/')) expect(netlifyRoutes(page), page).toBe(false);
  });

  it('gives the Netlify function exactly the list’s paths', () => {
    expect(netlifyApiFunction.path).toEqual(netlifyApiPaths());
  });
});
