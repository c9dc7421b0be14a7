import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import {
  MENSAJES_RESENA,
  type ModeracionRespuesta,
  type PuedoResenar,
  type ResenaCreada,
  type ResenaOperador,
  type ResenasOperador,
  type ResenasProducto,
  type ResenasPublicadas,
} from '../../src/lib/api/resenas-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { miniaturaResena } from '../../src/lib/resenas/fotos.ts';
import { LIMITES, RESENAS } from '../../src/lib/tienda.ts';
import { catalogueVersion, productoPorId } from '../../src/server/catalogue/queries.ts';
import { RATE_LIMITS } from '../../src/server/config.ts';
import { megas, storeImage } from '../../src/server/images/store.ts';
import { auditoria, clientes, imagenes, productos, resenaFotos, resenas } from '../../src/server/db/schema/index.ts';
import { autorDe, promedio } from '../../src/server/resenas/queries.ts';
import { describeEachDatabase } from './databases.ts';
import { png } from './images.ts';
import { lineOf, newKey, openShop, payDePrueba, plainProducts, preferenceBody, validBody, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';
const generous = { max: 100_000, windowSeconds: 900 };
const POR_CUENTA = 8;
/** Twice the general body limit: the review's route reads a larger body than the others. */
const FOTO_MAXIMA = 2 * LIMITES.cuerpoMaximoBytes;

describe('reseña authors', () => {
  it("show the buyer's first name and last initial", () => {
    expect(autorDe('María José', 'García Pérez')).toBe('María G.');
    expect(autorDe('  ana ', 'quispe')).toBe('Ana Q.');
    expect(autorDe('Lucía', '')).toBe('Lucía');
    expect(autorDe('Lucía Fernández', '')).toBe('Lucía F.');
    expect(autorDe('Rosa Huamán Torres', '')).toBe('Rosa H.');
    expect(autorDe('', 'Ñahui')).toBe('Cliente Ñ.');
  });
  it('average to one decimal, 0 with none', () => {
    expect(promedio(0, 0)).toBe(0);
    expect(promedio(9, 2)).toBe(4.5);
    expect(promedio(14, 3)).toBe(4.7);
  });
});

describeEachDatabase('reseñas only buyers can write', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let siguiente = 0;
  let clientesCreados = 0;
  const producto = () => plain[siguiente++]!;
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
  const admin = (method: string, path: string, body?: unknown) => shop.call(method, `/admin/api${path}`, { token: TOKEN, body });
  const cliente = async (nombre = 'María José', apellido = 'García') => {
    const c = await shop.customer(`resenas${++clientesCreados}`);
    await shop.database.db.update(clientes).set({ nombre, apellido }).where(eq(clientes.id, c.id));
    return c;
  };
  type Cliente = Awaited<ReturnType<typeof cliente>>;
  /** An order of one unit of each product (pickup), paid unless `pagar` is false; its number. */
  const pedido = async (c: Cliente, productos: Producto[], { pagar = true } = {}) => {
    const body = await validBody(
      shop,
      c,
      preferenceBody(
        c.id,
        productos.map((p) => lineOf(p)),
      ),
    );
    const res = await shop.call('POST', `/carrito/create-preference/${c.id}`, {
      token: c.token,
      body,
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const preferencia = (await res.json()) as PreferenciaCreada;
    if (pagar) expect((await payDePrueba(shop, preferencia.id, 'approved')).status).toBe(200);
    return preferencia.idVenta;
  };
  const entregar = async (id: number) => {
    for (const estado of ['LISTO PARA RECOGER', 'ENTREGADO']) {
      const res = await admin('POST', `/pedidos/${id}/estado`, { estado });
      expect(res.status, await res.clone().text()).toBe(200);
    }
  };
  const cuerpo = (idProducto: number, extra: Record<string, unknown> = {}) => ({
    idProducto,
    estrellas: 5,
    titulo: 'Me encantó',
    texto: 'Deja la piel suave y no irrita.',
    ...extra,
  });
  // As a browser sends it: with its Content-Length (a body of unknown length is read only from a customer who may review something).
  const escribir = (c: Cliente, body: unknown) => {
    const texto = typeof body === 'string' ? body : JSON.stringify(body);
    return shop.call('POST', '/api/resenas', {
      token: c.token,
      body: texto,
      headers: { 'Content-Length': String(Buffer.byteLength(texto)) },
    });
  };
  const puedo = async (c: Cliente, id: number) =>
    (await (await shop.call('GET', `/api/resenas/puedo/${id}`, { token: c.token })).json()) as PuedoResenar;
  const publicas = async (id: number, pagina?: number) => {
    const res = await shop.call('GET', `/api/resenas/producto/${id}${pagina ? `?pagina=${pagina}` : ''}`);
    expect(res.status).toBe(200);
    return (await res.json()) as ResenasProducto;
  };
  /** A move of the operator; a rejection or a hiding gives a reason unless told. */
  const moderar = (id: number, accion: string, motivo = ['rechazar', 'ocultar'].includes(accion) ? 'No habla del producto' : undefined) =>
    admin('POST', `/resenas/${id}`, { accion, motivo });
  /** A buyer with a delivered order of `p`, and the review she wrote of it (PENDIENTE). */
  const resenaDe = async (p: Producto, estrellas: number, nombre?: string, apellido?: string) => {
    const c = await cliente(nombre, apellido);
    await entregar(await pedido(c, [p]));
    const res = await escribir(c, cuerpo(p.idProducto, { estrellas, titulo: `${estrellas} estrellas` }));
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as ResenaCreada).resena.id;
  };

  beforeAll(async () => {
    const rateLimits = {
      ...(Object.fromEntries(Object.keys(RATE_LIMITS).map((name) => [name, generous])) as typeof RATE_LIMITS),
      resenasPorCuenta: { max: POR_CUENTA, windowSeconds: 3600 },
    };
    shop = await openShop(target, {
      config: { adminToken: TOKEN, rateLimits, resenas: { fotoMaximaBytes: FOTO_MAXIMA, invitacionDias: RESENAS.invitacionDias } },
    });
    plain = plainProducts(await shop.catalogue());
  });
  afterAll(() => shop?.close());

  it('refuses a non-buyer, a buyer before delivery and a second reseña, saying why in Spanish; a delivered buyer writes one', async () => {
    const p = producto();
    const otro = producto();
    const ana = await cliente();

    // Never bought it (another product, an unpaid order of this one): 403.
    await entregar(await pedido(ana, [otro]));
    await pedido(ana, [p], { pagar: false });
    expect(await puedo(ana, p.idProducto)).toEqual({ puede: false, mensaje: MENSAJES_RESENA.noComprado });
    const ajena = await escribir(ana, cuerpo(p.idProducto));
    expect([ajena.status, await mensaje(ajena)]).toEqual([403, MENSAJES_RESENA.noComprado]);

    // Paid, not delivered yet: 403 naming the order.
    const id = await pedido(ana, [p]);
    expect(await puedo(ana, p.idProducto)).toEqual({ puede: false, mensaje: MENSAJES_RESENA.noEntregado(id) });
    const antes = await escribir(ana, cuerpo(p.idProducto));
    expect([antes.status, await mensaje(antes)]).toEqual([403, MENSAJES_RESENA.noEntregado(id)]);

    await entregar(id);
    expect(await puedo(ana, p.idProducto)).toEqual({ puede: true, mensaje: MENSAJES_RESENA.puede });
    const res = await escribir(ana, cuerpo(p.idProducto, { titulo: '  Me encantó  ', texto: 'Deja la piel suave.\nNo irrita nada.' }));
    expect(res.status).toBe(201);
    const creada = (await res.json()) as ResenaCreada;
    expect(creada).toEqual({ mensaje: MENSAJES_RESENA.recibida, resena: { id: expect.any(Number), estado: 'PENDIENTE' } });
    const [fila] = await shop.database.db.select().from(resenas).where(eq(resenas.id, creada.resena.id));
    expect(fila).toMatchObject({
      productoId: p.idProducto,
      clienteId: ana.id,
      pedidoId: id,
      estrellas: 5,
      titulo: 'Me encantó',
      texto: 'Deja la piel suave.\nNo irrita nada.',
      autor: 'María G.',
      estado: 'PENDIENTE',
      foto: null,
    });

    // Once per product.
    const segunda = await escribir(ana, cuerpo(p.idProducto, { estrellas: 1 }));
    expect([segunda.status, await mensaje(segunda)]).toEqual([409, MENSAJES_RESENA.yaResenado]);
    expect(await puedo(ana, p.idProducto)).toEqual({ puede: false, mensaje: MENSAJES_RESENA.yaResenado });

    // Without a session: 401; an unknown product: 404; a malformed id: 400.
    expect((await shop.call('POST', '/api/resenas', { body: cuerpo(p.idProducto) })).status).toBe(401);
    expect((await shop.call('GET', `/api/resenas/puedo/${p.idProducto}`)).status).toBe(401);
    const nada = await escribir(ana, cuerpo(999_999));
    expect([nada.status, await mensaje(nada)]).toEqual([404, MENSAJES_RESENA.noExiste]);
    expect((await shop.call('GET', '/api/resenas/puedo/uno', { token: ana.token })).status).toBe(400);
  });

  it('refuses HTML, control characters and out-of-range stars with a Spanish 400, storing nothing', async () => {
    const p = producto();
    const c = await cliente();
    await entregar(await pedido(c, [p]));
    const casos: [unknown, string][] = [
      [cuerpo(p.idProducto, { titulo: '<b>Genial</b>' }), MENSAJES_RESENA.sinHtml],
      [cuerpo(p.idProducto, { texto: 'Muy bueno <script>alert(1)</script> de verdad' }), MENSAJES_RESENA.sinHtml],
      [cuerpo(p.idProducto, { texto: 'Muy bueno <img src=x onerror=alert(1)>' }), MENSAJES_RESENA.sinHtml],
      [cuerpo(p.idProducto, { estrellas: 0 }), MENSAJES_RESENA.estrellas],
      [cuerpo(p.idProducto, { estrellas: 6 }), MENSAJES_RESENA.estrellas],
      [cuerpo(p.idProducto, { estrellas: 4.5 }), MENSAJES_RESENA.estrellas],
      [cuerpo(p.idProducto, { estrellas: '5' }), MENSAJES_RESENA.estrellas],
      [cuerpo(p.idProducto, { titulo: 'Ok' }), MENSAJES_RESENA.tituloCorto],
      [cuerpo(p.idProducto, { titulo: 'x'.repeat(RESENAS.tituloMaximo + 1) }), MENSAJES_RESENA.tituloLargo],
      [cuerpo(p.idProducto, { texto: 'Bueno.' }), MENSAJES_RESENA.textoCorto],
      [cuerpo(p.idProducto, { texto: 'x'.repeat(RESENAS.textoMaximo + 1) }), MENSAJES_RESENA.textoLargo],
      [cuerpo(p.idProducto, { idProducto: 'uno' }), MENSAJES_RESENA.productoInvalido],
      [{ estrellas: 5 }, MENSAJES_RESENA.productoInvalido],
    ];
    for (const [body, esperado] of casos) {
      const res = await escribir(c, body);
      expect([res.status, await mensaje(res)], JSON.stringify(body).slice(0, 80)).toEqual([400, esperado]);
    }
    for (const body of [
      cuerpo(p.idProducto, { titulo: 'Hola\u0000mundo' }),
      cuerpo(p.idProducto, { texto: 'Muy bueno\u001b[31m de verdad' }),
      cuerpo(p.idProducto, { titulo: 'Dos\nlíneas' }),
    ]) {
      const res = await escribir(c, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await mensaje(res)).toMatch(/[áéíóúñ\w]/);
    }
    const roto = await shop.call('POST', '/api/resenas', { token: c.token, body: '{"idProducto":' });
    expect([roto.status, await mensaje(roto)]).toEqual([400, 'El cuerpo de la solicitud debe ser un JSON válido.']);
    expect(await shop.database.db.select().from(resenas).where(eq(resenas.clienteId, c.id))).toEqual([]);
  });

  it('takes a JPEG, PNG or WebP photo read from its bytes, refuses SVG, text, GIF, one that does not decode and one too large, and stores it re-encoded', async () => {
    const c = await cliente();
    const [p, q] = [producto(), producto()];
    await entregar(await pedido(c, [p, q]));
    const base64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
    const rechazos: [string, number][] = [
      [`data:image/png;base64,${base64('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')}`, 400],
      [base64('esto no es una imagen, es texto'), 400],
      [base64(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)])), 400],
      ['%%%no-es-base64%%%', 400],
      // A JPEG's first bytes and nothing a decoder can read.
      [base64(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)])), 400],
      [base64(Buffer.concat([png(1, 1, [255, 0, 0]), Buffer.alloc(FOTO_MAXIMA)])), 413],
    ];
    for (const [foto, status] of rechazos) {
      const res = await escribir(c, cuerpo(p.idProducto, { foto }));
      expect(res.status, foto.slice(0, 40)).toBe(status);
      if (status === 400) expect(await mensaje(res)).toBe(MENSAJES_RESENA.fotoInvalida);
    }
    expect(await shop.database.db.select().from(resenas).where(eq(resenas.clienteId, c.id))).toEqual([]);

    // A photo larger than any other request body: the review's route reads it, and stores WebP copies of its pixels, not the upload.
    const imagen = Buffer.concat([png(300, 200, [200, 100, 150]), Buffer.alloc(LIMITES.cuerpoMaximoBytes + 1024)]);
    const res = await escribir(c, cuerpo(p.idProducto, { foto: `data:image/jpeg;base64,${imagen.toString('base64')}` }));
    expect(res.status, await res.clone().text()).toBe(201);
    const [fila] = await shop.database.db.select().from(resenas).where(eq(resenas.clienteId, c.id));
    expect(fila!.foto).toMatch(/^\/imagenes\/resenas\/[A-Za-z0-9_-]{22}\.webp$/);
    const [copias] = await shop.database.db.select().from(resenaFotos).where(eq(resenaFotos.resenaId, fila!.id));
    expect([copias!.ancho, copias!.alto]).toEqual([300, 200]);
    expect(await sharp(copias!.miniatura).metadata()).toMatchObject({
      format: 'webp',
      width: RESENAS.fotoMiniatura,
      height: RESENAS.fotoMiniatura,
    });
    expect(await sharp(copias!.miniatura2x).metadata()).toMatchObject({
      format: 'webp',
      width: 2 * RESENAS.fotoMiniatura,
      height: 2 * RESENAS.fotoMiniatura,
    });
    expect(
      await shop.database.db
        .select()
        .from(imagenes)
        .where(eq(imagenes.nombre, `resena-${c.id}-${p.idProducto}`)),
    ).toEqual([]);
    // A bare base64 photo is taken too; a body past the photo's room is cut off while it streams in.
    expect((await escribir(c, cuerpo(q.idProducto, { foto: png(1, 1, [0, 0, 0]).toString('base64') }))).status).toBe(201);
    const enorme = await escribir(c, cuerpo(q.idProducto, { foto: 'A'.repeat(3 * FOTO_MAXIMA) }));
    expect([enorme.status, await mensaje(enorme)]).toEqual([413, `La foto es demasiado grande: el máximo es ${megas(FOTO_MAXIMA)}.`]);
    // Other calls keep the general limit.
    expect(
      (
        await shop.call('POST', '/api/avisos-stock', {
          body: { productoId: q.idProducto, correo: 'a@example.pe', relleno: 'x'.repeat(LIMITES.cuerpoMaximoBytes) },
        })
      ).status,
    ).toBe(413);
  });

  it("keeps a reseña's photo private until approval (the operator sees it), serves its copies then, and deletes it on rejection", async () => {
    const p = producto();
    const c = await cliente();
    await entregar(await pedido(c, [p]));
    const res = await escribir(c, cuerpo(p.idProducto, { foto: png(400, 300, [10, 120, 200]).toString('base64') }));
    expect(res.status, await res.clone().text()).toBe(201);
    const id = ((await res.json()) as ResenaCreada).resena.id;
    const { resena } = (await (await admin('GET', `/resenas/${id}`)).json()) as { resena: ResenaOperador };
    const foto = resena.foto!;
    const { src, src2x } = miniaturaResena(foto);
    const urls = [foto, src, src2x!];
    expect(src2x).toMatch(/-192\.webp$/);

    // Pending: nobody gets it, not even with the URL; the operator does, through the operator API.
    for (const url of urls) expect((await shop.call('GET', url)).status, url).toBe(404);
    expect(resena.fotoOperador).toBe(`/admin/api/resenas/${id}/foto`);
    const delOperador = await shop.call('GET', resena.fotoOperador!, { token: TOKEN });
    expect([delOperador.status, delOperador.headers.get('Content-Type')]).toEqual([200, 'image/webp']);
    expect(await sharp(Buffer.from(await delOperador.arrayBuffer())).metadata()).toMatchObject({ width: 400, height: 300 });
    expect((await shop.call('GET', resena.fotoOperador!)).status).toBe(401);

    // Approved: each copy is served, as WebP, at its size; the public list names it.
    expect((await moderar(id, 'aprobar')).status).toBe(200);
    const tamanos = [400, RESENAS.fotoMiniatura, 2 * RESENAS.fotoMiniatura];
    for (const [i, url] of urls.entries()) {
      const servida = await shop.call('GET', url);
      expect([servida.status, servida.headers.get('Content-Type'), servida.headers.get('Cache-Control')]).toEqual([
        200,
        'image/webp',
        RESENAS.fotoCacheControl,
      ]);
      expect((await sharp(Buffer.from(await servida.arrayBuffer())).metadata()).width).toBe(tamanos[i]);
      expect((await shop.call('GET', url, { headers: { 'If-None-Match': servida.headers.get('ETag')! } })).status).toBe(304);
    }
    expect((await publicas(p.idProducto)).resenas[0]!.foto).toBe(foto);

    // Withdrawn: the photo is deleted (a later approval publishes the text alone).
    expect((await moderar(id, 'rechazar')).status).toBe(200);
    for (const url of urls) expect((await shop.call('GET', url)).status, url).toBe(404);
    expect(await shop.database.db.select().from(resenaFotos).where(eq(resenaFotos.resenaId, id))).toEqual([]);
    expect((await admin('GET', `/resenas/${id}/foto`)).status).toBe(404);
    expect((await moderar(id, 'aprobar')).status).toBe(200);
    expect((await publicas(p.idProducto)).resenas[0]).toMatchObject({ id, foto: null });
  });

  it('keeps a photo stored before issue 34 (the original, in the image store) private until approval and deletes it on rejection', async () => {
    const p = producto();
    const c = await cliente();
    await entregar(await pedido(c, [p]));
    const res = await escribir(c, cuerpo(p.idProducto));
    const id = ((await res.json()) as ResenaCreada).resena.id;
    const { url, sha256 } = await storeImage(shop.database.db, png(3, 3, [1, 2, 3]), `resena-${c.id}-${p.idProducto}`);
    await shop.database.db.update(resenas).set({ foto: url }).where(eq(resenas.id, id));
    // An operator's catalogue image stays public as before.
    const catalogo = await storeImage(shop.database.db, png(3, 3, [9, 9, 9]), 'banner.png');
    expect((await shop.call('GET', catalogo.url)).status).toBe(200);

    expect((await shop.call('GET', url)).status).toBe(404);
    expect((await shop.call('GET', `/admin/api/resenas/${id}/foto`, { token: TOKEN })).status).toBe(200);
    expect((await moderar(id, 'aprobar')).status).toBe(200);
    expect((await shop.call('GET', url)).status).toBe(200);
    expect(miniaturaResena(url)).toEqual({ src: url });
    expect((await moderar(id, 'rechazar')).status).toBe(200);
    expect((await shop.call('GET', url)).status).toBe(404);
    expect(await shop.database.db.select().from(imagenes).where(eq(imagenes.sha256, sha256))).toEqual([]);
    expect((await shop.call('GET', catalogo.url)).status).toBe(200);
  });

  it('strips EXIF (GPS included) and turns the photo upright by its orientation', async () => {
    const p = producto();
    const c = await cliente();
    await entregar(await pedido(c, [p]));
    // A phone's JPEG: taken sideways (orientation 6) with its maker and the place it was taken.
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 50, b: 80 } } })
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'X1' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '12/1 2/1 3/1', GPSLongitudeRef: 'W', GPSLongitude: '77/1 1/1 2/1' },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const original = await sharp(jpeg).metadata();
    expect(original.orientation).toBe(6);
    expect(original.exif!.includes(Buffer.from('PhoneCo'))).toBe(true);
    expect(original.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD's tag, 0x8825
    const res = await escribir(c, cuerpo(p.idProducto, { foto: `data:image/jpeg;base64,${jpeg.toString('base64')}` }));
    expect(res.status, await res.clone().text()).toBe(201);
    const id = ((await res.json()) as ResenaCreada).resena.id;
    expect((await moderar(id, 'aprobar')).status).toBe(200);
    const { resena } = (await (await admin('GET', `/resenas/${id}`)).json()) as { resena: ResenaOperador };
    const { src, src2x } = miniaturaResena(resena.foto!);
    for (const url of [resena.foto!, src, src2x!]) {
      const servida = Buffer.from(await (await shop.call('GET', url)).arrayBuffer());
      const meta = await sharp(servida).metadata();
      expect([meta.exif, meta.xmp, meta.icc, meta.iptc, meta.orientation], url).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      for (const rastro of ['Exif', 'PhoneCo', 'GPS']) expect(servida.includes(Buffer.from(rastro)), `${url} ${rastro}`).toBe(false);
      if (url === resena.foto) expect([meta.width, meta.height]).toEqual([200, 300]);
    }
    const [copias] = await shop.database.db.select().from(resenaFotos).where(eq(resenaFotos.resenaId, id));
    for (const datos of [copias!.grande, copias!.miniatura, copias!.miniatura2x])
      expect(Buffer.from(datos).includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('shows a reseña only once approved, computes the average from approved reseñas only, and moves the catalogue version', async () => {
    const p = producto();
    const cinco = await resenaDe(p, 5, 'María José', 'García');
    const cuatro = await resenaDe(p, 4, 'Lucía', 'Quispe');
    const uno = await resenaDe(p, 1, 'Rosa', 'Huamán');
    await resenaDe(p, 2, 'Elena', 'Torres');

    expect(await publicas(p.idProducto)).toEqual({
      idProducto: p.idProducto,
      promedio: 0,
      cantidad: 0,
      pagina: 1,
      paginas: 1,
      resenas: [],
    });
    expect(await productoPorId(shop.database.db, p.idProducto)).toMatchObject({ resenasPromedio: 0, resenasCantidad: 0 });

    const pendientes = (await (await admin('GET', '/resenas?estado=PENDIENTE')).json()) as ResenasOperador;
    expect(pendientes.resenas.filter((r) => r.producto.idProducto === p.idProducto).map((r) => r.estrellas)).toEqual([5, 4, 1, 2]);

    const version = await catalogueVersion(shop.database.db);
    const aprobada = await moderar(cinco, 'aprobar');
    expect(aprobada.status).toBe(200);
    const respuesta = (await aprobada.json()) as ModeracionRespuesta;
    expect(respuesta.resena).toMatchObject({
      id: cinco,
      estado: 'APROBADA',
      operador: expect.any(String),
      producto: { idProducto: p.idProducto, nombre: p.nombre },
    });
    expect(respuesta.mensaje).toContain(`Reseña N.° ${cinco}`);
    expect(await catalogueVersion(shop.database.db)).toBeGreaterThan(version);
    expect((await moderar(cuatro, 'aprobar')).status).toBe(200);
    expect((await moderar(uno, 'rechazar')).status).toBe(200);

    const lista = await publicas(p.idProducto);
    expect(lista).toMatchObject({ promedio: 4.5, cantidad: 2, pagina: 1, paginas: 1 });
    expect(lista.resenas.map((r) => [r.estrellas, r.autor])).toEqual([
      [4, 'Lucía Q.'],
      [5, 'María G.'],
    ]);
    expect(lista.resenas[0]).toEqual({
      id: cuatro,
      estrellas: 4,
      titulo: '4 estrellas',
      texto: 'Deja la piel suave y no irrita.',
      autor: 'Lucía Q.',
      fecha: expect.any(String),
      foto: null,
      compraVerificada: true,
    });
    expect(new Date(lista.resenas[0]!.fecha).toISOString()).toBe(lista.resenas[0]!.fecha);
    expect(await productoPorId(shop.database.db, p.idProducto)).toMatchObject({ resenasPromedio: 4.5, resenasCantidad: 2 });
    const listprod = (await (await shop.call('GET', '/web/listprod')).json()) as Producto[];
    expect(listprod.find((x) => x.idProducto === p.idProducto)).toMatchObject({ resenasPromedio: 4.5, resenasCantidad: 2 });

    const publicadas = (await (await shop.call('GET', '/api/resenas/publicadas')).json()) as ResenasPublicadas;
    expect(publicadas.productos.find((x) => x.idProducto === p.idProducto)!.resenas.map((r) => r.id)).toEqual([cuatro, cinco]);

    // The same move twice is a 409; approving then withdrawing a review leaves the product as before; a rejected one may be approved.
    const otra = await moderar(cinco, 'aprobar');
    expect([otra.status, await mensaje(otra)]).toEqual([409, `La reseña N.° ${cinco} ya está publicada.`]);
    expect((await moderar(cuatro, 'rechazar')).status).toBe(200);
    expect(await publicas(p.idProducto)).toMatchObject({ promedio: 5, cantidad: 1 });
    expect((await moderar(uno, 'aprobar')).status).toBe(200);
    expect(await publicas(p.idProducto)).toMatchObject({ promedio: 3, cantidad: 2 });
    expect(await productoPorId(shop.database.db, p.idProducto)).toMatchObject({ resenasPromedio: 3, resenasCantidad: 2 });

    const entradas = await shop.database.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.objetivo, `reseña ${cuatro}`))
      .orderBy(auditoria.id);
    expect(entradas.map((e) => [e.accion, e.antes, e.despues])).toEqual([
      ['resena.aprobar', { estado: 'PENDIENTE' }, { estado: 'APROBADA' }],
      ['resena.rechazar', { estado: 'APROBADA' }, { estado: 'RECHAZADA', motivo: 'No habla del producto' }],
    ]);

    // The operator's calls refuse what is not there, in Spanish.
    expect((await admin('GET', '/resenas/999999')).status).toBe(404);
    expect((await moderar(999_999, 'aprobar')).status).toBe(404);
    const accion = await moderar(cinco, 'borrar');
    expect([accion.status, await mensaje(accion)]).toEqual([400, 'La acción debe ser aprobar, rechazar, ocultar o mostrar.']);
    expect((await admin('GET', '/resenas?estado=BORRADA')).status).toBe(400);
    expect((await shop.call('GET', '/admin/api/resenas')).status).toBe(401);
    const una = (await (await admin('GET', `/resenas/${cinco}`)).json()) as { resena: { cliente: { correo: string }; pedido: number } };
    expect(una.resena.cliente.correo).toMatch(/@example\.pe$/);
  });

  it('pages the public list and refuses bad pages and unknown or hidden products', async () => {
    const p = producto();
    const ids: number[] = [];
    for (let i = 0; i < RESENAS.porPagina + 1; i++) ids.push(await resenaDe(p, 1 + (i % 5), `Clienta${i}`, 'Rojas'));
    for (const id of ids) expect((await moderar(id, 'aprobar')).status).toBe(200);
    const primera = await publicas(p.idProducto);
    expect(primera).toMatchObject({ cantidad: RESENAS.porPagina + 1, pagina: 1, paginas: 2 });
    expect(primera.resenas).toHaveLength(RESENAS.porPagina);
    expect(primera.resenas[0]!.id).toBe(ids.at(-1));
    const segunda = await publicas(p.idProducto, 2);
    expect(segunda.resenas.map((r) => r.id)).toEqual([ids[0]]);
    const publicadas = (await (await shop.call('GET', '/api/resenas/publicadas')).json()) as ResenasPublicadas;
    expect(publicadas.productos.find((x) => x.idProducto === p.idProducto)!.resenas.map((r) => r.id)).toEqual(
      ids.slice(-RESENAS.enPagina).reverse(),
    );
    const res = await shop.call('GET', `/api/resenas/producto/${p.idProducto}`);
    expect(res.headers.get('Cache-Control')).toMatch(/max-age=\d+/);
    for (const malo of ['0', 'uno', '-1'])
      expect((await shop.call('GET', `/api/resenas/producto/${p.idProducto}?pagina=${malo}`)).status).toBe(400);
    expect((await shop.call('GET', '/api/resenas/producto/999999')).status).toBe(404);
    expect((await shop.call('GET', '/api/resenas/producto/abc')).status).toBe(400);
    // A hidden product shows no reviews and takes none.
    await shop.database.db.update(productos).set({ visible: false }).where(eq(productos.id, p.idProducto));
    expect((await shop.call('GET', `/api/resenas/producto/${p.idProducto}`)).status).toBe(404);
    const despues = (await (await shop.call('GET', '/api/resenas/publicadas')).json()) as ResenasPublicadas;
    expect(despues.productos.map((x) => x.idProducto)).not.toContain(p.idProducto);
  });

  it('two simultaneous reseñas of one product by one buyer make exactly one row', async () => {
    const p = producto();
    const c = await cliente();
    await entregar(await pedido(c, [p]));
    const respuestas = await Promise.all([
      escribir(c, cuerpo(p.idProducto, { estrellas: 5 })),
      escribir(c, cuerpo(p.idProducto, { estrellas: 3 })),
    ]);
    expect(respuestas.map((r) => r.status).sort()).toEqual([201, 409]);
    const rechazada = respuestas.find((r) => r.status === 409)!;
    expect(await mensaje(rechazada)).toBe(MENSAJES_RESENA.yaResenado);
    expect(
      await shop.database.db
        .select()
        .from(resenas)
        .where(and(eq(resenas.clienteId, c.id), eq(resenas.productoId, p.idProducto))),
    ).toHaveLength(1);
  });

  it(`limits the reseñas sent per account (${POR_CUENTA} an hour in this test) with a 429`, async () => {
    const c = await cliente();
    const p = producto();
    // Refused forms do not count; well-formed reviews do, refused or not.
    for (let i = 0; i < POR_CUENTA + 2; i++) expect((await escribir(c, cuerpo(p.idProducto, { estrellas: 9 }))).status).toBe(400);
    for (let i = 0; i < POR_CUENTA; i++) expect((await escribir(c, cuerpo(p.idProducto))).status).toBe(403);
    const res = await escribir(c, cuerpo(p.idProducto));
    expect(res.status).toBe(429);
    expect(await mensaje(res)).toMatch(/espera/);
    // Another account is not affected.
    expect((await escribir(await cliente(), cuerpo(p.idProducto))).status).toBe(403);
  });
});
