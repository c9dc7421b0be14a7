import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RespuestaImportacion } from '../../src/lib/api/operator-schemas.ts';
import type {
  EntradaAuditoriaProducto,
  ErrorFormularioProducto,
  OpcionesCatalogo,
  PaginaCatalogo,
  ProductoFormulario,
  RespuestaProductoEditable,
} from '../../src/lib/api/productos-schemas.ts';
import { parseCsv } from '../../src/cli/csv.ts';
import { marcas, movimientosStock, productos } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';
import { png } from './images.ts';
import { openShop, type TestShop } from './shop.ts';

const TOKEN = 'operador-del-formulario-0123456789';

describeEachDatabase("the back office's product form: create, edit, duplicate, archive, audit, export (issue 37)", (target) => {
  let shop: TestShop;
  let opciones: OpcionesCatalogo;
  let fotos: string[];
  let base: ProductoFormulario;
  const api = (method: string, path: string, body?: unknown) => shop.call(method, `/admin/api${path}`, { token: TOKEN, body });
  const ok = async <T>(res: Response, status = 200) => {
    if (res.status !== status) throw new Error(`${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const refusado = async (res: Response, status = 400) => {
    expect(res.status).toBe(status);
    return (await res.json()) as ErrorFormularioProducto;
  };
  const cuantos = async () => Number((await shop.database.db.select({ n: count() }).from(productos))[0]!.n);

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN } });
    opciones = await ok<OpcionesCatalogo>(await api('GET', '/catalogo/opciones'));
    fotos = [];
    for (const color of [
      [200, 10, 10],
      [10, 200, 10],
    ] as [number, number, number][]) {
      const subida = await api('POST', '/imagenes', { nombre: 'foto.png', datos: png(40, 40, color).toString('base64') });
      fotos.push(((await subida.json()) as { url: string }).url);
    }
    const categoria = opciones.categorias[0]!;
    const hija = opciones.hijas.find((h) => h.categoriaId === categoria.id);
    base = {
      sku: 'FORM-001',
      nombre: 'Esencia de Arroz Ñame',
      descripcion: 'Una esencia ligera.\nPara todo tipo de piel.',
      precio: '59,90',
      descuento: 10,
      descuentoN: 0,
      descuentoDesde: '01/12/2026',
      descuentoHasta: '2026-12-31',
      newores: 'nuevo',
      etiquetalogo: '',
      marca: 'Marca Del Formulario',
      linea: opciones.lineas.find((l) => l.id === categoria.lineaId)!.nombre,
      categoria: categoria.nombre,
      child: hija?.nombre ?? '',
      colores: 'Rosa, Nude',
      tamaños: '50 ml',
      stock: 12,
      modouso: '',
      beneficios: 'Hidrata.',
      ingredientes: 'Arroz.',
      fechaLlegada: '',
      sedes: 'Miraflores',
      tipo_piel: 'Seca',
      edad: '20+',
      inquietud_piel: 'Opacidad',
      esSet: false,
      visible: true,
      fotos: [
        { url: fotos[0]!, alt: 'Frasco de esencia de arroz' },
        { url: fotos[1]!, alt: '' },
      ],
      motivoStock: 'Primera compra',
    };
  });
  afterAll(() => shop?.close());

  let id: number;

  it('creates a product with every field, a new brand by name, its photos and texts, a manual stock movement and an audit entry', async () => {
    const { mensaje, producto } = await ok<RespuestaProductoEditable>(await api('POST', '/productos', base), 201);
    id = producto.idProducto;
    expect(mensaje).toBe(`Producto ${id} creado: Esencia de Arroz Ñame.`);
    expect(producto).toMatchObject({
      sku: 'FORM-001',
      precio: 59.9,
      descuento: 10,
      descuentoDesde: '2026-12-01',
      descuentoHasta: '2026-12-31',
      newores: 'Nuevo',
      marca: 'Marca Del Formulario',
      stock: 12,
      stock_total: 12,
      modouso: 'No especificado.',
      visible: true,
      archivado: null,
      fotos: [
        { url: fotos[0], alt: 'Frasco de esencia de arroz' },
        { url: fotos[1], alt: '' },
      ],
    });
    const [fila] = await shop.database.db.select().from(productos).where(eq(productos.id, id));
    expect(fila).toMatchObject({
      img: fotos.join(','),
      imagen: fotos[0],
      imgHover: fotos[1],
      fotosAlt: { [fotos[0]!]: 'Frasco de esencia de arroz' },
    });
    const movimientos = await shop.database.db.select().from(movimientosStock).where(eq(movimientosStock.productoId, id));
    expect(movimientos).toMatchObject([{ antes: 0, despues: 12, motivo: 'manual', nota: 'Primera compra' }]);
    const { entradas } = await ok<{ entradas: EntradaAuditoriaProducto[] }>(await api('GET', `/productos/${id}/auditoria`));
    expect(entradas).toMatchObject([
      { accion: 'producto.crear', despues: { nombre: 'Esencia de Arroz Ñame', marcaNueva: 'Marca Del Formulario', stock: 12 } },
    ]);
    // It is in the list, and in the shop's catalogue.
    const lista = await ok<PaginaCatalogo>(await api('GET', '/catalogo/productos?q=esencia%20name'));
    expect(lista.productos.map((p) => p.idProducto)).toEqual([id]);
    expect((await shop.catalogue()).some((p) => p.idProducto === id)).toBe(true);
  });

  it('refuses an invalid form with the import’s Spanish messages on each field, writing nothing', async () => {
    const antes = await cuantos();
    const marcasAntes = (await shop.database.db.select({ n: count() }).from(marcas))[0]!.n;
    const { mensaje, errores } = await refusado(
      await api('POST', '/productos', {
        ...base,
        sku: 'CON ESPACIO',
        precio: 'caro',
        descuento: 150,
        newores: 'Oferta',
        fechaLlegada: '31/02/2026',
        marca: 'Otra Marca Nueva',
        fotos: [{ url: 'https://otro.sitio/foto.jpg', alt: '' }],
      }),
    );
    expect(errores).toMatchObject({
      sku: 'El sku no puede tener espacios.',
      precio: 'El precio debe ser un número (por ejemplo 49.90).',
      descuento: 'El descuento (%) no puede pasar de 99.',
      newores: 'newores debe estar vacío o ser Nuevo, Reestok, Preventa, Sale.',
      fechaLlegada: 'fechaLlegada no es una fecha que exista.',
    });
    expect(errores!.fotos).toMatch(/^img: cada imagen debe ser/);
    expect(mensaje).toBe(Object.values(errores!)[0]);
    const faltan = await refusado(await api('POST', '/productos', { nombre: ' ', fotos: [] }));
    expect(faltan.errores).toEqual({
      nombre: 'Falta el nombre.',
      precio: 'Falta el precio.',
      marca: 'Falta la marca.',
      categoria: 'Falta la categoría.',
    });
    // The rules on the product as it would end up (product-rules.ts), and what the shop must have.
    const reglas = async (cambio: Partial<ProductoFormulario>) =>
      (await refusado(await api('POST', '/productos', { ...base, sku: 'FORM-X', ...cambio }))).errores;
    expect(await reglas({ descuentoN: 60 })).toEqual({
      descuentoN: 'El descuento en soles (S/ 60.00) debe ser menor que el precio (S/ 59.90).',
    });
    expect(await reglas({ stock: 5, stock_total: 3 })).toEqual({
      stock_total: 'El stock_total (3) no puede ser menor que el stock de la web (5).',
    });
    expect(await reglas({ descuentoDesde: '2026-12-31', descuentoHasta: '2026-12-01' })).toEqual({
      descuentoHasta: 'La fecha de fin del descuento (2026-12-01) no puede ser anterior a la de inicio (2026-12-31).',
    });
    expect(await reglas({ sku: 'FORM-001' })).toEqual({ sku: `El sku FORM-001 es del producto ${id}.` });
    expect(await reglas({ categoria: 'Categoría Inventada' })).toEqual({
      categoria:
        'La categoría Categoría Inventada no existe: elige una de la lista (las nuevas se crean con la importación, con su línea).',
    });
    expect(await reglas({ linea: 'Otra Línea' })).toMatchObject({
      linea: expect.stringMatching(/^La categoría .* es de la línea .*, no de Otra Línea\.$/),
    });
    const ajena = opciones.hijas.find((h) => h.categoriaId !== opciones.categorias[0]!.id);
    if (ajena)
      expect((await reglas({ child: ajena.nombre }))!.child).toMatch(new RegExp(`^La subcategoría ${ajena.nombre} es de la categoría`));
    expect(await reglas({ fotos: [{ url: `/imagenes/${'0'.repeat(64)}.png`, alt: '' }] })).toEqual({
      fotos: `La imagen /imagenes/${'0'.repeat(64)}.png no está en la tienda.`,
    });
    expect(await reglas({ fotos: [{ url: fotos[0]!, alt: 'a\u0007b' }] })).toEqual({
      fotos: 'El texto alternativo de la foto 1 contiene caracteres no permitidos.',
    });
    const desconocido = await refusado(await api('POST', '/productos', { ...base, color: 'rojo' }));
    expect(desconocido.mensaje).toBe('Campo desconocido: color.');
    expect(await cuantos()).toBe(antes);
    expect((await shop.database.db.select({ n: count() }).from(marcas))[0]!.n).toBe(marcasAntes);
  });

  it('edits every field with PUT, audits what changed, records a stock change as manual, and answers "Sin cambios" when nothing did', async () => {
    const { producto: leido } = {
      producto: await ok<RespuestaProductoEditable['producto']>(await api('GET', `/catalogo/productos/${id}`)),
    };
    const { mensaje, producto } = await ok<RespuestaProductoEditable>(
      await api('PUT', `/productos/${id}`, {
        ...base,
        nombre: 'Esencia de Arroz',
        precio: 64.5,
        colores: '',
        descuentoDesde: '',
        descuentoHasta: '',
        stock: 20,
        stockLeido: leido.stock,
        motivoStock: 'Llegó la caja',
        fotos: [
          { url: fotos[1]!, alt: 'Textura' },
          { url: fotos[0]!, alt: 'Frasco de esencia de arroz' },
        ],
      }),
    );
    expect(mensaje).toBe(
      `Producto ${id} guardado (nombre, precio, descuentoDesde, descuentoHasta, fotos, textos de las fotos, colores, stock, stock_total).`,
    );
    expect(producto).toMatchObject({
      nombre: 'Esencia de Arroz',
      precio: 64.5,
      colores: '',
      descuentoDesde: null,
      stock: 20,
      stock_total: 20,
    });
    expect(producto.fotos[0]).toEqual({ url: fotos[1], alt: 'Textura' });
    const [fila] = await shop.database.db.select().from(productos).where(eq(productos.id, id));
    expect(fila).toMatchObject({ imagen: fotos[1], imgHover: fotos[0] });
    const ultimo = await shop.database.db
      .select()
      .from(movimientosStock)
      .where(eq(movimientosStock.productoId, id))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(ultimo[0]).toMatchObject({ antes: 12, despues: 20, motivo: 'manual', nota: 'Llegó la caja' });
    const { entradas } = await ok<{ entradas: EntradaAuditoriaProducto[] }>(await api('GET', `/productos/FORM-001/auditoria`));
    expect(entradas[0]).toMatchObject({
      accion: 'producto.editar',
      operador: expect.any(String),
      antes: { nombre: 'Esencia de Arroz Ñame', precio: 59.9, colores: 'Rosa, Nude', stock: 12 },
      despues: { nombre: 'Esencia de Arroz', precio: 64.5, colores: '', stock: 20, motivoStock: 'Llegó la caja' },
    });
    expect(entradas[1]!.accion).toBe('producto.crear');
    // The same form again changes nothing and writes nothing.
    const otra = await ok<RespuestaProductoEditable>(
      await api('PUT', `/productos/${id}`, {
        ...base,
        nombre: 'Esencia de Arroz',
        precio: 64.5,
        colores: '',
        descuentoDesde: '',
        descuentoHasta: '',
        stock: 20,
        fotos: producto.fotos,
      }),
    );
    expect(otra.mensaje).toBe(`Sin cambios: el producto ${id} ya tenía esos valores.`);
    // A product whose imgHover an import set apart keeps it when the form sends the same photos.
    await shop.database.db.update(productos).set({ imgHover: fotos[1]! }).where(eq(productos.id, id));
    const igual = await ok<RespuestaProductoEditable>(await api('PUT', `/productos/${id}`, { fotos: producto.fotos }));
    expect(igual.mensaje).toBe(`Sin cambios: el producto ${id} ya tenía esos valores.`);
    expect((await ok<{ entradas: unknown[] }>(await api('GET', `/productos/${id}/auditoria`))).entradas).toHaveLength(2);
  });

  it('refuses to undo a sale: a stock changed since the form read it is a 409 naming the units now', async () => {
    await shop.database.db.update(productos).set({ stock: 17 }).where(eq(productos.id, id));
    const { errores } = await refusado(await api('PUT', `/productos/${id}`, { stock: 25, stockLeido: 20 }), 409);
    expect(errores!.stock).toMatch(/^El stock cambió mientras editabas \(ahora 17;/);
    expect(await shop.stockOf(id)).toBe(17);
    // Without touching the stock the rest saves, and the sale stands.
    await ok(await api('PUT', `/productos/${id}`, { precio: 66 }));
    expect(await shop.stockOf(id)).toBe(17);
    expect((await refusado(await api('PUT', `/productos/${id}`, { precio: '' }))).errores).toEqual({ precio: 'Falta el precio.' });
    expect((await refusado(await api('PUT', '/productos/999999', { precio: 5 }), 404)).mensaje).toBe(
      'No existe el producto 999999 (indica su idProducto o su SKU).',
    );
  });

  it('under concurrent edits from the same form state, exactly one stock change wins; the others are told the units now', async () => {
    const leido = await shop.stockOf(id);
    const respuestas = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => api('PUT', `/productos/${id}`, { stock: leido + n, stockLeido: leido, motivoStock: `caja ${n}` })),
    );
    const estados = respuestas.map((r) => r.status).sort();
    expect(estados).toEqual([200, 409, 409, 409, 409, 409]);
    const ganador = respuestas.findIndex((r) => r.status === 200) + 1;
    expect(await shop.stockOf(id)).toBe(leido + ganador);
    const movimientos = await shop.database.db
      .select()
      .from(movimientosStock)
      .where(eq(movimientosStock.productoId, id))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(movimientos[0]).toMatchObject({ antes: leido, despues: leido + ganador, motivo: 'manual', nota: `caja ${ganador}` });
    await shop.database.db.update(productos).set({ stock: leido }).where(eq(productos.id, id));
  });

  it('duplicates a product hidden, without SKU nor stock, audited', async () => {
    const { mensaje, producto } = await ok<RespuestaProductoEditable>(await api('POST', `/productos/${id}/duplicar`), 201);
    expect(mensaje).toMatch(/^Copia creada: producto \d+, oculta en la tienda y sin stock/);
    expect(producto).toMatchObject({
      nombre: 'Esencia de Arroz (copia)',
      sku: null,
      stock: 0,
      visible: false,
      precio: 66,
      marca: 'Marca Del Formulario',
    });
    expect(producto.fotos).toHaveLength(2);
    const { entradas } = await ok<{ entradas: EntradaAuditoriaProducto[] }>(
      await api('GET', `/productos/${producto.idProducto}/auditoria`),
    );
    expect(entradas).toMatchObject([{ accion: 'producto.duplicar', despues: { de: `producto ${id} (FORM-001)` } }]);
  });

  it('archives (hidden from the shop and the list, never deleted) and restores (still hidden until shown)', async () => {
    const archivado = await ok<RespuestaProductoEditable>(await api('POST', `/productos/${id}/archivar`));
    expect(archivado.mensaje).toBe(`Producto ${id} archivado: ya no se muestra en la tienda; sus pedidos y comprobantes lo conservan.`);
    expect(archivado.producto).toMatchObject({ visible: false, archivado: expect.any(String) });
    expect((await shop.catalogue()).some((p) => p.idProducto === id)).toBe(false);
    expect((await ok<PaginaCatalogo>(await api('GET', '/catalogo/productos?q=FORM-001'))).total).toBe(0);
    expect((await ok<PaginaCatalogo>(await api('GET', '/catalogo/productos?q=FORM-001&archivados=solo'))).total).toBe(1);
    expect((await refusado(await api('POST', `/productos/${id}/archivar`), 409)).mensaje).toBe(`El producto ${id} ya está archivado.`);
    expect((await refusado(await api('PUT', `/productos/${id}`, { visible: true }))).errores).toEqual({
      visible: 'Un producto archivado no se muestra en la tienda: restáuralo primero.',
    });
    const restaurado = await ok<RespuestaProductoEditable>(await api('POST', `/productos/${id}/restaurar`));
    expect(restaurado.mensaje).toBe(`Producto ${id} restaurado: sigue oculto en la tienda hasta que lo marques visible.`);
    expect(restaurado.producto).toMatchObject({ visible: false, archivado: null });
    expect((await refusado(await api('POST', `/productos/${id}/restaurar`), 409)).mensaje).toBe(`El producto ${id} no está archivado.`);
    await ok(await api('PUT', `/productos/${id}`, { visible: 'sí' }));
    expect((await shop.catalogue()).some((p) => p.idProducto === id)).toBe(true);
    const { entradas } = await ok<{ entradas: EntradaAuditoriaProducto[] }>(await api('GET', `/productos/${id}/auditoria?limite=3`));
    expect(entradas.map((e) => e.accion)).toEqual(['producto.editar', 'producto.restaurar', 'producto.archivar']);
    // The PATCH of the command line keeps working on the same product.
    const patch = await shop.call('PATCH', `/admin/api/productos/${id}`, { token: TOKEN, body: { precio: 70 } });
    expect(patch.status).toBe(200);
  });

  it('exports the filtered list in the import’s columns, and importing the file back changes nothing', async () => {
    const marca = (await ok<OpcionesCatalogo>(await api('GET', '/catalogo/opciones'))).marcas.find(
      (m) => m.nombre === 'Marca Del Formulario',
    )!;
    const csv = await api('GET', `/catalogo/exportar?marca=${marca.id}&formato=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="catalogo-\d{4}-\d{2}-\d{2}\.csv"$/);
    const texto = await csv.text();
    const { cabecera, registros } = parseCsv(texto);
    expect(cabecera[0]).toBe('sku');
    expect(registros).toHaveLength(2);
    const filas = registros.map((r) => ({ fila: r.fila, valores: Object.fromEntries(cabecera.map((c, i) => [c, r.celdas[i]])) }));
    expect(filas.find((f) => f.valores.sku === 'FORM-001')!.valores).toMatchObject({
      nombre: 'Esencia de Arroz',
      precio: '70',
      img: `${fotos[1]},${fotos[0]}`,
      esSet: 'no',
    });
    const vuelta = await ok<RespuestaImportacion>(await api('POST', '/importar', { filas, simulacro: true }));
    expect(vuelta.resultados.map((r) => r.resultado)).toEqual(['sin cambios', 'sin cambios']);

    const json = await ok<Record<string, unknown>[]>(await api('GET', '/catalogo/exportar?formato=json'));
    expect(json.length).toBe((await ok<PaginaCatalogo>(await api('GET', '/catalogo/productos'))).total);
    const vueltaJson = await ok<RespuestaImportacion>(
      await api('POST', '/importar', { filas: json.slice(0, 200).map((valores, i) => ({ fila: i + 1, valores })), simulacro: true }),
    );
    expect(vueltaJson.resultados.every((r) => r.resultado === 'sin cambios')).toBe(true);
    expect((await refusado(await api('GET', '/catalogo/exportar?formato=xls'))).mensaje).toBe('El formato debe ser csv o json.');
  });
});
