import { z } from 'zod';

/**
 * The back office's products (issue 37): the list's page, the selects' options, the product form's body
 * and answers, and a product's audit trail. The filter itself is catalogo-schemas.ts; the values of the
 * form are validated on the server by the import's own rules (src/server/admin/import/fila.ts).
 */

/** One product as the list shows it. */
export interface FilaCatalogo {
  idProducto: number;
  sku: string | null;
  nombre: string;
  marca: string;
  categoria: string;
  /** The child category's name, '' when none. */
  child: string;
  /** The first photo, '' when it has none. */
  img: string;
  precio: number;
  descuento: number;
  descuentoN: number;
  descuentoDesde: string | null;
  descuentoHasta: string | null;
  stock: number;
  stock_total: number;
  newores: string;
  visible: boolean;
  /** When it was archived (ISO), null when it is in the catalogue. */
  archivado: string | null;
}

/** GET /admin/api/catalogo/productos: one page of the filtered list, newest first. */
export interface PaginaCatalogo {
  productos: FilaCatalogo[];
  total: number;
  pagina: number;
  porPagina: number;
}

/** GET /admin/api/catalogo/opciones: what the form's and the filters' selects offer. */
export interface OpcionesCatalogo {
  marcas: { id: number; nombre: string }[];
  lineas: { id: number; nombre: string }[];
  categorias: { id: number; nombre: string; lineaId: number }[];
  hijas: { id: number; nombre: string; categoriaId: number }[];
}

/** A photo of the product: the first one is the main one. */
export interface FotoProductoWire {
  url: string;
  alt: string;
}

/** Every field of the product as the form edits it (GET /admin/api/catalogo/productos/:ref). */
export interface ProductoEditable {
  idProducto: number;
  sku: string | null;
  nombre: string;
  descripcion: string;
  precio: number;
  descuento: number;
  descuentoN: number;
  descuentoDesde: string | null;
  descuentoHasta: string | null;
  fotos: FotoProductoWire[];
  newores: string;
  etiquetalogo: string;
  marca: string;
  linea: string;
  categoria: string;
  child: string;
  colores: string;
  tamaños: string;
  stock: number;
  stock_total: number;
  modouso: string;
  beneficios: string;
  ingredientes: string;
  fechaLlegada: string | null;
  sedes: string;
  tipo_piel: string;
  edad: string;
  inquietud_piel: string;
  esSet: boolean;
  visible: boolean;
  archivado: string | null;
  fechaAgregado: string;
}

/** A form value as a browser or a script sends it: text, a number, a flag, or nothing. */
const valor = z
  .union([z.string(), z.number(), z.boolean(), z.null()], { error: 'Cada campo debe ser un texto, un número o sí/no.' })
  .optional();

/**
 * POST /admin/api/productos and PUT /admin/api/productos/:ref: the whole product. Its values are checked
 * by the import's rules (same messages); a blank text clears its field. `stock` is sent only when the
 * person changed it, with `stockLeido` (the units the form showed) so a sale in between is never undone.
 */
export const productoFormularioSchema = z.strictObject(
  {
    sku: valor,
    nombre: valor,
    descripcion: valor,
    precio: valor,
    descuento: valor,
    descuentoN: valor,
    descuentoDesde: valor,
    descuentoHasta: valor,
    newores: valor,
    etiquetalogo: valor,
    marca: valor,
    linea: valor,
    categoria: valor,
    child: valor,
    colores: valor,
    tamaños: valor,
    stock: valor,
    stock_total: valor,
    stockLeido: z.number({ error: 'stockLeido debe ser un número entero.' }).int('stockLeido debe ser un número entero.').min(0).optional(),
    /** Why the stock changes (the history's note), optional. */
    motivoStock: z
      .string({ error: 'El motivo del stock debe ser un texto.' })
      .max(300, 'El motivo del stock admite hasta 300 caracteres.')
      .optional(),
    modouso: valor,
    beneficios: valor,
    ingredientes: valor,
    fechaLlegada: valor,
    sedes: valor,
    tipo_piel: valor,
    edad: valor,
    inquietud_piel: valor,
    esSet: valor,
    visible: valor,
    fotos: z
      .array(
        z.strictObject({
          url: z.string({ error: 'Cada foto necesita su dirección (url).' }),
          alt: z.string({ error: 'El texto alternativo de una foto debe ser un texto.' }).default(''),
        }),
        { error: 'fotos debe ser una lista de fotos { url, alt }.' },
      )
      .optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Campo desconocido: ${issue.keys.join(', ')}.` : undefined) },
);
export type ProductoFormulario = z.input<typeof productoFormularioSchema>;

/** The answer of a create, edit, duplicate, archive or restore: what was done and the product now. */
export interface RespuestaProductoEditable {
  mensaje: string;
  producto: ProductoEditable;
}

/** A refused form: the first reason in `mensaje`, and each field's reason by its name. */
export interface ErrorFormularioProducto {
  mensaje: string;
  errores?: Record<string, string>;
}

/** One entry of a product's audit trail (GET /admin/api/productos/:ref/auditoria), newest first. */
export interface EntradaAuditoriaProducto {
  id: number;
  fecha: string;
  operador: string;
  accion: string;
  antes: Record<string, unknown> | null;
  despues: Record<string, unknown> | null;
}

/** GET /admin/api/catalogo/exportar's formats. */
export const FORMATOS_EXPORTACION = ['csv', 'json'] as const;
export type FormatoExportacion = (typeof FORMATOS_EXPORTACION)[number];
