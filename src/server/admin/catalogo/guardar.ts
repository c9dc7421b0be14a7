import { eq, sql } from 'drizzle-orm';
import type { ProductoEditable } from '../../../lib/api/productos-schemas.ts';
import type { Db, Tx } from '../../db/client.ts';
import { categorias, categoriasHijas, lineas, marcas, productos, type NuevoProducto, type ProductoRow } from '../../db/schema/index.ts';
import { clientError } from '../../http/errors.ts';
import { parseImageUrl, storedImages } from '../../images/store.ts';
import { motivoStock } from '../../catalogue/movimientos.ts';
import { audit, type Cambio } from '../audit.ts';
import { motivoCifras, stockTotalTras } from '../product-rules.ts';
import type { Formulario } from './formulario.ts';
import { objetivoProducto, productoEditable } from './lista.ts';

/**
 * Writes the product form (POST /admin/api/productos, PUT /admin/api/productos/:ref): names resolved
 * (a new brand is created by name like the import does; categories and children are chosen from the
 * shop's), the price and stock rules of product-rules.ts on the product as it would end up, stock set as a
 * 'manual' movement, the changed fields audited, all in one transaction under the row's lock.
 */

const SIN_ESPECIFICAR = 'No especificado.';
const clave = (nombre: string) => nombre.trim().toLowerCase();

/** A refused form: 400 (or `status`) with the first reason and each field's. */
export const errorFormulario = (errores: Record<string, string>, status: 400 | 409 = 400) =>
  clientError(status, Object.values(errores)[0] ?? 'El producto no es válido.', { errores });

/** The product's columns and the form's field names, as audit entries and answers name them. */
const NOMBRES: Partial<Record<keyof NuevoProducto, string>> = {
  sku: 'sku',
  nombre: 'nombre',
  descripcion: 'descripcion',
  precio: 'precio',
  descuento: 'descuento',
  descuentoN: 'descuentoN',
  descuentoDesde: 'descuentoDesde',
  descuentoHasta: 'descuentoHasta',
  img: 'fotos',
  fotosAlt: 'textos de las fotos',
  newores: 'newores',
  etiquetalogo: 'etiquetalogo',
  marcaId: 'marca',
  categoriaId: 'categoria',
  childId: 'child',
  colores: 'colores',
  tamanos: 'tamaños',
  stock: 'stock',
  stockTotal: 'stock_total',
  modouso: 'modouso',
  beneficios: 'beneficios',
  ingredientes: 'ingredientes',
  fechaLlegada: 'fechaLlegada',
  sedes: 'sedes',
  tipoPiel: 'tipo_piel',
  edad: 'edad',
  inquietudPiel: 'inquietud_piel',
  esSet: 'esSet',
  visible: 'visible',
};

/** Text fields: the form's name and the column; a blank clears them. */
const TEXTOS = [
  ['nombre', 'nombre'],
  ['descripcion', 'descripcion'],
  ['newores', 'newores'],
  ['etiquetalogo', 'etiquetalogo'],
  ['colores', 'colores'],
  ['tamaños', 'tamanos'],
  ['sedes', 'sedes'],
  ['tipo_piel', 'tipoPiel'],
  ['edad', 'edad'],
  ['inquietud_piel', 'inquietudPiel'],
] as const;

/** What the write needs besides the form. */
export interface Escritura {
  operador: string;
  /** The units the form showed: a stock changed since (a sale) refuses the edit instead of undoing it. */
  stockLeido?: number;
  /** The person's reason for the stock change (the history's note). */
  motivoStock?: string;
}

