import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import { MENSAJES_RESENA, type ResenaCreada } from '../../src/lib/api/resenas-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { RESENAS } from '../../src/lib/tienda.ts';
import { serverConfig } from '../../src/server/config.ts';
import { describeEachDatabase } from './databases.ts';
import { lineOf, newKey, openShop, payDePrueba, plainProducts, preferenceBody, validBody, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';
const POR_CUENTA = 3;
/** A phone photo's body: ~7 MB of base64 declared up front. */
const DECLARADO = 7 * 1024 * 1024;
/** What the client sends of it before it waits for an answer. */
const PRIMEROS = 64 * 1024;
const RELLENO = Buffer.alloc(DECLARADO, 'A');

/**
 * Issue 34: a review's body (up to REVIEW_PHOTO_MAX_BYTES of photo) is read only after the customer's
 * token, her per-account limit and her being able to review something; anyone else is answered before
 * the body is sent. Over real sockets to the Node server `npm start` uses; the default photo limit
 * (12 MB) takes a phone's 8 MB photo.
 */
describeEachDatabase('a reseña body read only from a customer who may send it', (target) => {
  let shop: TestShop;
  let server: ReturnType<typeof serve>;
  let port = 0;
  let plain: Producto[];
  let n = 0;

  beforeAll(async () => {
    const base = serverConfig({});
    expect(base.resenas.fotoMaximaBytes).toBe(12 * 1024 * 1024);
    shop = await openShop(target, {
      config: { adminToken: TOKEN, rateLimits: { ...base.rateLimits, resenasPorCuenta: { max: POR_CUENTA, windowSeconds: 3600 } } },
    });
    plain = plainProducts(await shop.catalogue());
    server = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await shop?.close();
  });

  const comprador = async (p: Producto) => {
    const c = await shop.customer(`cuerpo${++n}`);
    const body = await validBody(shop, c, preferenceBody(c.id, [lineOf(p)]));
    const res = await shop.call('POST', `/carrito/create-preference/${c.id}`, {
      token: c.token,
      body,
      headers: { 'Idempotency-Key': newKey() },
    });
    const { id, idVenta } = (await res.json()) as PreferenciaCreada;
    expect((await payDePrueba(shop, id, 'approved')).status).toBe(200);
    for (const estado of ['LISTO PARA RECOGER', 'ENTREGADO'])
      expect((await shop.call('POST', `/admin/api/pedidos/${idVenta}/estado`, { token: TOKEN, body: { estado } })).status).toBe(200);
    return c;
  };

  /**
   * Sends a review's headers declaring `declarado` bytes, then `primeros` bytes of its body, and waits
   * for the answer without sending more (`resto`: then sends the rest anyway). The status and the bytes
   * of body sent when the answer came.
   */
  const enviar = (
    token: string,
    { declarado = DECLARADO, primeros = PRIMEROS, resto }: { declarado?: number; primeros?: number; resto?: Promise<void> } = {},
  ) =>
    new Promise<{ status: number; enviados: number; mensaje: string; cerrado?: Promise<void> }>((resolve, reject) => {
      const inicio = Buffer.from(
        `{"idProducto":${plain[0]!.idProducto},"estrellas":5,"titulo":"Me encantó","texto":"Deja la piel suave.","foto":"`,
      );
      // One buffer for every request: the client's own copies would hide what the server keeps.
      const relleno = RELLENO.subarray(0, declarado - inicio.length);
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.write(
          `POST /api/resenas HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAuthorization: Bearer ${token}\r\nContent-Length: ${declarado}\r\n\r\n`,
        );
        socket.write(inicio);
        socket.write(relleno.subarray(0, primeros - inicio.length));
      });
      const enviados = primeros;
      let respuesta = Buffer.alloc(0);
      let resultado: { status: number; enviados: number; mensaje: string } | undefined;
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`Sin respuesta tras enviar ${enviados} de ${declarado} bytes: el servidor espera el cuerpo entero.`));
      }, 10_000);
      socket.on('data', (chunk: Buffer) => {
        if (resultado) return;
        respuesta = Buffer.concat([respuesta, chunk]);
        const fin = respuesta.indexOf('\r\n\r\n');
        if (fin < 0) return;
        const cabeceras = respuesta.subarray(0, fin).toString('latin1');
        const largo = Number(/content-length: (\d+)/i.exec(cabeceras)?.[1] ?? 0);
        if (respuesta.length < fin + 4 + largo) return;
        clearTimeout(timer);
        const cuerpo = JSON.parse(respuesta.subarray(fin + 4, fin + 4 + largo).toString('utf8')) as { mensaje: string };
        resultado = { status: Number(cabeceras.slice(9, 12)), enviados, mensaje: cuerpo.mensaje };
        if (!resto) {
          socket.destroy();
          return resolve(resultado);
        }
        // Once `resto` says so, the rest of the body: the server discards it (or closes the connection), never keeps it.
        const cerrado = new Promise<void>((listo) => socket.on('close', () => listo()));
        void resto.then(() => socket.end(relleno.subarray(primeros - inicio.length)));
        resolve({ ...resultado, cerrado });
      });
      socket.on('error', (error) => {
        // Once answered, a server that closes the connection instead of reading the rest is what we want.
        if (resultado) return;
        clearTimeout(timer);
        reject(error);
      });
    });

  it("answers a non-buyer's 7 MB photo 403 before its body is sent", async () => {
    const extrana = await shop.customer(`cuerpo${++n}`);
    const res = await enviar(extrana.token);
    expect(res).toEqual({ status: 403, enviados: PRIMEROS, mensaje: MENSAJES_RESENA.noComprado, cerrado: undefined });
    // Without a token: 401, unread too.
    expect((await enviar('no-es-un-token')).status).toBe(401);
  });

  it('answers a buyer past her limit 429 before the body is sent', async () => {
    const c = await comprador(plain[1]!);
    // Well-formed reviews of a product she did not buy count.
    for (let i = 0; i < POR_CUENTA; i++) {
      const texto = JSON.stringify({ idProducto: plain[2]!.idProducto, estrellas: 4, titulo: 'Bueno', texto: 'Me gustó bastante.' });
      expect(
        (await shop.call('POST', '/api/resenas', { token: c.token, body: texto, headers: { 'Content-Length': String(texto.length) } }))
          .status,
      ).toBe(403);
    }
    const res = await enviar(c.token);
    expect([res.status, res.enviados]).toEqual([429, PRIMEROS]);
  });

  it('60 concurrent non-buyer uploads of 7 MB are answered 403 without their bodies piling up in memory', async () => {
    const extranas = await Promise.all(Array.from({ length: 3 }, () => shop.customer(`cuerpo${++n}`)));
    const memoria = () => process.memoryUsage().rss;
    const base = memoria();
    let pico = base;
    const muestreo = setInterval(() => (pico = Math.max(pico, memoria())), 10);
    try {
      // Each is answered with 64 KB of its body sent; then all send the rest at once.
      let seguir = () => undefined as void;
      const resto = new Promise<void>((listo) => (seguir = listo));
      const respuestas = await Promise.all(Array.from({ length: 60 }, (_, i) => enviar(extranas[i % 3]!.token, { resto })));
      expect(respuestas.map((r) => [r.status, r.enviados])).toEqual(Array(60).fill([403, PRIMEROS]));
      seguir();
      await Promise.all(respuestas.map((r) => r.cerrado));
    } finally {
      clearInterval(muestreo);
    }
    // 60 bodies of 7 MB read whole would be 420 MB and more (the text, then the parsed JSON).
    expect(pico - base).toBeLessThan(100 * 1024 * 1024);
  });

  it("takes a phone's 8 MB photo with the default limit", async () => {
    const p = plain[3]!;
    const c = await comprador(p);
    // Noise does not compress: a 12-megapixel JPEG of it weighs what a phone's photo does.
    const [ancho, alto] = [4000, 3000];
    const jpeg = await sharp(randomBytes(ancho * alto * 3), { raw: { width: ancho, height: alto, channels: 3 } })
      .jpeg({ quality: 88 })
      .toBuffer();
    expect(jpeg.length).toBeGreaterThan(8 * 1024 * 1024);
    expect(jpeg.length).toBeLessThan(RESENAS.fotoMaximaBytes);
    const texto = JSON.stringify({
      idProducto: p.idProducto,
      estrellas: 5,
      titulo: 'Me encantó',
      texto: 'Deja la piel suave.',
      foto: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/resenas`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${c.token}` },
      body: texto,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { resena } = (await res.json()) as ResenaCreada;
    const foto = await shop.call('GET', `/admin/api/resenas/${resena.id}/foto`, { token: TOKEN });
    expect(await sharp(Buffer.from(await foto.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: RESENAS.fotoGrande,
      height: 1200,
    });
  }, 60_000);
});
