import { asc, count, desc, eq, like, or, sql } from 'drizzle-orm';
import type { FiltroCatalogo } from '../../../lib/api/catalogo-schemas.ts';
import type {
  EntradaAuditoriaProducto,
  FilaCatalogo,
  OpcionesCatalogo,
  PaginaCatalogo,
  ProductoEditable,
} from '../../../lib/api/productos-schemas.ts';
import { CATALOGO_PANEL } from '../../../lib/tienda.ts';
import type { Db, Tx } from '../../db/client.ts';
import { auditoria, categorias, categoriasHijas, lineas, marcas, productos } from '../../db/schema/index.ts';
import { condicionCatalogo, type OpcionesFiltro } from './filtro.ts';

/** The first photo of a comma list. */
const primera = (img: string) => img.split(',')[0]?.trim() ?? '';

/**
 * A page of the back office's product list, newest first (by id: the primary key's index pages it).
 * The page and the count run together; neither joins more than the brand and categories of 50 rows.
 */
export async function paginaCatalogo(
  db: Db,
  filtro: FiltroCatalogo,
  pagina: number,
  opciones: OpcionesFiltro = {},
): Promise<PaginaCatalogo> {
  const porPagina = CATALOGO_PANEL.porPagina;
  const donde = condicionCatalogo(filtro, opciones);
  const [filas, [cuenta]] = await Promise.all([
    db
      .select({
        idProducto: productos.id,
        sku: productos.sku,
        nombre: productos.nombre,
        marca: marcas.nombre,
        categoria: categorias.nombre,
        child: sql<string>`coalesce(${categoriasHijas.nombre}, '')`,
        img: productos.img,
        precio: productos.precio,
        descuento: productos.descuento,
        descuentoN: productos.descuentoN,
        descuentoDesde: productos.descuentoDesde,
        descuentoHasta: productos.descuentoHasta,
        stock: productos.stock,
        stock_total: productos.stockTotal,
        newores: productos.newores,
        visible: productos.visible,
        archivado: productos.archivado,
      })
      .from(productos)
      .innerJoin(marcas, eq(productos.marcaId, marcas.id))
      .innerJoin(categorias, eq(productos.categoriaId, categorias.id))
      .leftJoin(categoriasHijas, eq(productos.childId, categoriasHijas.id))
      .where(donde)
      .orderBy(desc(productos.id))
      .limit(porPagina)
      .offset((pagina - 1) * porPagina),
    db.select({ n: count() }).from(productos).where(donde),
  ]);
  return {
    productos: filas.map((fila): FilaCatalogo => ({
      ...fila,
      img: primera(fila.img),
      precio: Number(fila.precio),
      descuento: Number(fila.descuento),
      descuentoN: Number(fila.descuentoN),
      archivado: fila.archivado ? new Date(fila.archivado).toISOString() : null,
    })),
    total: Number(cuenta?.n ?? 0),
    pagina,
    porPagina,
  };
}

/** Brands, lines, categories and child categories by name and menu order, for the selects. */
export async function opcionesCatalogo(db: Db): Promise<OpcionesCatalogo> {
  const [m, l, c, h] = await Promise.all([
    db
      .select({ id: marcas.id, nombre: marcas.nombre })
      .from(marcas)
      .orderBy(sql`lower(${marcas.nombre})`),
    db.select({ id: lineas.id, nombre: lineas.nombre }).from(lineas).orderBy(asc(lineas.orden), asc(lineas.id)),
    db
      .select({ id: categorias.id, nombre: categorias.nombre, lineaId: categorias.lineaId })
      .from(categorias)
      .orderBy(asc(categorias.orden), asc(categorias.id)),
    db
      .select({ id: categoriasHijas.id, nombre: categoriasHijas.nombre, categoriaId: categoriasHijas.categoriaId })
      .from(categoriasHijas)
      .orderBy(asc(categoriasHijas.orden), asc(categoriasHijas.id)),
  ]);
  return { marcas: m, lineas: l, categorias: c, hijas: h };
}

