import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../tests/fixtures/fetch.ts';
import { fieldsOf } from './checks.ts';
import { ApiError, NetworkError, refusal, request, send, serverMessage } from './request.ts';

const isNombre = fieldsOf<{ nombre: string }>({ nombre: 'string' });

/** A localStorage kept in memory. */
function stubStorage() {
  const map = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    key: (index: number) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  });
  return map;
}

afterEach(() => vi.unstubAllGlobals());

describe('request', () => {
  it('sends JSON with the bearer token and answers the checked JSON', async () => {
    const calls = stubFetch(json({ nombre: 'Ana' }));
    await expect(
      request('/web/x', { method: 'PUT', body: { a: 1 }, token: 'tok', headers: { 'Idempotency-Key': 'k' }, check: isNombre }),
    ).resolves.toEqual({ nombre: 'Ana' });
    expect(calls[0]).toMatchObject({ url: '/web/x', init: { method: 'PUT', body: '{"a":1}' } });
    expect(calls[0]!.init.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok',
      'Idempotency-Key': 'k',
    });
  });

  it("turns an error status into an ApiError with the API's mensaje, or a Spanish text of its own", async () => {
    stubFetch(
      json({ id: 0, mensaje: 'Usuario o contraseña incorrectos.' }, 401),
      new Response('<html>', { status: 503 }),
      json({ mensaje: '  ' }, 400),
    );
    const refused = await request('/login', { check: isNombre }).catch((error: unknown) => error);
    expect(refused).toEqual(new ApiError(401, 'Usuario o contraseña incorrectos.'));
    expect(refused).toMatchObject({
      status: 401,
      message: 'Usuario o contraseña incorrectos.',
      mensaje: 'Usuario o contraseña incorrectos.',
    });
    expect(serverMessage(refused)).toBe('Usuario o contraseña incorrectos.');

    const down = await request('/login', { check: isNombre }).catch((error: unknown) => error);
    expect(down).toMatchObject({ status: 503, message: 'La tienda no pudo atender la solicitud (error 503).' });
    expect(serverMessage(down)).toBeUndefined();
    expect(serverMessage(await request('/login', { check: isNombre }).catch((error: unknown) => error))).toBeUndefined();
  });

  it('turns a request without answer into a NetworkError, but leaves a cancelled one as it is', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const offline = await request('/web/x', { check: isNombre }).catch((error: unknown) => error);
    expect(offline).toBeInstanceOf(NetworkError);
    expect(offline).toMatchObject({ message: 'No se pudo conectar con la tienda. Revisa tu conexión e intenta nuevamente.' });
    expect(serverMessage(offline)).toBeUndefined();

    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('cancelada', 'AbortError');
    stubFetch(abort);
    await expect(request('/web/x', { check: isNombre, signal: controller.signal })).rejects.toBe(abort);
  });

  it('refuses an answer of the wrong shape, or no JSON, as a 502', async () => {
    stubFetch(json({ nombre: 3 }), new Response('hola'));
    await expect(request('/web/x', { check: isNombre })).rejects.toEqual(new ApiError(502));
    await expect(request('/web/x', { check: isNombre })).rejects.toMatchObject({ status: 502 });
  });

  it('serves a cached GET within its lifetime, stores even uncached ones, and never caches a customer call', async () => {
    const storage = stubStorage();
    const calls = stubFetch(json({ nombre: 'Ana' }), json({ nombre: 'Luz' }), json({ nombre: 'Eva' }), json({ nombre: 'Sol' }));
    expect(await request('/web/marcas', { check: isNombre, cacheMs: 60_000 })).toEqual({ nombre: 'Ana' });
    expect(await request('/web/marcas', { check: isNombre, cacheMs: 60_000 })).toEqual({ nombre: 'Ana' });
    expect(calls).toHaveLength(1);
    expect(await request('/web/marcas', { check: isNombre, cacheMs: 0 })).toEqual({ nombre: 'Luz' });
    expect(JSON.parse(storage.get('api:/web/marcas')!).data).toEqual({ nombre: 'Luz' });
    await request('/web/mio', { check: isNombre, cacheMs: 60_000, token: 'tok' });
    await request('/web/otro', { check: isNombre });
    expect([...storage.keys()]).toEqual(['api:/web/marcas']);
  });

  it('sends every verb, PATCH and DELETE included, to another base through another transport when asked', async () => {
    const global = stubFetch();
    const calls: { url: string; init: RequestInit }[] = [];
    const transport = async (url: string, init: RequestInit) => (calls.push({ url, init }), json({ nombre: 'Ana' }));
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      await request('/admin/api/x', {
        method,
        body: method === 'PATCH' ? { precio: 10 } : undefined,
        token: 'op',
        base: 'http://tienda.local',
        fetch: transport,
        check: isNombre,
      });
    }
    expect(global).toEqual([]);
    expect(calls.map(({ url, init }) => [init.method, url, init.body])).toEqual([
      ['GET', 'http://tienda.local/admin/api/x', undefined],
      ['POST', 'http://tienda.local/admin/api/x', undefined],
      ['PUT', 'http://tienda.local/admin/api/x', undefined],
      ['PATCH', 'http://tienda.local/admin/api/x', '{"precio":10}'],
      ['DELETE', 'http://tienda.local/admin/api/x', undefined],
    ]);
    expect(calls[3]!.init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer op' });
  });

  it('sends a call and answers the response as it came (a download), its refusal read as an ApiError', async () => {
    stubFetch(
      new Response('a,b', { headers: { 'Content-Type': 'text/csv' } }),
      json({ mensaje: 'Token de operador inválido.' }, 401),
      new TypeError('Failed to fetch'),
    );
    const csv = await send('/admin/api/reclamos.csv', { token: 'op' });
    expect(await csv.text()).toBe('a,b');
    expect(await refusal(await send('/admin/api/respaldo', {}))).toEqual(new ApiError(401, 'Token de operador inválido.'));
    await expect(send('/admin/api/respaldo', {})).rejects.toBeInstanceOf(NetworkError);
  });
});
