import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './databases.ts';
import { lineOf, openShop, preferenceBody, type TestShop } from './shop.ts';

/**
 * Property: whatever arrives in a route's path, query, headers and body, the API answers without a
 * 500. Routes come from the app itself (`app.routes`), so a new route is fuzzed without a list to keep.
 */

const RUNS = Number(process.env.FUZZ_RUNS) || 2000;

/** Texts that have broken servers before: control characters, escapes, huge numbers, SQL, unicode. */
const nasty = fc.constantFrom(
  '\u0000',
  '\u0007\u001b',
  'a\u0000b',
  '%',
  '%00',
  '%zz',
  '..',
  '../../etc',
  "' OR 1=1 --",
  '9'.repeat(30),
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  '😀',
  '\ud800',
  'Ñandú',
  ' ',
  '',
  'null',
  '{}',
  '[]',
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
const json = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: text },
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, [], {}),
);

/** Good bodies per route: the fuzzer mutates them, so requests also get past the first rule. */
function goodBodies(ana: { id: number; usuario: string }, producto: Parameters<typeof lineOf>[0]): Record<string, unknown> {
  return {
    'POST /login': { user: ana.usuario, password: 'secreta123' },
    'POST /clientes/register': {
      nombre: 'Fuzz Prueba',
      usuario: 'fuzzer',
      correo: 'fuzz@example.pe',
      password: 'secreta123',
      telefono: '987654321',
    },
    'POST /send-correoprueba': { correo: ana.usuario },
    'POST /validar-codigo': { correo: ana.usuario, codigoIngresado: '123456' },
    'POST /cambiar-contrasena': { correo: ana.usuario, nuevaContrasena: 'otra-secreta' },
    'PUT /web/clientes/:userId': { nombre: 'Ana', telefono: '987654321', direccion: 'Av. Larco 1', docType: 'DNI', docNumber: '12345678' },
    'POST /carrito/cotizar/:userId': preferenceBody(ana.id, [lineOf(producto)]),
    'POST /carrito/create-preference/:userId': preferenceBody(ana.id, [lineOf(producto)]),
    'POST /api/filtrar-productos-piel': { tipoPiel: 'Grasa', grupoEdad: '', inquietudPiel: '', alergias: 'alcohol', limit: 5 },
    'POST /api/rutina-recomendada': { tipoPiel: '', grupoEdad: '', inquietudPiel: '', alergias: [], pasosRutina: 3 },
    'POST /admin/api/pedidos/:idVenta/estado': { estado: 'CANCELADO', nota: 'fuzz' },
    'POST /webhooks/mercadopago': { type: 'payment', action: 'payment.updated', data: { id: '123' } },
    'POST /carrito/prueba/:preferenceId/pagar': { resultado: 'approved' },
    'POST /api/libro-reclamaciones': {
      tipo: 'reclamo',
      consumidor: {
        nombre: 'Ana Fuzz',
        documentoTipo: 'DNI',
        documentoNumero: '12345678',
        direccion: 'Av. Larco 123',
        telefono: '987654321',
        correo: 'fuzz@example.pe',
        menorDeEdad: true,
        apoderado: { nombre: 'Luis Fuzz', documentoTipo: 'PASAPORTE', documentoNumero: 'AB12345' },
      },
      bien: { tipo: 'producto', descripcion: 'Crema hidratante', pedido: 1 },
      monto: 49.9,
      detalle: 'El producto llegó abierto.',
      pedidoConsumidor: 'Cambio del producto.',
    },
    'POST /admin/api/reclamos/:numero/respuesta': { texto: 'Te devolvemos el importe de tu compra.' },
  };
}