/** Resolves names, checks the rules and returns the columns to write, or throws the form's 400. */
async function columnas(
  tx: Tx,
  f: Formulario,
  existente: ProductoRow | undefined,
): Promise<{ valores: Partial<NuevoProducto>; marcaNueva?: string }> {
  const { fila, dados } = f;
  const errores: Record<string, string> = {};
  const valores: Partial<NuevoProducto> = {};
  let marcaNueva: string | undefined;
  for (const [campo, columna] of TEXTOS) if (dados.has(campo)) valores[columna] = (fila[campo] as string | undefined) ?? '';
  for (const campo of ['modouso', 'beneficios', 'ingredientes'] as const)
    if (dados.has(campo)) valores[campo] = fila[campo] || SIN_ESPECIFICAR;
  if (dados.has('sku')) valores.sku = fila.sku ?? null;
  if (dados.has('precio') && fila.precio !== undefined) valores.precio = fila.precio;
  if (dados.has('descuento')) valores.descuento = fila.descuento ?? 0;
  if (dados.has('descuentoN')) valores.descuentoN = fila.descuentoN ?? 0;
  if (dados.has('descuentoDesde')) valores.descuentoDesde = f.descuentoDesde;
  if (dados.has('descuentoHasta')) valores.descuentoHasta = f.descuentoHasta;
  if (dados.has('fechaLlegada')) valores.fechaLlegada = fila.fechaLlegada ?? null;
  if (dados.has('esSet')) valores.esSet = fila.esSet ?? false;
  if (dados.has('visible')) valores.visible = fila.visible ?? true;
  if (dados.has('stock') && fila.stock !== undefined) valores.stock = fila.stock;
  if (dados.has('stock_total') && fila.stock_total !== undefined) valores.stockTotal = fila.stock_total;

  // Photos: the first is the main one; `imagen` and `imgHover` derived as the import derives them.
  if (f.fotos) {
    const urls = f.fotos.map((foto) => foto.url);
    const guardadas = await storedImages(
      tx as unknown as Db,
      urls.map((url) => parseImageUrl(url)?.sha256).filter((s): s is string => Boolean(s)),
    );
    const perdida = urls.find((url) => parseImageUrl(url) && !guardadas.has(parseImageUrl(url)!.sha256));
    if (perdida) errores.fotos = `La imagen ${perdida} no está en la tienda.`;
    // The same photos in the same order leave `imagen` and `imgHover` as they are (an import may have set them apart).
    if (urls.join(',') !== existente?.img) {
      valores.img = urls.join(',');
      valores.imagen = urls[0] ?? '';
      valores.imgHover = urls[1] ?? '';
    }
    valores.fotosAlt = Object.fromEntries(f.fotos.filter((foto) => foto.alt).map((foto) => [foto.url, foto.alt]));
  }

  if (valores.sku) {
    const [otro] = await tx.select({ id: productos.id }).from(productos).where(eq(productos.sku, valores.sku));
    if (otro && otro.id !== existente?.id) errores.sku = `El sku ${valores.sku} es del producto ${otro.id}.`;
  }
  if (fila.marca !== undefined) {
    const [marca] = await tx
      .select({ id: marcas.id })
      .from(marcas)
      .where(sql`lower(${marcas.nombre}) = ${clave(fila.marca)}`);
    if (marca) valores.marcaId = marca.id;
    else marcaNueva = fila.marca;
  }
  if (fila.categoria !== undefined) {
    const [categoria] = await tx
      .select({ id: categorias.id, nombre: categorias.nombre, linea: lineas.nombre })
      .from(categorias)
      .innerJoin(lineas, eq(lineas.id, categorias.lineaId))
      .where(sql`lower(${categorias.nombre}) = ${clave(fila.categoria)}`);
    if (!categoria)
      errores.categoria = `La categoría ${fila.categoria} no existe: elige una de la lista (las nuevas se crean con la importación, con su línea).`;
    else if (fila.linea !== undefined && clave(fila.linea) !== clave(categoria.linea))
      errores.linea = `La categoría ${categoria.nombre} es de la línea ${categoria.linea}, no de ${fila.linea}.`;
    else valores.categoriaId = categoria.id;
  }
  if (dados.has('child')) {
    if (!fila.child) valores.childId = null;
    else {
      const [hija] = await tx
        .select({
          id: categoriasHijas.id,
          nombre: categoriasHijas.nombre,
          categoriaId: categoriasHijas.categoriaId,
          categoria: categorias.nombre,
        })
        .from(categoriasHijas)
        .innerJoin(categorias, eq(categorias.id, categoriasHijas.categoriaId))
        .where(sql`lower(${categoriasHijas.nombre}) = ${clave(fila.child)}`);
      const suya = valores.categoriaId ?? existente?.categoriaId;
      if (!hija) errores.child = `La subcategoría ${fila.child} no existe: elige una de la lista.`;
      else if (suya !== undefined && hija.categoriaId !== suya)
        errores.child = `La subcategoría ${hija.nombre} es de la categoría ${hija.categoria}, no de ${fila.categoria ?? 'la del producto'}.`;
      else valores.childId = hija.id;
    }
  }
  if (existente?.archivado && valores.visible === true && !existente.visible)
    errores.visible = 'Un producto archivado no se muestra en la tienda: restáuralo primero.';

  // stock_total follows the web's stock as the PATCH does; then the rules every product keeps.
  const stock = valores.stock ?? existente?.stock ?? 0;
  if (valores.stock !== undefined && valores.stockTotal === undefined)
    valores.stockTotal = stockTotalTras(valores.stock, existente?.stockTotal ?? 0);
  const motivo = motivoCifras({
    precio: (valores.precio ?? existente?.precio ?? 0) as number,
    descuentoN: (valores.descuentoN ?? existente?.descuentoN ?? 0) as number,
    stock,
    stockTotal: valores.stockTotal ?? existente?.stockTotal ?? stock,
  });
  if (motivo) errores[motivo.startsWith('El descuento') ? 'descuentoN' : 'stock_total'] ??= motivo;
  const desde = valores.descuentoDesde !== undefined ? valores.descuentoDesde : existente?.descuentoDesde;
  const hasta = valores.descuentoHasta !== undefined ? valores.descuentoHasta : existente?.descuentoHasta;
  if (desde && hasta && hasta < desde)
    errores.descuentoHasta ??= `La fecha de fin del descuento (${hasta}) no puede ser anterior a la de inicio (${desde}).`;
  if (Object.keys(errores).length) throw errorFormulario(errores);

  if (marcaNueva) {
    const [creada] = await tx.insert(marcas).values({ nombre: marcaNueva.trim() }).returning({ id: marcas.id });
    valores.marcaId = creada!.id;
  }
  return { valores, marcaNueva };
}

