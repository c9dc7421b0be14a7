import { createServer, type IncomingHttpHeaders } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSource } from './catalogue-source.ts';

describe("the build's catalogue over HTTP", () => {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify([{ ruta: req.url }]));
  });
  let port = 0;
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  it('asks a server on this machine for its answers uncompressed (the product list is not compressed for the build)', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const source = apiSource(`http://${host}:${port}/`);
      expect(await source.get('/web/listprod')).toEqual([{ ruta: '/web/listprod' }]);
      expect(seen.at(-1)?.['accept-encoding']).toBe('identity');
    }
  });

  it('reads a list answer an element at a time, as its body arrives', async () => {
    const source = apiSource(`http://127.0.0.1:${port}`);
    const elements: unknown[] = [];
    expect(await source.list('/web/listprod', (element, index) => elements.push([index, element]))).toBe(1);
    expect(elements).toEqual([[0, { ruta: '/web/listprod' }]]);
  });
});
