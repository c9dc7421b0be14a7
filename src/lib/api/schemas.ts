import { z } from 'zod';

/**
 * The API's wire shapes (spec storefront §3 and §7, checkout §3 and §7), with the spec's field names.
 * The server builds responses of these types and the build snapshot parses them; the browser's
 * clients check answers against the same types (checks.ts), without loading zod.
 */

/** A product, every field of the spec's Product entity plus `linea` and `esSet`. */
export const productoSchema = z.object({
  idProducto: z.number().int(),
  nombre: z.string(),
  descripcion: z.string(),
  precio: z.number(),
  /** Percent off; takes precedence over descuentoN. */
  descuento: z.number(),
  /** Fixed amount off, in soles. */
  descuentoN: z.number(),
  /** Comma-separated image URLs; the first is the thumbnail. */
  img: z.string(),
  imagen: z.string(),
  imgHover: z.string(),
  /** Badge: 'Nuevo', 'Reestok', 'Preventa', 'Sale' or ''. */
  newores: z.string(),
  /** May contain 'Vegano' and/or 'No Testado en Animales'. */
  etiquetalogo: z.string(),
  marca: z.string(),
  idMarca: z.number().int(),
  colores: z.string(),
  tamaños: z.string(),
  stock: z.number().int(),
  stock_total: z.number().int(),
  modouso: z.string(),
  beneficios: z.string(),
  ingredientes: z.string(),
  categoria: z.string(),
  child: z.string(),
  /** Expected arrival (YYYY-MM-DD) of a presale product, else null. */
  fechaLlegada: z.string().nullable(),
  sedes: z.string(),
  tipo_piel: z.string(),
  edad: z.string(),
  inquietud_piel: z.string(),
  /** ISO timestamp. */
  fechaAgregado: z.string(),
  /** Menu line of the categoría: Cuidado, Maquillaje, Corporal or Accesorios. */
  linea: z.string(),
  esSet: z.boolean(),
  /** Average of the approved reviews (one decimal), 0 with none (issue 25; not in the spec's table: optional for its clients). */
  resenasPromedio: z.number().default(0),
  /** How many approved reviews the product has. */
  resenasCantidad: z.number().int().default(0),
  /** Each photo's alternative text by its URL (issue 37; not in the spec's table: optional for its clients). */
  fotosAlt: z.record(z.string(), z.string()).optional(),
});
export type Producto = z.infer<typeof productoSchema>;

export const marcaSchema = z.object({ idMarca: z.number().int(), nombre: z.string(), logo: z.string().nullable() });
export type Marca = z.infer<typeof marcaSchema>;

export const categoriaHijaSchema = z.object({ nombre: z.string() });
export type CategoriaHija = z.infer<typeof categoriaHijaSchema>;

export const mensajeBarraSchema = z.object({ mensaje: z.string() });
export type MensajeBarra = z.infer<typeof mensajeBarraSchema>;

export const bannerSchema = z.object({ img_url: z.string(), rutabutton: z.string().nullable(), alt: z.string() });
export type Banner = z.infer<typeof bannerSchema>;

export const popupSchema = z.object({
  visible: z.number().int(),
  img_url: z.string(),
  rutabutton: z.string().nullable(),
  alt: z.string(),
});
export type Popup = z.infer<typeof popupSchema>;

export const socialSchema = z.object({ tipo: z.enum(['image', 'video']), url: z.string() });
export type Social = z.infer<typeof socialSchema>;

/** Menu structure: lines with their categorías and child categories (for the header and the build). */
export const menuSchema = z.array(
  z.object({
    linea: z.string(),
    categorias: z.array(z.object({ nombre: z.string(), hijas: z.array(z.string()) })),
  }),
);
export type Menu = z.infer<typeof menuSchema>;

/** `/web/detailprod/{id}`: id 0 means not found; mensaje's first item is the product. */
export const detalleSchema = z.object({ id: z.number().int(), mensaje: z.array(productoSchema) });
export type Detalle = z.infer<typeof detalleSchema>;
/** `/web/searchCat|searchMar|searchChild`: id 0 means none. */
export const busquedaSchema = z.object({ id: z.number().int(), mensaje: z.array(productoSchema) });
export type Busqueda = z.infer<typeof busquedaSchema>;
/** The same calls with `?pagina=&porPagina=`: mensaje is that page (1-based) of the `total` products found. */
export const busquedaPaginadaSchema = busquedaSchema.extend({
  total: z.number().int(),
  pagina: z.number().int(),
  porPagina: z.number().int(),
});
export type BusquedaPaginada = z.infer<typeof busquedaPaginadaSchema>;

/**
 * `/web/listado`: one page of a listing after its price and brand filters and its sort. `total` counts
 * the filtered products, `totalListado` the listing's; `marcas` and `precios` are what the filters offer
 * (the listing's brands, and its final prices' bounds in whole soles).
 */
export const listadoSchema = busquedaPaginadaSchema.extend({
  totalListado: z.number().int(),
  marcas: z.array(z.string()),
  precios: z.object({ min: z.number(), max: z.number() }),
});
export type Listado = z.infer<typeof listadoSchema>;

/** `/api/categorias`: every categoría name, in the success/data/message envelope. */
export const categoriasSchema = z.object({
  success: z.boolean(),
  data: z.array(z.object({ nombreCategoria: z.string() })),
  message: z.string(),
});
export type Categorias = z.infer<typeof categoriasSchema>;