/** A column's value as an audit entry and an answer show it. */
const vista = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** Creates a product from the form; its id. */
export async function crearProducto(db: Db, f: Formulario, { operador, motivoStock: nota }: Escritura): Promise<ProductoEditable> {
  return db.transaction(async (tx) => {
    const { valores, marcaNueva } = await columnas(tx, f, undefined);
    await motivoStock(tx, { motivo: 'manual', actor: operador, nota: nota ?? 'alta del producto' });
    const fila = { stockTotal: valores.stock ?? 0, ...valores } as NuevoProducto;
    const [creado] = await tx.insert(productos).values(fila).returning({ id: productos.id, sku: productos.sku });
    const producto = (await productoEditable(tx, creado!.id))!;
    await audit(tx, operador, [
      {
        accion: 'producto.crear',
        objetivo: objetivoProducto(creado!.id, creado!.sku),
        antes: null,
        despues: {
          nombre: producto.nombre,
          precio: producto.precio,
          marca: producto.marca,
          categoria: producto.categoria,
          stock: producto.stock,
          visible: producto.visible,
          ...(marcaNueva ? { marcaNueva } : {}),
        },
      },
    ]);
    return producto;
  });
}

/** The full edit of a product: the changed fields written and audited; none changed writes nothing. */
export async function editarProducto(
  db: Db,
  id: number,
  f: Formulario,
  { operador, stockLeido, motivoStock: nota }: Escritura,
): Promise<{ producto: ProductoEditable; campos: string[] }> {
  return db.transaction(async (tx) => {
    const [existente] = await tx.select().from(productos).where(eq(productos.id, id)).for('update');
    if (!existente) throw clientError(404, `No existe el producto ${id}.`);
    if (f.dados.has('stock') && stockLeido !== undefined && existente.stock !== stockLeido && f.fila.stock !== existente.stock)
      throw errorFormulario(
        {
          stock: `El stock cambió mientras editabas (ahora ${existente.stock}; se vendió o alguien lo cambió): revisa la cifra y guarda de nuevo.`,
        },
        409,
      );
    const { valores, marcaNueva } = await columnas(tx, f, existente);
    const distinto = (campo: keyof NuevoProducto) => {
      const antes = existente[campo as keyof ProductoRow];
      const despues = valores[campo];
      return campo === 'fotosAlt' ? JSON.stringify(antes ?? {}) !== JSON.stringify(despues ?? {}) : vista(antes) !== vista(despues);
    };
    const cambio = Object.fromEntries(
      (Object.keys(valores) as (keyof NuevoProducto)[]).filter(distinto).map((campo) => [campo, valores[campo]]),
    );
    // Named in the form's order, so the answer and the audit read like the form (imagen and imgHover follow the photos).
    const campos = (Object.keys(NOMBRES) as (keyof NuevoProducto)[]).filter((campo) => campo in cambio);
    if (Object.keys(cambio).length === 0) return { producto: (await productoEditable(tx, id))!, campos: [] };
    if (campos.includes('stock')) await motivoStock(tx, { motivo: 'manual', actor: operador, nota: nota ?? '' });
    await tx.update(productos).set(cambio).where(eq(productos.id, id));
    const producto = (await productoEditable(tx, id))!;
    const nombre = (campo: keyof NuevoProducto) => NOMBRES[campo] ?? campo;
    const legible = async (campo: keyof NuevoProducto, value: unknown, ahora: boolean) => {
      if (campo === 'marcaId') return ahora ? producto.marca : await nombreDe(tx, marcas, value as number);
      if (campo === 'categoriaId') return ahora ? producto.categoria : await nombreDe(tx, categorias, value as number);
      if (campo === 'childId') return ahora ? producto.child : value === null ? '' : await nombreDe(tx, categoriasHijas, value as number);
      return vista(value);
    };
    const entrada: Cambio = { accion: 'producto.editar', objetivo: objetivoProducto(id, producto.sku), antes: {}, despues: {} };
    for (const campo of campos) {
      entrada.antes![nombre(campo)] = await legible(campo, existente[campo as keyof ProductoRow], false);
      entrada.despues![nombre(campo)] = await legible(campo, valores[campo], true);
    }
    if (marcaNueva) entrada.despues!.marcaNueva = marcaNueva;
    if (campos.includes('stock') && nota) entrada.despues!.motivoStock = nota;
    await audit(tx, operador, [entrada]);
    return { producto, campos: campos.map(nombre) };
  });
}