/** The body with the value at a random path (any depth) replaced. */
function mutate(body: unknown, path: number[], value: unknown): unknown {
  if (path.length === 0 || body === null || typeof body !== 'object') return value;
  const keys = Object.keys(body);
  if (keys.length === 0) return value;
  const key = keys[path[0]! % keys.length]!;
  const copy: Record<string, unknown> = Array.isArray(body) ? ([...body] as unknown as Record<string, unknown>) : { ...body };
  copy[key] = path.length === 1 ? value : mutate(copy[key], path.slice(1), value);
  return copy;
}

const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, escaped as its (invalid) UTF-8 bytes
  }
};

describeEachDatabase('API fuzz', (target) => {
  let shop: TestShop;
  let ana: { id: number; token: string; usuario: string };
  let adminToken: string;
  let routes: { method: string; path: string }[];
  let goods: Record<string, unknown>;

  beforeAll(async () => {
    shop = await openShop(target);
    ana = await shop.customer('anafuzz');
    adminToken = (await shop.services.operatorToken()) ?? 'sin-token';
    routes = shop.app.routes.filter((route) => route.method !== 'ALL').map(({ method, path }) => ({ method, path }));
    const [producto] = await shop.catalogue();
    goods = goodBodies(ana, producto!);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('enumerates every route of the app', () => {
    expect(routes.length).toBeGreaterThanOrEqual(40);
  });

  it(`answers ${RUNS} random requests over every route's path, query, headers and body without a 500`, async () => {
    const failures: string[] = [];
    const request = fc.record({
      route: fc.nat(),
      params: fc.array(fc.oneof(fc.constant('own'), fc.nat({ max: 50 }).map(String), text), { minLength: 3, maxLength: 3 }),
      rawParam: fc.boolean(),
      query: fc.dictionary(fc.oneof(fc.constantFrom('page', 'limit', 'q', 'estado', 'id', 'sort', 'cantidad'), text), text, { maxKeys: 3 }),
      auth: fc.constantFrom('none', 'ana', 'admin', 'garbage'),
      body: fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), json)
            .map(([path, value]) => ({ kind: 'mutated' as const, path, value })),
        },
        { weight: 1, arbitrary: json.map((value) => ({ kind: 'json' as const, value })) },
        { weight: 1, arbitrary: text.map((value) => ({ kind: 'raw' as const, value })) },
        { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
      ),
      contentType: fc.constantFrom('application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded'),
      idempotencyKey: fc.option(text, { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const route = routes[r.route % routes.length]!;
        let i = 0;
        const path = route.path.replace(/:[A-Za-z]+/g, () => {
          const param = r.params[i++ % r.params.length]!;
          if (param === 'own') return String(ana.id);
          return r.rawParam ? param.replace(/[/?#]/g, '') || 'x' : encode(param);
        });
        const query = new URLSearchParams(r.query).toString();
        const url = `${path}${query ? `?${query}` : ''}`;
        const good = goods[`${route.method} ${route.path}`];
        const body =
          route.method === 'GET' || r.body.kind === 'none'
            ? undefined
            : r.body.kind === 'raw'
              ? r.body.value
              : JSON.stringify(r.body.kind === 'mutated' ? mutate(good ?? {}, r.body.path, r.body.value) : r.body.value);
        const headers: Record<string, string> = { 'Content-Type': r.contentType };
        if (r.auth === 'ana') headers.Authorization = `Bearer ${ana.token}`;
        if (r.auth === 'admin') headers.Authorization = `Bearer ${adminToken}`;
        if (r.auth === 'garbage') headers.Authorization = 'Bearer a.b.c';
        if (r.idempotencyKey !== undefined) headers['Idempotency-Key'] = encode(r.idempotencyKey);
        let res: Response;
        try {
          res = await shop.app.request(url, { method: route.method, headers, body });
        } catch (error) {
          // An URL the fetch API itself refuses never reaches a server.
          if (error instanceof TypeError) return;
          throw error;
        }
        if (res.status >= 500 && res.status !== 503)
          failures.push(`${route.method} ${url} ${body ?? ''} → ${res.status} ${await res.text()}`);
      }),
      { numRuns: RUNS },
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
