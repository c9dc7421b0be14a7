import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';

/** Every call of the spec's API tables (storefront §7, checkout-orders-routine §3 and §6), as written there. */
const SPEC_CALLS = [
  'GET /web/listprod',
  'GET /web/detailprod/{id}',
  'GET /web/ListMarcas',
  'GET /web/ListChildCat/{subCategoryName}',
  'GET /web/searchCat/{categoria}',
  'GET /web/searchMar/{marca}',
  'GET /web/searchChild/{child}',
  'GET /web/navbar_superior',
  'GET /web/baners',
  'GET /web/popups',
  'GET /web/sociales',
  'GET /web/departamentos-tarifas',
  'GET /web/ciudades-tarifas/{department}',
  'GET /web/distritos-tarifas/{department}/{province}',
  'GET /web/ListTarifa/{PROVINCE}/{DISTRICT}',
  'GET /api/descuentos',
  'GET /api/descuento-usuario/{userId}',
  'POST /login',
  'POST /clientes/register',
  'GET /api/verificar-correo-o-usuario/{userOrEmail}',
  'POST /send-correoprueba',
  'POST /validar-codigo',
  'POST /cambiar-contrasena',
  'GET /web/clientes/{userId}',
  'PUT /web/clientes/{userId}',
  'POST /carrito/create-preference/{userId}',
  'GET /web/ListPedidos/{userId}',
  'GET /api/detalle-pedido/{idVenta_estado}',
  'GET /api/tipos-piel',
  'GET /api/grupos-edad',
  'GET /api/inquietudes-piel',
  'GET /api/categorias',
  'POST /api/filtrar-productos-piel',
  'POST /api/rutina-recomendada',
];

/** The same path with Hono's `:param` segments written as the spec's `{param}`, compared segment by segment. */
const samePath = (spec: string, route: string) => {
  const a = spec.split('/');
  const b = route.split('/');
  return a.length === b.length && a.every((part, i) => (part.startsWith('{') ? b[i]!.startsWith(':') : part === b[i]));
};

describe('the API mounts every call of the spec', () => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openDatabase();
    app = createApp({ db: database.db });
  });
  afterAll(() => database.close());

  it.each(SPEC_CALLS)('%s', (call) => {
    const [method, path] = call.split(' ') as [string, string];
    expect(app.routes.some((route) => route.method === method && samePath(path, route.path))).toBe(true);
  });
});