async function nombreDe(tx: Tx, tabla: typeof marcas | typeof categorias | typeof categoriasHijas, id: number): Promise<string> {
  const t = tabla as typeof marcas;
  const [fila] = await tx.select({ nombre: t.nombre }).from(t).where(eq(t.id, id));
  return fila?.nombre ?? String(id);
}

/**
 * A copy of a product to start another from: every field but its SKU (null: the person gives one),
 * stock (0) and reviews; hidden from the shop until the person shows it.
 */
export async function duplicarProducto(db: Db, id: number, operador: string): Promise<ProductoEditable> {
  return db.transaction(async (tx) => {
    const [original] = await tx.select().from(productos).where(eq(productos.id, id));
    if (!original) throw clientError(404, `No existe el producto ${id}.`);
    const { id: _id, busqueda: _b, sku: _s, resenasCantidad: _rc, resenasSuma: _rs, fechaAgregado: _f, archivado: _a, ...resto } = original;
    const [copia] = await tx
      .insert(productos)
      .values({ ...resto, nombre: `${original.nombre} (copia)`.slice(0, 200), sku: null, stock: 0, stockTotal: 0, visible: false })
      .returning({ id: productos.id });
    await audit(tx, operador, [
      {
        accion: 'producto.duplicar',
        objetivo: objetivoProducto(copia!.id, null),
        antes: null,
        despues: { de: objetivoProducto(id, original.sku) },
      },
    ]);
    return (await productoEditable(tx, copia!.id))!;
  });
}

/**
 * Archives a product (docs/decisions/0182-archivar-producto.md): hidden from the shop and from the
 * back office's lists, kept with its orders, receipts, photos and history; or restores it (still hidden
 * until the person shows it again).
 */
export async function archivarProducto(db: Db, id: number, operador: string, archivar: boolean): Promise<ProductoEditable> {
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(productos).where(eq(productos.id, id)).for('update');
    if (!p) throw clientError(404, `No existe el producto ${id}.`);
    if (archivar && p.archivado) throw clientError(409, `El producto ${id} ya está archivado.`);
    if (!archivar && !p.archivado) throw clientError(409, `El producto ${id} no está archivado.`);
    const archivado = archivar ? new Date() : null;
    await tx
      .update(productos)
      .set(archivar ? { archivado, visible: false } : { archivado })
      .where(eq(productos.id, id));
    await audit(tx, operador, [
      {
        accion: archivar ? 'producto.archivar' : 'producto.restaurar',
        objetivo: objetivoProducto(id, p.sku),
        antes: { archivado: p.archivado?.toISOString() ?? null, visible: p.visible },
        despues: { archivado: archivado?.toISOString() ?? null, visible: false },
      },
    ]);
    return (await productoEditable(tx, id))!;
  });
}
