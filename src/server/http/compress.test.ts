import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressOnTheFly } from './compress.ts';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, by the weights the client gives', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0.4, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('br;q=nonsense')).toBeUndefined();
  });
});

describe('compressOnTheFly', () => {
  const app = new Hono();
  app.use('*', compressOnTheFly());
  const big = JSON.stringify({ mensaje: 'Producto agotado. '.repeat(200) });
  app.get('/json', (c) => c.json(JSON.parse(big)));
  app.get('/etag', (c) => c.body(big, 200, { 'Content-Type': 'application/json', ETag: '"v1"' }));
  app.get('/small', (c) => c.body('{"ok":true}', 200, { 'Content-Type': 'application/json', 'Content-Length': '11' }));
  app.get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  app.get('/no-transform', (c) => c.body(big, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-transform' }));
  app.get('/encoded', (c) => c.body(big, 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'br' }));

  it('sends JSON in brotli that decodes to the same body, with a weak ETag', async () => {
    const res = await app.request('/json', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(big);
    const tagged = await app.request('/etag', { headers: { 'Accept-Encoding': 'br' } });
    expect(tagged.headers.get('ETag')).toBe('W/"v1"');
  });

  it('leaves small, incompressible, no-transform and already-encoded bodies alone', async () => {
    for (const path of ['/small', '/png', '/no-transform', '/encoded']) {
      const res = await app.request(path, { headers: { 'Accept-Encoding': 'br' } });
      expect(res.headers.get('Content-Encoding'), path).toBe(path === '/encoded' ? 'br' : null);
    }
  });
});
