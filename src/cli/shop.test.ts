import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ShopCliDeps } from './deps.ts';
import { cliSettings, parseEstado, runShop, USO } from './shop.ts';

/** Runs the command with captured output; `fetch` fails the test unless a case passes its own. */
async function run(args: string[], deps: Partial<ShopCliDeps> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const fetch = async () => {
    throw new Error('no debería llamar a la tienda');
  };
  const code = await runShop(args, {
    fetch,
    baseUrl: 'http://localhost:4321',
    token: 'un-token-de-operador',
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    ...deps,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run shop', () => {
  it('reads the states as an operator types them', () => {
    expect(parseEstado('en transito')).toBe('EN TRANSITO');
    expect(parseEstado('EN TRÁNSITO')).toBe('EN TRANSITO');
    expect(parseEstado('listo-para-recoger')).toBe('LISTO PARA RECOGER');
    expect(parseEstado('En_Preparación')).toBe('EN PREPARACION');
    expect(parseEstado(' cancelado ')).toBe('CANCELADO');
    expect(parseEstado('enviado')).toBeUndefined();
  });

  it('finds the shop in SHOP_URL or on PORT, and its token in SHOP_ADMIN_TOKEN or the data folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kbeauty-cli-'));
    try {
      const tokenFile = join(dir, 'operador.token');
      expect(cliSettings({ DATA_DIR: dir })).toEqual({ baseUrl: 'http://localhost:4321', token: undefined, tokenFile });
      writeFileSync(tokenFile, 'desde-el-archivo\n');
      expect(cliSettings({ DATA_DIR: dir, PORT: '8080' })).toEqual({
        baseUrl: 'http://localhost:8080',
        token: 'desde-el-archivo',
        tokenFile,
      });
      expect(cliSettings({ DATA_DIR: dir, SHOP_URL: 'https://tienda.example.pe/', SHOP_ADMIN_TOKEN: ' del-entorno ' })).toEqual({
        baseUrl: 'https://tienda.example.pe',
        token: 'del-entorno',
        tokenFile,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints its usage for --help, and refuses unknown commands, options and states with exit code 1', async () => {
    expect(await run(['--help'])).toEqual({ code: 0, out: USO, err: '' });
    expect(await run([])).toEqual({ code: 1, out: '', err: USO });
    expect(await run(['borrar'])).toMatchObject({ code: 1, err: expect.stringMatching(/^Comando desconocido: borrar\./) });
    expect(await run(['pedidos', '--color', 'rojo'])).toMatchObject({ code: 1, err: expect.stringMatching(/^Argumentos no válidos:/) });
    expect(await run(['pedido', 'doce'])).toMatchObject({
      code: 1,
      err: 'Indica el número de pedido, por ejemplo: npm run shop -- pedido 12',
    });
    expect(await run(['pedido', '12', 'enviado'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^"enviado" no es un estado\. Estados: PENDIENTE, /),
    });
  });

  it('sends the operator token and the move to the operator API', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const fetch = async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return Response.json({ mensaje: 'Pedido N.° 12: pasó a CANCELADO.' });
    };
    expect(await run(['pedido', 'N.°12', 'cancelado', '--nota', 'Lo pidió el cliente.'], { fetch })).toEqual({
      code: 0,
      out: 'Pedido N.° 12: pasó a CANCELADO.',
      err: '',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://localhost:4321/admin/api/pedidos/12/estado');
    expect(calls[0]!.init).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer un-token-de-operador' } });
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ estado: 'CANCELADO', nota: 'Lo pidió el cliente.' });
  });

  it('says to start the shop when it is not running, and where to find a token when there is none', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const down = await run(['pedidos'], { fetch: (url, init) => fetch(url, init), baseUrl: `http://127.0.0.1:${port}` });
    expect(down).toEqual({
      code: 1,
      out: '',
      err: `No se pudo conectar con la tienda en http://127.0.0.1:${port}. ¿Está en marcha? Iníciala con \`npm start\` (o indica dónde está con SHOP_URL).`,
    });
    expect(await run(['pedidos'], { token: undefined, tokenFile: '/srv/tienda/operador.token' })).toMatchObject({
      code: 1,
      err: 'No hay token de operador: define SHOP_ADMIN_TOKEN, o inicia la tienda en esta máquina con `npm start` para que escriba /srv/tienda/operador.token.',
    });
  });
});
