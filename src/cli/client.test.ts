import { describe, expect, it } from 'vitest';
import { cliClient } from './client.ts';
import type { ShopCliDeps } from './deps.ts';
import { CliError } from './errors.ts';

/** The command line's client over answers given in turn (an Error is thrown as the transport would). */
function over(answers: (Response | Error)[], deps: Partial<ShopCliDeps> = {}) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetch: ShopCliDeps['fetch'] = async (url, init) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error('sin respuesta');
    if (next instanceof Error) throw next;
    return next;
  };
  return { calls, cliente: cliClient({ fetch, baseUrl: 'http://localhost:4321', token: 'un-token', operador: 'Ana', ...deps }) };
}

describe("npm run shop's operator client", () => {
  it("turns the API's refusals into the operator's messages, and says so when it said nothing", async () => {
    const { cliente, calls } = over([
      Response.json({ mensaje: 'No existe el pedido N.° 9.' }, { status: 404 }),
      new Response('<html>', { status: 503 }),
    ]);
    await expect(cliente.order(9)).rejects.toEqual(new CliError('No existe el pedido N.° 9.'));
    await expect(cliente.orders()).rejects.toEqual(new CliError('La tienda respondió 503 sin explicación.'));
    expect(calls.map((call) => [call.url, (call.init?.headers as Record<string, string>)['X-Operador']])).toEqual([
      ['http://localhost:4321/admin/api/pedidos/9', 'Ana'],
      ['http://localhost:4321/admin/api/pedidos', 'Ana'],
    ]);
  });

  it('says to start the shop when it does not answer, but keeps the in-process transport’s own failure', async () => {
    const propia = new CliError('No se pudo abrir la base de datos de .data/: bloqueada');
    const { cliente } = over([new TypeError('fetch failed'), propia]);
    await expect(cliente.coupons()).rejects.toEqual(
      new CliError(
        'No se pudo conectar con la tienda en http://localhost:4321. ¿Está en marcha? Iníciala con `npm start` (o indica dónde está con SHOP_URL).',
      ),
    );
    await expect(cliente.coupons()).rejects.toBe(propia);
  });

  it('asks for a token before any call, naming the file the shop writes it to', async () => {
    const { cliente, calls } = over([], { token: undefined, tokenFile: '/srv/tienda/operador.token' });
    await expect(cliente.resenas()).rejects.toEqual(
      new CliError(
        'No hay token de operador: define SHOP_ADMIN_TOKEN, o inicia la tienda en esta máquina con `npm start` para que escriba /srv/tienda/operador.token.',
      ),
    );
    expect(calls).toEqual([]);
  });
});
