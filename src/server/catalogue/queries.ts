import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categorias, categoriasHijas, catalogoEstado, lineas, marcas, productos } from '../db/schema/index.ts';
import type { ProductoOperador } from '../../lib/api/operator-schemas.ts';
import type { CategoriaHija, Marca, Menu, Producto } from '../../lib/api/schemas.ts';
import { fechaLima } from '../../lib/dates.ts';
import { descuentoEnFechas } from '../../lib/pricing/product.ts';

/** The columns of a product as the API sends it, joined with its brand, categoría, line and child. */
const productoColumns = {
  idProducto: productos.id,
  nombre: productos.nombre,
  descripcion: productos.descripcion,
  precio: productos.precio,
  descuento: productos.descuento,
  descuentoN: productos.descuentoN,
  img: productos.img,
  imagen: productos.imagen,
  imgHover: productos.imgHover,
  newores: productos.newores,
  etiquetalogo: productos.etiquetalogo,
  marca: marcas.nombre,
  idMarca: productos.marcaId,
  colores: productos.colores,
  tamaños: productos.tamanos,
  stock: productos.stock,
  stock_total: productos.stockTotal,
  modouso: productos.modouso,
  beneficios: productos.beneficios,
  ingredientes: productos.ingredientes,
  categoria: categorias.nombre,
  child: sql<string>`coalesce(${categoriasHijas.nombre}, '')`,
  fechaLlegada: productos.fechaLlegada,
  sedes: productos.sedes,
  tipo_piel: productos.tipoPiel,
  edad: productos.edad,
  inquietud_piel: productos.inquietudPiel,
  fechaAgregado: productos.fechaAgregado,
  linea: lineas.nombre,
  esSet: productos.esSet,
  // The approved reviews' average to one decimal (0 with none) and count, kept on the product by their moderation.
  resenasPromedio:
    sql<number>`coalesce(round(${productos.resenasSuma}::numeric / nullif(${productos.resenasCantidad}, 0), 1), 0)::float8`.mapWith(Number),
  resenasCantidad: productos.resenasCantidad,
  fotosAlt: productos.fotosAlt,
};

/** The condition every public product query carries: a hidden product is in no call and no page. */
export const productoVisible = eq(productos.visible, true);

/**
 * Products matching `where` (all when omitted) that the shop shows, by id; `limit` caps how many. Priced
 * for the Lima day of `ahora`: a product's own discount outside its dates (descuento_desde/hasta) is sent
 * as none, so every caller (the catalogue calls, the static build, the cart, the checkout) sees one price.
 */
export async function selectProductos(db: Db, where?: SQL, limit?: number, ahora = new Date()): Promise<Producto[]> {
  const rows = await filasProductos(db, where ? and(productoVisible, where)! : productoVisible, limit);
  const hoy = fechaLima(ahora);
  return rows.map(({ sku: _sku, visible: _visible, descuentoDesde, descuentoHasta, ...producto }) =>
    descuentoEnFechas(hoy, descuentoDesde, descuentoHasta) ? producto : { ...producto, descuento: 0, descuentoN: 0 },
  );
}

/** The operator's view of products: hidden ones too, with their SKU and visibility (the discount as stored). */
export async function selectProductosOperador(db: Db, where: SQL, limit?: number): Promise<ProductoOperador[]> {
  const rows = await filasProductos(db, where, limit);
  return rows.map(({ descuentoDesde: _desde, descuentoHasta: _hasta, ...producto }) => producto);
}

/** Products with their SKU, visibility and discount dates, by id. */
async function filasProductos(db: Db, where: SQL, limit?: number) {
  const query = db
    .select({
      ...productoColumns,
      sku: productos.sku,
      visible: productos.visible,
      descuentoDesde: productos.descuentoDesde,
      descuentoHasta: productos.descuentoHasta,
    })
    .from(productos)
    .innerJoin(marcas, eq(productos.marcaId, marcas.id))
    .innerJoin(categorias, eq(productos.categoriaId, categorias.id))
    .innerJoin(lineas, eq(categorias.lineaId, lineas.id))
    .leftJoin(categoriasHijas, eq(productos.childId, categoriasHijas.id));
  const ordered = query.where(where).orderBy(asc(productos.id));
  const rows = await (limit === undefined ? ordered : ordered.limit(limit));
  return rows.map((row) => ({
    ...row,
    precio: Number(row.precio),
    descuento: Number(row.descuento),
    descuentoN: Number(row.descuentoN),
    fechaAgregado: new Date(row.fechaAgregado).toISOString(),
  }));
}