/** The product's id for a reference an operator types: its id (digits) or its SKU (`sku:` forces one of digits). */
export async function idPorReferencia(db: Db | Tx, ref: string): Promise<number | undefined> {
  const texto = ref.trim();
  if (/^\d{1,9}$/.test(texto)) {
    const [porId] = await db
      .select({ id: productos.id })
      .from(productos)
      .where(eq(productos.id, Number(texto)));
    if (porId) return porId.id;
  }
  const sku = texto.replace(/^sku:/i, '');
  if (!sku || sku.length > 64) return undefined;
  const [porSku] = await db.select({ id: productos.id }).from(productos).where(eq(productos.sku, sku));
  return porSku?.id;
}

/** Products with the names of their brand, category, line and child category: the form's and the export's rows. */
export const productosConNombres = (db: Db | Tx) =>
  db
    .select({
      p: productos,
      marca: marcas.nombre,
      categoria: categorias.nombre,
      linea: lineas.nombre,
      child: sql<string>`coalesce(${categoriasHijas.nombre}, '')`,
    })
    .from(productos)
    .innerJoin(marcas, eq(productos.marcaId, marcas.id))
    .innerJoin(categorias, eq(productos.categoriaId, categorias.id))
    .innerJoin(lineas, eq(categorias.lineaId, lineas.id))
    .leftJoin(categoriasHijas, eq(productos.childId, categoriasHijas.id));

/** Every field of a product as the form edits it, archived ones included. */
export async function productoEditable(db: Db | Tx, id: number): Promise<ProductoEditable | undefined> {
  const [fila] = await productosConNombres(db).where(eq(productos.id, id));
  if (!fila) return undefined;
  const { p } = fila;
  const alt = p.fotosAlt ?? {};
  return {
    idProducto: p.id,
    sku: p.sku,
    nombre: p.nombre,
    descripcion: p.descripcion,
    precio: Number(p.precio),
    descuento: Number(p.descuento),
    descuentoN: Number(p.descuentoN),
    descuentoDesde: p.descuentoDesde,
    descuentoHasta: p.descuentoHasta,
    fotos: p.img
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean)
      .map((url) => ({ url, alt: alt[url] ?? '' })),
    newores: p.newores,
    etiquetalogo: p.etiquetalogo,
    marca: fila.marca,
    linea: fila.linea,
    categoria: fila.categoria,
    child: fila.child,
    colores: p.colores,
    tamaños: p.tamanos,
    stock: p.stock,
    stock_total: p.stockTotal,
    modouso: p.modouso,
    beneficios: p.beneficios,
    ingredientes: p.ingredientes,
    fechaLlegada: p.fechaLlegada,
    sedes: p.sedes,
    tipo_piel: p.tipoPiel,
    edad: p.edad,
    inquietud_piel: p.inquietudPiel,
    esSet: p.esSet,
    visible: p.visible,
    archivado: p.archivado ? new Date(p.archivado).toISOString() : null,
    fechaAgregado: new Date(p.fechaAgregado).toISOString(),
  };
}

/** How every audit entry names a product: 'producto 12' or 'producto 12 (SKU)', as the PATCH and the import do. */
export const objetivoProducto = (id: number, sku: string | null | undefined) => `producto ${id}${sku ? ` (${sku})` : ''}`;

/** A product's audit entries, newest first (whatever its SKU was then): the index of migration 0024 finds them by prefix. */
export async function auditoriaProducto(db: Db, id: number, limite: number): Promise<EntradaAuditoriaProducto[]> {
  const filas = await db
    .select()
    .from(auditoria)
    .where(or(eq(auditoria.objetivo, `producto ${id}`), like(auditoria.objetivo, `producto ${id} (%`)))
    .orderBy(desc(auditoria.fecha), desc(auditoria.id))
    .limit(limite);
  return filas.map((fila) => ({
    id: fila.id,
    fecha: fila.fecha.toISOString(),
    operador: fila.operador,
    accion: fila.accion,
    antes: (fila.antes as Record<string, unknown> | null) ?? null,
    despues: (fila.despues as Record<string, unknown> | null) ?? null,
  }));
}
