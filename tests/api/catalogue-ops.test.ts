import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerConfig } from '../../src/server/config.ts';
import { OPERACIONES } from '../../src/lib/tienda.ts';
import type { ContenidoOperador, CuponOperador, ProductoOperadorRespuesta } from '../../src/lib/api/operator-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import type { EntradaAuditoria } from '../../src/lib/api/operator-schemas.ts';
import { lazyOperatorToken } from '../../src/server/admin/token.ts';
import { createApp, isApiPath } from '../../src/server/app.ts';
import type { ImagenGuardada } from '../../src/lib/api/operator-schemas.ts';
import { describeEachDatabase } from './databases.ts';
import { png } from './images.ts';
import { openShop, placeOrder, plainProducts, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-catalogo-0123456789';

describeEachDatabase('catalogue operations through the operator API', (target) => {
  let shop: TestShop;
  let customerToken: string;
  let plain: Producto[];
  const admin = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    shop.call(method, path, { token: TOKEN, body, headers: { 'X-Operador': encodeURIComponent('José Pérez'), ...headers } });
  const json = async <T>(res: Response) => (await res.json()) as T;
  const mensaje = async (res: Response) => (await json<{ mensaje: string }>(res)).mensaje;
  const publico = async <T>(path: string, token?: string) => {
    const res = await shop.call('GET', path, { token });
    expect(res.status).toBe(200);
    return json<T>(res);
  };
  const version = async () => (await publico<{ version: number }>('/web/version')).version;
  const ultimaAuditoria = async () =>
    (await json<{ entradas: EntradaAuditoria[] }>(await admin('GET', '/admin/api/auditoria?limite=1'))).entradas[0]!;
  const subir = async (bytes: Buffer, nombre = 'foto.png') =>
    admin('POST', '/admin/api/imagenes', { nombre, datos: bytes.toString('base64') });

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN } });
    customerToken = (await shop.customer('catalogo1')).token;
    plain = plainProducts(await shop.catalogue()).slice(0, 6);
  });
  afterAll(() => shop?.close());

  it('opens only with the operator token: none, a wrong one or a customer session is a 401', async () => {
    for (const [method, path, body] of [
      ['GET', '/admin/api/cupones'],
      ['PATCH', `/admin/api/productos/${plain[0]!.idProducto}`, { precio: 1 }],
      ['POST', '/admin/api/banners', { img_url: '/demo/x.svg' }],
      ['POST', '/admin/api/importar', { filas: [{ fila: 2, valores: { sku: 'X', precio: 1 } }] }],
      ['POST', '/admin/api/imagenes', { datos: png(2, 2, [1, 2, 3]).toString('base64') }],
      ['GET', '/admin/api/auditoria'],
    ] as [string, string, unknown?][]) {
      for (const token of [undefined, 'otro-token-cualquiera-123456', customerToken]) {
        const res = await shop.call(method, path, { token, body });
        const esperado = token === undefined ? 'Inicia sesión para continuar.' : 'Token de operador inválido.';
        expect([path, res.status, await mensaje(res)]).toEqual([path, 401, esperado]);
      }
    }
    // Nothing was written by any refused call.
    expect((await json<{ entradas: unknown[] }>(await admin('GET', '/admin/api/auditoria'))).entradas).toEqual([]);
  });

  it('changes price, discounts and stock: the public calls answer the new figures at once, the version moves, the change is audited', async () => {
    const p = plain[0]!;
    const listprodBefore = await shop.call('GET', '/web/listprod');
    const etag = listprodBefore.headers.get('ETag');
    const before = await version();
    const res = await admin('PATCH', `/admin/api/productos/${p.idProducto}`, { precio: 77.5, descuento: 10, stock: 4 });
    expect(res.status).toBe(200);
    const body = await json<ProductoOperadorRespuesta>(res);
    expect(body.mensaje).toBe(
      `Producto ${p.idProducto} (${p.nombre}): precio S/ ${p.precio.toFixed(2)} → precio S/ 77.50; descuento 0% → descuento 10%; stock ${p.stock} → stock 4.`,
    );
    expect(body.producto).toMatchObject({
      idProducto: p.idProducto,
      precio: 77.5,
      descuento: 10,
      stock: 4,
      stock_total: Math.max(p.stock_total, 4),
      visible: true,
    });
    expect(await version()).toBeGreaterThan(before);

    const detail = await publico<{ id: number; mensaje: Producto[] }>(`/web/detailprod/${p.idProducto}`);
    expect(detail.mensaje[0]).toMatchObject({ precio: 77.5, descuento: 10, stock: 4 });
    const [live] = await publico<Producto[]>(`/web/productos?ids=${p.idProducto}`);
    expect(live).toMatchObject({ precio: 77.5, descuento: 10, stock: 4 });
    // The in-memory /web/listprod copy was rebuilt for the new version.
    const listprod = await shop.call('GET', '/web/listprod', { headers: { 'If-None-Match': etag ?? '' } });
    expect(listprod.status).toBe(200);
    expect(listprod.headers.get('ETag')).not.toBe(etag);
    expect(((await listprod.json()) as Producto[]).find((x) => x.idProducto === p.idProducto)).toMatchObject({ precio: 77.5, stock: 4 });

    const entrada = await ultimaAuditoria();
    expect(entrada).toMatchObject({
      operador: 'token de operador (José Pérez)',
      accion: 'producto.cambiar',
      objetivo: `producto ${p.idProducto}`,
      antes: { precio: p.precio, descuento: 0, stock: p.stock },
      despues: { precio: 77.5, descuento: 10, stock: 4 },
    });
    expect(Date.now() - Date.parse(entrada.fecha)).toBeLessThan(60_000);

    // The same values again: nothing written, the version stays.
    const same = await version();
    const again = await admin('PATCH', `/admin/api/productos/${p.idProducto}`, { precio: 77.5 });
    expect(await mensaje(again)).toBe(`Sin cambios: el producto ${p.idProducto} ya tenía esos valores.`);
    expect(await version()).toBe(same);
  });

  it('refuses bad product input with a Spanish 400 and unknown products with a 404, never a 500', async () => {
    const id = plain[1]!.idProducto;
    const cases: [unknown, string][] = [
      [{ precio: -3 }, 'El precio debe ser mayor que 0.'],
      [{ precio: 'barato' }, 'El precio debe ser un número.'],
      [{ precio: 10.123 }, 'El precio admite como máximo 2 decimales.'],
      [{ descuento: 150 }, 'El descuento es un porcentaje de 0 a 99.'],
      [{ stock: 1.5 }, 'El stock debe ser un número entero.'],
      [{ color: 'rojo' }, 'Solo se pueden cambiar precio, descuento, descuentoN, stock, stock_total y visible.'],
      [{}, 'Indica qué cambiar: precio, descuento, descuentoN, stock, stock_total o visible.'],
      [
        { descuentoN: 100_000 },
        expect.stringMatching(/^El descuento en soles \(S\/ 100000\.00\) debe ser menor que el precio/) as unknown as string,
      ],
      [{ stock: 10, stock_total: 5 }, 'El stock_total (5) no puede ser menor que el stock de la web (10).'],
      ['no es json', 'El cuerpo de la solicitud debe ser un JSON válido.'],
    ];
    for (const [body, expected] of cases) {
      const res = await admin('PATCH', `/admin/api/productos/${id}`, body);
      expect([res.status, await mensaje(res)]).toEqual([400, expected]);
    }
    const missing = await admin('PATCH', '/admin/api/productos/987654', { precio: 5 });
    expect([missing.status, await mensaje(missing)]).toEqual([404, 'No existe el producto 987654 (indica su idProducto o su SKU).']);
    const badName = await admin('GET', `/admin/api/productos/${id}`, undefined, {
      'X-Operador': 'x'.repeat(OPERACIONES.operadorMaximo + 1),
    });
    expect(badName.status).toBe(400);
  });

  it('hides a product from every public call and shows it again', async () => {
    const p = plain[2]!;
    const hidden = await admin('PATCH', `/admin/api/productos/${p.idProducto}`, { visible: false });
    expect(await mensaje(hidden)).toBe(`Producto ${p.idProducto} (${p.nombre}): visible en la tienda → oculto en la tienda.`);
    expect((await publico<Producto[]>('/web/listprod')).some((x) => x.idProducto === p.idProducto)).toBe(false);
    expect(await publico(`/web/detailprod/${p.idProducto}`)).toEqual({ id: 0, mensaje: [] });
    expect(await publico(`/web/productos?ids=${p.idProducto}`)).toEqual([]);
    const porMarca = await publico<{ mensaje: Producto[] }>(`/web/searchMar/${encodeURIComponent(p.marca)}`);
    expect(porMarca.mensaje.some((x) => x.idProducto === p.idProducto)).toBe(false);
    // The operator still sees it.
    expect((await json<ProductoOperadorRespuesta>(await admin('GET', `/admin/api/productos/${p.idProducto}`))).producto.visible).toBe(
      false,
    );

    await admin('PATCH', `/admin/api/productos/${p.idProducto}`, { visible: true });
    expect((await publico<Producto[]>('/web/listprod')).some((x) => x.idProducto === p.idProducto)).toBe(true);
    expect((await publico<{ id: number }>(`/web/detailprod/${p.idProducto}`)).id).toBe(p.idProducto);
  });

  it('creates, lists, deactivates and reactivates shop coupons, which the customers’ call follows', async () => {
    const brand = plain[3]!.marca;
    const created = await admin('POST', '/admin/api/cupones', {
      codigo: 'otono30',
      descuento: 30,
      fecha_inicio: '2020-01-01',
      fecha_fin: '2099-12-31',
      productos: [plain[4]!.idProducto],
      marcas: [brand.toUpperCase()],
    });
    expect(created.status).toBe(201);
    const { cupon, mensaje: texto } = await json<{ cupon: CuponOperador; mensaje: string }>(created);
    expect(texto).toBe(`Cupón OTONO30 creado: 30% del 2020-01-01 al 2099-12-31, para 1 producto(s) y marcas ${brand} (vigente).`);
    expect(cupon).toMatchObject({
      codigo: 'OTONO30',
      descuento: 30,
      activo: true,
      estado: 'vigente',
      assignedProducts: String(plain[4]!.idProducto),
      productos: [{ idProducto: plain[4]!.idProducto, nombre: plain[4]!.nombre }],
      marcas: [{ nombre: brand }],
    });

    const publicos = async () =>
      (await publico<{ codigo: string; assignedBrands: string }[]>('/api/descuentos', customerToken)).map((c) => c.codigo);
    expect(await publicos()).toContain('OTONO30');
    const list = await json<{ cupones: CuponOperador[] }>(await admin('GET', '/admin/api/cupones'));
    expect(list.cupones.find((c) => c.codigo === 'VERANO15')?.estado).toBe('vencido');
    expect(list.cupones.find((c) => c.codigo === 'NAVIDAD25')?.estado).toBe('programado');
    expect(list.cupones.find((c) => c.codigo === 'OTONO30')?.estado).toBe('vigente');

    const off = await admin('POST', '/admin/api/cupones/Otono30/desactivar');
    expect(await mensaje(off)).toBe('Cupón OTONO30 desactivado: ya no se puede usar.');
    expect(await publicos()).not.toContain('OTONO30');
    expect(await ultimaAuditoria()).toMatchObject({
      accion: 'cupon.desactivar',
      objetivo: 'cupón OTONO30',
      antes: { activo: true },
      despues: { activo: false },
    });
    await admin('POST', '/admin/api/cupones/OTONO30/activar');
    expect(await publicos()).toContain('OTONO30');

    const refusals: [unknown, number, string][] = [
      [{ codigo: 'OTONO30', descuento: 5, fecha_inicio: '2030-01-01', fecha_fin: '2030-02-01' }, 409, 'Ya existe el cupón OTONO30.'],
      [
        { codigo: 'NUEVO', descuento: 5, fecha_inicio: '2030-02-01', fecha_fin: '2030-01-01' },
        400,
        'La fecha de fin no puede ser anterior a la de inicio.',
      ],
      [
        { codigo: 'NUEVO', descuento: 5, fecha_inicio: '2030-02-30', fecha_fin: '2030-03-01' },
        400,
        'La fecha de inicio no es una fecha que exista.',
      ],
      [
        { codigo: 'NUEVO', descuento: 0, fecha_inicio: '2030-01-01', fecha_fin: '2030-03-01' },
        400,
        'El descuento es un porcentaje mayor que 0 y de hasta 100.',
      ],
      [
        { codigo: 'con espacio', descuento: 5, fecha_inicio: '2030-01-01', fecha_fin: '2030-03-01' },
        400,
        'El código debe tener de 3 a 40 letras, números, guiones o guiones bajos, sin espacios ni tildes.',
      ],
      [
        { codigo: 'NUEVO', descuento: 5, fecha_inicio: '2030-01-01', fecha_fin: '2030-03-01', marcas: ['Marca Que No Existe'] },
        400,
        'No existen estas marcas: Marca Que No Existe.',
      ],
      [
        { codigo: 'NUEVO', descuento: 5, fecha_inicio: '2030-01-01', fecha_fin: '2030-03-01', productos: [987654] },
        400,
        'No existen estos productos: 987654 (indica su idProducto o su SKU).',
      ],
      [
        { codigo: 'NUEVO', descuento: 5, fecha_inicio: '2030-01-01', fecha_fin: '2030-03-01', tope: 3 },
        400,
        'Campos del cupón: codigo, tipo, descuento, monto, minimo, fecha_inicio, fecha_fin, usos_maximos, uno_por_cliente, productos, marcas y clientes.',
      ],
    ];
    for (const [body, status, expected] of refusals) {
      const res = await admin('POST', '/admin/api/cupones', body);
      expect([res.status, await mensaje(res)]).toEqual([status, expected]);
    }
    expect((await admin('POST', '/admin/api/cupones/NOEXISTE/desactivar')).status).toBe(404);
  });

  it('stores images once by content and serves them with their type and a year of immutable caching', async () => {
    expect(isApiPath('/imagenes/abc.png')).toBe(true);
    const bytes = png(3, 2, [200, 40, 90]);
    const first = await subir(bytes);
    expect(first.status).toBe(201);
    const imagen = await json<ImagenGuardada>(first);
    expect(imagen).toMatchObject({
      url: expect.stringMatching(/^\/imagenes\/[0-9a-f]{64}\.png$/),
      tipo: 'image/png',
      bytes: bytes.length,
      ancho: 3,
      alto: 2,
      nueva: true,
    });
    const again = await subir(bytes, 'otra-vez.png');
    expect(again.status).toBe(200);
    expect(await json<ImagenGuardada>(again)).toMatchObject({ url: imagen.url, nueva: false });

    const served = await shop.call('GET', imagen.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('ETag')).toBe(`"${imagen.sha256}"`);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const cached = await shop.call('GET', imagen.url, { headers: { 'If-None-Match': `"${imagen.sha256}"` } });
    expect(cached.status).toBe(304);
    expect((await shop.call('GET', imagen.url.replace('.png', '.jpg'))).status).toBe(404);
    expect((await shop.call('GET', `/imagenes/${'0'.repeat(64)}.png`)).status).toBe(404);
    expect((await shop.call('GET', '/imagenes/no-es-un-hash.png')).status).toBe(404);

    const notImage = await subir(Buffer.from('hola, no soy una imagen'), 'nota.txt');
    expect([notImage.status, await mensaje(notImage)]).toEqual([
      400,
      'nota.txt: El archivo no es una imagen JPEG, PNG, WebP, AVIF, GIF o SVG (ni un video MP4 o WebM).',
    ]);
    const empty = await subir(Buffer.alloc(0), 'vacio.png');
    expect([empty.status, await mensaje(empty)]).toEqual([400, 'vacio.png: El archivo está vacío.']);
    const small = appWith({ imagenMaximaBytes: 100 });
    const tooBig = await small.request('/admin/api/imagenes', {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ nombre: 'grande.png', datos: Buffer.concat([png(3, 2, [1, 1, 1]), Buffer.alloc(60)]).toString('base64') }),
    });
    expect([tooBig.status, await mensaje(tooBig)]).toEqual([
      413,
      expect.stringMatching(/^grande\.png: El archivo pesa 1\d\d bytes: el máximo es 100 bytes\.$/),
    ]);
    const huge = await small.request('/admin/api/imagenes', {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ datos: 'A'.repeat(10_000) }),
    });
    expect([huge.status, await mensaje(huge)]).toEqual([413, 'El archivo es demasiado grande: el máximo es 100 bytes.']);
  });

  it('manages banners, popups, top-strip messages and social items: add, reorder, remove, each visible in the public calls at once', async () => {
    const imagen = await json<ImagenGuardada>(await subir(png(8, 3, [10, 120, 200]), 'banner.png'));
    const before = await version();
    const added = await admin('POST', '/admin/api/banners', { img_url: imagen.url, rutabutton: '/marcas/COSRX', alt: 'COSRX en oferta' });
    expect(added.status).toBe(201);
    const { item } = await json<{ item: ContenidoOperador['banners'] }>(added);
    expect(await version()).toBeGreaterThan(before);
    let publicos = await publico<{ img_url: string; rutabutton: string | null; alt: string }[]>('/web/baners');
    expect(publicos.at(-1)).toEqual({ img_url: imagen.url, rutabutton: '/marcas/COSRX', alt: 'COSRX en oferta' });

    const moved = await admin('POST', `/admin/api/banners/${item.id}/posicion`, { posicion: 1 });
    expect(await mensaje(moved)).toBe(`Banner ${item.id} movido a la posición 1 de ${publicos.length}.`);
    publicos = await publico('/web/baners');
    expect(publicos[0]!.img_url).toBe(imagen.url);
    expect(await ultimaAuditoria()).toMatchObject({
      accion: 'banner.mover',
      antes: { posicion: publicos.length },
      despues: { posicion: 1 },
    });
    expect(await mensaje(await admin('DELETE', `/admin/api/banners/${item.id}`))).toBe(`Banner ${item.id} quitado: ${imagen.url}.`);
    expect((await publico<{ img_url: string }[]>('/web/baners')).some((b) => b.img_url === imagen.url)).toBe(false);

    // Top strip.
    const mensajeNuevo = await json<{ item: ContenidoOperador['mensajes'] }>(
      await admin('POST', '/admin/api/mensajes', { mensaje: '  Nuevos sérums de Anua  ' }),
    );
    expect((await publico<{ mensaje: string }[]>('/web/navbar_superior')).at(-1)).toEqual({ mensaje: 'Nuevos sérums de Anua' });
    await admin('POST', `/admin/api/mensajes/${mensajeNuevo.item.id}/posicion`, { posicion: 2 });
    expect((await publico<{ mensaje: string }[]>('/web/navbar_superior'))[1]).toEqual({ mensaje: 'Nuevos sérums de Anua' });

    // Popups: a hidden one is not public until shown; order is the operator's.
    const popup = await json<{ item: ContenidoOperador['popups'] }>(
      await admin('POST', '/admin/api/popups', { img_url: imagen.url, visible: false }),
    );
    expect((await publico<{ img_url: string }[]>('/web/popups')).some((x) => x.img_url === imagen.url)).toBe(false);
    await admin('POST', `/admin/api/popups/${popup.item.id}/visible`, { visible: true });
    await admin('POST', `/admin/api/popups/${popup.item.id}/posicion`, { posicion: 1 });
    expect((await publico<{ img_url: string; visible: number }[]>('/web/popups'))[0]).toMatchObject({ img_url: imagen.url, visible: 1 });

    // Social items take their type from the stored file.
    const social = await admin('POST', '/admin/api/sociales', { url: imagen.url });
    expect((await json<{ item: ContenidoOperador['sociales'] }>(social)).item.tipo).toBe('image');
    expect((await publico<{ tipo: string; url: string }[]>('/web/sociales')).at(-1)).toEqual({ tipo: 'image', url: imagen.url });
    const wrongType = await admin('POST', '/admin/api/sociales', { url: imagen.url, tipo: 'video' });
    expect([wrongType.status, await mensaje(wrongType)]).toEqual([400, `${imagen.url} es una imagen, no un video.`]);

    const refusals: [string, string, unknown, number, string][] = [
      [
        'POST',
        '/admin/api/banners',
        { img_url: `/imagenes/${'a'.repeat(64)}.png` },
        400,
        `La imagen: la imagen /imagenes/${'a'.repeat(64)}.png no está en la tienda. Súbela primero (npm run shop la sube si indicas el archivo).`,
      ],
      [
        'POST',
        '/admin/api/banners',
        { img_url: 'https://otro.example/x.png' },
        400,
        'La imagen (img_url) debe ser una ruta de la tienda que empiece con una sola / (por ejemplo /Serúm o /marcas/COSRX), sin espacios ni barras invertidas (\\).',
      ],
      // Browsers follow /\evil.com and //evil.com to another site: an open redirect from the home popup or a banner.
      [
        'POST',
        '/admin/api/popups',
        { img_url: imagen.url, rutabutton: '/\\evil.com' },
        400,
        'La ruta del botón (rutabutton) debe ser una ruta de la tienda que empiece con una sola / (por ejemplo /Serúm o /marcas/COSRX), sin espacios ni barras invertidas (\\).',
      ],
      [
        'POST',
        '/admin/api/banners',
        { img_url: imagen.url, rutabutton: '//evil.com' },
        400,
        'La ruta del botón (rutabutton) debe ser una ruta de la tienda que empiece con una sola / (por ejemplo /Serúm o /marcas/COSRX), sin espacios ni barras invertidas (\\).',
      ],
      ['POST', '/admin/api/mensajes', { mensaje: '' }, 400, 'Escribe el mensaje.'],
      ['POST', '/admin/api/mensajes', { mensaje: 'hola\u0000' }, 400, 'El mensaje contiene caracteres no permitidos.'],
      ['POST', '/admin/api/mensajes/999999/posicion', { posicion: 1 }, 404, 'No existe el mensaje 999999.'],
      [
        'POST',
        `/admin/api/mensajes/${mensajeNuevo.item.id}/posicion`,
        { posicion: 0 },
        400,
        'La posición debe ser un número entero desde 1.',
      ],
      ['DELETE', '/admin/api/sociales/abc', undefined, 400, 'El id del social debe ser un número entero positivo.'],
      ['DELETE', '/admin/api/popups/999999', undefined, 404, 'No existe el popup 999999.'],
    ];
    for (const [method, path, body, status, expected] of refusals) {
      const res = await admin(method, path, body);
      expect([path, res.status, await mensaje(res)]).toEqual([path, status, expected]);
    }
  });

  it('lists the audit trail newest first with who, when and what, and validates its limit', async () => {
    const { entradas } = await json<{ entradas: EntradaAuditoria[] }>(await admin('GET', '/admin/api/auditoria?limite=500'));
    expect(entradas.length).toBeGreaterThan(10);
    expect(entradas.every((e) => e.operador === 'token de operador (José Pérez)')).toBe(true);
    const fechas = entradas.map((e) => Date.parse(e.fecha));
    expect(fechas).toEqual([...fechas].sort((a, b) => b - a));
    expect(new Set(entradas.map((e) => e.accion))).toEqual(
      new Set([
        'producto.cambiar',
        'cupon.crear',
        'cupon.desactivar',
        'cupon.activar',
        'imagen.subir',
        'banner.agregar',
        'banner.mover',
        'banner.quitar',
        'mensaje.agregar',
        'mensaje.mover',
        'popup.agregar',
        'popup.mostrar',
        'popup.mover',
        'social.agregar',
      ]),
    );
    const noName = await shop.call('POST', '/admin/api/mensajes', { token: TOKEN, body: { mensaje: 'Sin nombre' } });
    expect(noName.status).toBe(201);
    expect((await ultimaAuditoria()).operador).toBe('token de operador');
    for (const limite of ['0', 'x', '100000']) expect((await admin('GET', `/admin/api/auditoria?limite=${limite}`)).status).toBe(400);
  });

  /** An app on the same database with other settings. */
  function appWith(config: Partial<ServerConfig>) {
    const merged = { ...shop.services.config, ...config };
    return createApp({ services: { ...shop.services, config: merged, operatorToken: lazyOperatorToken(shop.database.db, merged) } });
  }

  it('stock changes during concurrent checkouts neither lose a reservation nor oversell', async () => {
    const producto = plainProducts(await shop.catalogue())[7]!;
    await shop.setStock(producto.idProducto, 5);
    const customers = await Promise.all(Array.from({ length: 8 }, (_, i) => shop.customer(`concurrente${i}`)));
    const [orders, changes] = await Promise.all([
      Promise.allSettled(customers.map((customer) => placeOrder(shop, customer, { ...producto, stock: 5 }))),
      Promise.all(Array.from({ length: 5 }, () => admin('PATCH', `/admin/api/productos/${producto.idProducto}`, { stock_total: 1000 }))),
    ]);
    expect(changes.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    // Five units, five orders: the operator's changes in between took none back and gave none away.
    expect(orders.filter((order) => order.status === 'fulfilled')).toHaveLength(5);
    expect(await shop.stockOf(producto.idProducto)).toBe(0);
    const { producto: after } = await json<ProductoOperadorRespuesta>(await admin('GET', `/admin/api/productos/${producto.idProducto}`));
    expect(after.stock_total).toBeGreaterThanOrEqual(995);
    expect(after.stock_total).toBeLessThanOrEqual(1000);
  });
});