/** Compares a column with a name case-insensitively, ignoring surrounding spaces. */
const sameName = (column: SQL, name: string) => sql`lower(trim(${column})) = lower(${name.trim()})`;

export const listProductos = (db: Db) => selectProductos(db);

/** The product with that id, or undefined. */
export async function productoPorId(db: Db, id: number): Promise<Producto | undefined> {
  const [producto] = await selectProductos(db, eq(productos.id, id));
  return producto;
}

/** The products with these ids (the ones that exist), by id, priced for the Lima day of `ahora`. */
export const productosPorIds = (db: Db, ids: number[], ahora = new Date()) =>
  ids.length ? selectProductos(db, inArray(productos.id, ids), undefined, ahora) : Promise.resolve([]);

/** Brands sorted by name. */
export async function listMarcas(db: Db): Promise<Marca[]> {
  const rows = await db
    .select({ idMarca: marcas.id, nombre: marcas.nombre, logo: marcas.logo })
    .from(marcas)
    .orderBy(sql`lower(${marcas.nombre})`);
  return rows;
}

/** Child categories of a categoría, in menu order. */
export async function listCategoriasHijas(db: Db, categoria: string): Promise<CategoriaHija[]> {
  return db
    .select({ nombre: categoriasHijas.nombre })
    .from(categoriasHijas)
    .innerJoin(categorias, eq(categoriasHijas.categoriaId, categorias.id))
    .where(sameName(sql`${categorias.nombre}`, categoria))
    .orderBy(asc(categoriasHijas.orden), asc(categoriasHijas.id));
}

/** Every categoría name, in menu order. */
export async function listCategorias(db: Db): Promise<{ nombreCategoria: string }[]> {
  return db
    .select({ nombreCategoria: categorias.nombre })
    .from(categorias)
    .innerJoin(lineas, eq(categorias.lineaId, lineas.id))
    .orderBy(asc(lineas.orden), asc(categorias.orden), asc(categorias.id));
}

/** Lines with their categorías and child categories, in menu order. */
export async function menu(db: Db): Promise<Menu> {
  const rows = await db
    .select({ linea: lineas.nombre, categoria: categorias.nombre, hija: categoriasHijas.nombre })
    .from(lineas)
    .innerJoin(categorias, eq(categorias.lineaId, lineas.id))
    .leftJoin(categoriasHijas, eq(categoriasHijas.categoriaId, categorias.id))
    .orderBy(asc(lineas.orden), asc(categorias.orden), asc(categorias.id), asc(categoriasHijas.orden), asc(categoriasHijas.id));
  const result: Menu = [];
  for (const row of rows) {
    let linea = result.at(-1);
    if (linea?.linea !== row.linea) result.push((linea = { linea: row.linea, categorias: [] }));
    let categoria = linea.categorias.at(-1);
    if (categoria?.nombre !== row.categoria) linea.categorias.push((categoria = { nombre: row.categoria, hijas: [] }));
    if (row.hija) categoria.hijas.push(row.hija);
  }
  return result;
}

/**
 * The version of what the static pages show, bumped by triggers on every content change except a
 * product's stock moving without selling out or coming back (a sale rebuilds nothing).
 */
export async function catalogueVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: catalogoEstado.version }).from(catalogoEstado).where(eq(catalogoEstado.id, 1));
  return row?.version ?? 0;
}

/** The catalogue's data version, bumped by triggers on every change, stock included: the API's caches follow it. */
export async function dataVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: catalogoEstado.versionDatos }).from(catalogoEstado).where(eq(catalogoEstado.id, 1));
  return row?.version ?? 0;
}
