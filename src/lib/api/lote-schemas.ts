import { z } from 'zod';
import { LOTE_PRODUCTOS } from '../tienda.ts';
import { filtroCatalogoCampos, type FiltroCatalogoConsulta } from './catalogo-schemas.ts';
import { cambioProductoSchema } from './operator-schemas.ts';

/**
 * Bulk changes of products (issue 37 item 3): the grid's rows, a batch of changes (previewed, then applied
 * in one transaction or refused whole), a change by filter ('Marca Anua: −10 % hasta el 31/12') and the
 * undo of the last batch. The field rules are the product change's (cambioProductoSchema), so a batch
 * says exactly what the one-product PATCH and the import say about the same value.
 */

/** The badges a product may carry (the import's newores column): '' is none. */
export const INSIGNIAS = ['', 'Nuevo', 'Reestok', 'Preventa', 'Sale'] as const;

/** The fields a batch may change, in the order the preview and the audit list them. */
export const CAMPOS_LOTE = [
  'precio',
  'descuento',
  'descuentoN',
  'descuentoDesde',
  'descuentoHasta',
  'stock',
  'visible',
  'newores',
] as const;
export type CampoLote = (typeof CAMPOS_LOTE)[number];

/** A product's values of those fields (plus stock_total, which follows the stock). */
export interface ValoresLote {
  precio: number;
  descuento: number;
  descuentoN: number;
  descuentoDesde: string | null;
  descuentoHasta: string | null;
  stock: number;
  stock_total: number;
  visible: boolean;
  newores: string;
}

/** A Lima calendar day YYYY-MM-DD that exists, or null (no limit on that side). */
const dia = (campo: string) =>
  z
    .string({ error: `${campo} debe ser una fecha AAAA-MM-DD o null.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${campo} debe ser una fecha AAAA-MM-DD o null.`)
    .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), `${campo} no es una fecha que exista.`)
    .nullable();

const campos = cambioProductoSchema.shape;

/** The change fields of one product (all optional), each with the PATCH's rule and message. */
export const camposCambioLote = {
  precio: campos.precio,
  descuento: campos.descuento,
  descuentoN: campos.descuentoN,
  descuentoDesde: dia('La fecha de inicio del descuento').optional(),
  descuentoHasta: dia('La fecha de fin del descuento').optional(),
  stock: campos.stock,
  visible: campos.visible,
  newores: z.enum(INSIGNIAS, { error: `newores debe estar vacío o ser ${INSIGNIAS.slice(1).join(', ')}.` }).optional(),
};

const CAMPOS_TEXTO = `Se pueden cambiar ${CAMPOS_LOTE.join(', ')}.`;

/** One row of a batch: the product's id and what changes. */
export const cambioLoteSchema = z.strictObject(
  {
    idProducto: z
      .number({ error: 'idProducto debe ser un número entero.' })
      .int('idProducto debe ser un número entero.')
      .positive('idProducto debe ser un número entero.'),
    ...camposCambioLote,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Campo desconocido: ${issue.keys.join(', ')}. ${CAMPOS_TEXTO}`
        : issue.code === 'invalid_type' && issue.path?.length === 0
          ? 'Cada cambio debe ser un objeto JSON.'
          : undefined,
  },
);
export type CambioLote = z.output<typeof cambioLoteSchema>;

const simulacro = z.boolean({ error: 'simulacro debe ser true o false.' });

/**
 * POST /admin/api/productos/lote: the rows are checked one by one by the server (so the refusal names the
 * row); here only the envelope.
 */
export const loteSchema = z.strictObject(
  {
    cambios: z
      .array(z.unknown(), { error: 'cambios debe ser una lista de cambios.' })
      .min(1, 'Indica al menos un producto que cambiar.')
      .max(LOTE_PRODUCTOS.maximo, `Un cambio en bloque admite hasta ${LOTE_PRODUCTOS.maximo} productos.`),
    simulacro,
    /** What the batch is, in the owner's words (the grid sends none: the server describes it). */
    descripcion: z.string().trim().max(200, 'La descripción admite hasta 200 caracteres.').optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Se admiten cambios, simulacro y descripcion.' : undefined) },
);
export type LoteCuerpo = { cambios: CambioLote[]; simulacro: boolean; descripcion?: string };

/** The filter as a JSON body carries it: the URL's strings (empty ones dropped), unknown keys refused. */
export const filtroLoteSchema = z.preprocess(
  (valor) =>
    valor && typeof valor === 'object' && !Array.isArray(valor)
      ? Object.fromEntries(Object.entries(valor).filter(([, v]) => !(typeof v === 'string' && v.trim() === '')))
      : valor,
  z.strictObject(filtroCatalogoCampos, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Filtro desconocido: ${issue.keys.join(', ')}. Se admiten: ${Object.keys(filtroCatalogoCampos).join(', ')}.`
        : issue.code === 'invalid_type' && issue.path?.length === 0
          ? 'El filtro debe ser un objeto JSON.'
          : undefined,
  }),
);

