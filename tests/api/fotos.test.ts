import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FotoSubida } from '../../src/lib/api/fotos-schemas.ts';
import type { EntradaAuditoria } from '../../src/lib/api/operator-schemas.ts';
import { PHOTO_FORMATS } from '../../src/lib/catalogue/photos.ts';
import { FOTOS, FOTOS_PRODUCTO } from '../../src/lib/tienda.ts';
import { MENSAJES_FOTO } from '../../src/server/admin/fotos/reencode.ts';
import { imagenes } from '../../src/server/db/schema/index.ts';
import { encode } from '../../src/site-builder/photos.ts';
import { describeEachDatabase } from './databases.ts';
import { png } from './images.ts';
import { openShop, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-fotos-0123456789abcdef';
const MAXIMO = 2 * 1024 * 1024;

/** A phone photo: a JPEG `ancho`×`alto` as stored, turned a quarter by its EXIF orientation 6, with the camera's data and where it was taken. */
async function fotoDeCelular(ancho: number, alto: number): Promise<Buffer> {
  return sharp({ create: { width: ancho, height: alto, channels: 3, background: { r: 200, g: 80, b: 120 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Telefono', Model: 'Camara 12', Artist: 'Ana Torres', Orientation: '6' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '12/1 7/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '77/1 2/1 0/1' },
    })
    .toBuffer();
}

describeEachDatabase('product photos uploaded from the back office (POST /admin/api/fotos)', (target) => {
  let shop: TestShop;
  const admin = (method: string, path: string, body?: unknown) =>
    shop.call(method, path, { token: TOKEN, body, headers: { 'X-Operador': encodeURIComponent('Ana Torres') } });
  const subir = (bytes: Buffer, nombre: string) => admin('POST', '/admin/api/fotos', { nombre, datos: bytes.toString('base64') });
  const json = async <T>(res: Response) => (await res.json()) as T;
  const servida = async (url: string) => {
    const res = await shop.call('GET', url);
    expect(res.status).toBe(200);
    return { tipo: res.headers.get('Content-Type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const cuantas = async () => (await shop.database.db.select({ n: count() }).from(imagenes))[0]!.n;

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN, imagenMaximaBytes: MAXIMO } });
  });
  afterAll(() => shop?.close());

  it('re-encodes a phone photo: EXIF and its location gone, turned upright, cut down to the stored size, audited', async () => {
    const original = await fotoDeCelular(3000, 1500);
    const antes = await sharp(original).metadata();
    // The test photo does carry what must go: the camera, the person and the place.
    expect(antes.exif?.includes(Buffer.from('Ana Torres'))).toBe(true);
    expect(antes.orientation).toBe(6);

    const res = await subir(original, 'IMG_2041.jpg');
    expect(res.status).toBe(201);
    const foto = await json<FotoSubida>(res);
    // Orientation 6 shows the 3000×1500 picture standing: 1500×3000, longest side cut to ladoMaximo.
    const alto = FOTOS_PRODUCTO.ladoMaximo;
    expect(foto).toEqual({
      url: expect.stringMatching(/^\/imagenes\/[0-9a-f]{64}\.jpg$/),
      tipo: 'image/jpeg',
      ancho: alto / 2,
      alto,
      bytes: expect.any(Number),
      nueva: true,
    });

    const { tipo, bytes } = await servida(foto.url);
    expect(tipo).toBe('image/jpeg');
    expect(bytes.length).toBe(foto.bytes);
    const despues = await sharp(bytes).metadata();
    expect({ exif: despues.exif, xmp: despues.xmp, iptc: despues.iptc, orientation: despues.orientation }).toEqual({
      exif: undefined,
      xmp: undefined,
      iptc: undefined,
      orientation: undefined,
    });
    expect([despues.width, despues.height]).toEqual([alto / 2, alto]);
    for (const rastro of ['Ana Torres', 'Telefono', 'Camara 12', 'Exif']) expect(bytes.includes(Buffer.from(rastro))).toBe(false);

    const [entrada] = (await json<{ entradas: EntradaAuditoria[] }>(await admin('GET', '/admin/api/auditoria?limite=1'))).entradas;
    expect(entrada).toMatchObject({ accion: 'foto.subir', objetivo: foto.url, operador: 'token de operador (Ana Torres)' });

    // The same photo again is the same stored file: 200, nothing new.
    const otraVez = await subir(original, 'copia.jpg');
    expect(otraVez.status).toBe(200);
    expect(await json<FotoSubida>(otraVez)).toMatchObject({ url: foto.url, nueva: false });
  });

  it('reads the type from the bytes, never the name, and keeps each format; small photos are never enlarged', async () => {
    const pequeña = png(40, 30, [10, 120, 200]);
    const comoPng = await json<FotoSubida>(await subir(pequeña, 'engaño.jpg'));
    expect(comoPng).toMatchObject({ url: expect.stringMatching(/\.png$/), tipo: 'image/png', ancho: 40, alto: 30 });
    expect((await servida(comoPng.url)).tipo).toBe('image/png');

    const webp = await sharp(pequeña).webp().withMetadata().toBuffer();
    expect(await json<FotoSubida>(await subir(webp, 'foto.png'))).toMatchObject({
      url: expect.stringMatching(/\.webp$/),
      tipo: 'image/webp',
    });
    const avif = await sharp(pequeña).avif({ effort: 0 }).toBuffer();
    expect(await json<FotoSubida>(await subir(avif, 'foto'))).toMatchObject({ url: expect.stringMatching(/\.avif$/), tipo: 'image/avif' });
  });

  it('makes the shop sizes from a stored photo, AVIF and WebP at every width, as the build does', async () => {
    const foto = await json<FotoSubida>(await subir(await fotoDeCelular(1200, 900), 'producto.jpg'));
    const { bytes } = await servida(foto.url);
    for (const ancho of FOTOS.anchos)
      for (const formato of PHOTO_FORMATS) {
        const copia = await sharp(await encode(bytes, ancho, formato)).metadata();
        expect([ancho, formato, copia.format === 'heif' ? 'avif' : copia.format, copia.width, copia.exif]).toEqual([
          ancho,
          formato,
          formato,
          Math.min(ancho, foto.ancho),
          undefined,
        ]);
      }
  });

  it('refuses what is not a photo, a damaged one and one too heavy, in Spanish, storing nothing', async () => {
    const antes = await cuantas();
    const auditadas = (await json<{ entradas: unknown[] }>(await admin('GET', '/admin/api/auditoria?limite=100'))).entradas.length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const jpeg = await fotoDeCelular(200, 100);
    const casos: [Buffer, string, number, string][] = [
      [Buffer.from('no soy una foto'), 'foto.jpg', 400, `foto.jpg: ${MENSAJES_FOTO.tipo}`],
      [svg, 'logo.svg', 400, `logo.svg: ${MENSAJES_FOTO.tipo}`],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'animada.gif', 400, `animada.gif: ${MENSAJES_FOTO.tipo}`],
      [Buffer.concat([jpeg.subarray(0, 3), Buffer.alloc(200, 7)]), 'rota.jpg', 400, `rota.jpg: ${MENSAJES_FOTO.dañada}`],
      [Buffer.alloc(0), 'vacia.jpg', 400, `vacia.jpg: ${MENSAJES_FOTO.vacia}`],
      [
        Buffer.concat([jpeg, Buffer.alloc(MAXIMO)]),
        'enorme.jpg',
        413,
        `enorme.jpg: La foto pesa ${((jpeg.length + MAXIMO) / 1024 / 1024).toLocaleString('es-PE', { maximumFractionDigits: 1 })} MB: el máximo es 2 MB.`,
      ],
    ];
    for (const [bytes, nombre, status, mensaje] of casos) {
      const res = await subir(bytes, nombre);
      expect([nombre, res.status, (await json<{ mensaje: string }>(res)).mensaje]).toEqual([nombre, status, mensaje]);
    }
    const sinToken = await shop.call('POST', '/admin/api/fotos', {
      body: { nombre: 'x.png', datos: png(2, 2, [1, 2, 3]).toString('base64') },
    });
    expect(sinToken.status).toBe(401);
    expect(await cuantas()).toBe(antes);
    expect((await json<{ entradas: unknown[] }>(await admin('GET', '/admin/api/auditoria?limite=100'))).entradas.length).toBe(auditadas);
  });
});