/**
 * POST /admin/api/productos/lote-filtro: every product the filter finds gets the same change: a price
 * moved by a percent (rounded to the céntimo) and/or the other fields set.
 */
export const loteFiltroSchema = z
  .strictObject(
    {
      filtro: filtroLoteSchema,
      precioPorcentaje: z
        .number({ error: 'El cambio de precio debe ser un porcentaje (por ejemplo -10).' })
        .refine(Number.isFinite, 'El cambio de precio debe ser un porcentaje (por ejemplo -10).')
        .refine(
          (n) => n >= LOTE_PRODUCTOS.porcentajeMinimo && n <= LOTE_PRODUCTOS.porcentajeMaximo && n !== 0,
          `El cambio de precio es un porcentaje de ${LOTE_PRODUCTOS.porcentajeMinimo} a ${LOTE_PRODUCTOS.porcentajeMaximo}, distinto de 0.`,
        )
        .refine((n) => Number.isInteger(n * 100), 'El cambio de precio admite como máximo 2 decimales.')
        .optional(),
      ...(({ precio: _precio, stock: _stock, ...resto }) => resto)(camposCambioLote),
      simulacro,
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Campo desconocido: ${issue.keys.join(', ')}. Se admiten filtro, precioPorcentaje, descuento, descuentoN, descuentoDesde, descuentoHasta, visible, newores y simulacro.`
          : issue.code === 'invalid_type' && issue.path?.length === 0
            ? 'El cuerpo debe ser un objeto JSON.'
            : undefined,
    },
  )
  .refine(
    ({ filtro: _filtro, simulacro: _simulacro, ...cambio }) => Object.values(cambio).some((valor) => valor !== undefined),
    'Indica qué cambiar: precioPorcentaje, descuento, descuentoN, sus fechas, visible o newores.',
  );
export type LoteFiltroCuerpo = Omit<z.input<typeof loteFiltroSchema>, 'filtro'> & { filtro: FiltroCatalogoConsulta };

/** One product in a preview or a batch: what it was and what it becomes (only the fields that change). */
export interface CambioProductoLote {
  idProducto: number;
  sku: string | null;
  nombre: string;
  antes: Partial<ValoresLote>;
  despues: Partial<ValoresLote>;
}

/** The answer of a batch: previewed (simulacro) or applied (with its id, to undo it). */
export interface ResultadoLoteProductos {
  simulacro: boolean;
  /** '12 productos, 3 quedan agotados'. */
  resumen: string;
  /** Products that change, those the batch named that already had those values, and those left with no units. */
  productos: number;
  sinCambios: number;
  agotados: number;
  descripcion: string;
  cambios: CambioProductoLote[];
  /** The applied batch's id (null in a preview, or when nothing changed). */
  idLote: number | null;
  mensaje: string;
}

/** A batch as the undo sees it. */
export interface LoteProductosResumen {
  idLote: number;
  fecha: string;
  operador: string;
  descripcion: string;
  productos: number;
  deshecho: string | null;
}

/** GET /admin/api/productos/lote/ultimo: the batch 'Deshacer el último cambio' would undo, if any. */
export interface UltimoLote {
  lote: LoteProductosResumen | null;
}

/** The answer of POST /admin/api/productos/lote/{id}/deshacer. */
export interface LoteDeshecho {
  mensaje: string;
  lote: LoteProductosResumen;
}

/** One product in the grid: its editable fields as stored (the discount with its dates, even outside them). */
export interface FilaLote extends ValoresLote {
  idProducto: number;
  sku: string | null;
  nombre: string;
  marca: string;
  /** The first photo's URL, '' with none. */
  img: string;
  /** Whether its discount applies today (Lima), as the shop prices it. */
  descuentoVigente: boolean;
  archivado: boolean;
}

/** GET /admin/api/productos/lote/filas?{filtro}&pagina=: a page of the grid. */
export interface PaginaLote {
  productos: FilaLote[];
  /** Every brand, by name, for the filter's select. */
  marcas: { idMarca: number; nombre: string }[];
  total: number;
  pagina: number;
  porPagina: number;
}
