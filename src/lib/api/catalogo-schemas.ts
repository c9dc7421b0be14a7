import { z } from 'zod';
import { CATALOGO_PANEL } from '../tienda.ts';

/**
 * The back office's catalogue (issue 37): the filter the product list, its export and the bulk changes
 * by filter share. Every value arrives as a string of the URL (GET /admin/api/catalogo/productos?…) or of
 * a JSON body built from the same form; empty ones are dropped before parsing (consultaSinVacios).
 */

/** A product's stock as the list filters it: none, 1 to the low threshold, more. */
export const ESTADOS_STOCK_CATALOGO = ['agotado', 'bajo', 'disponible'] as const;
export type EstadoStockCatalogo = (typeof ESTADOS_STOCK_CATALOGO)[number];

/** Which products by their archive: those in the shop's catalogue (default), only the archived, or both. */
export const ARCHIVO_CATALOGO = ['no', 'solo', 'todos'] as const;

const MENSAJE_PAGINA = `La página debe ser un número entero de 1 a ${CATALOGO_PANEL.paginaMaxima}.`;
const id = (campo: string) =>
  z
    .string({ error: `${campo} debe ser un número de la lista.` })
    .regex(/^\d{1,9}$/, `${campo} debe ser un número de la lista.`)
    .transform(Number)
    .optional();
const si = (campo: string) => z.enum(['si', 'no'], { error: `${campo} debe ser si o no.` }).optional();

/** The filter's fields: all optional; together they narrow the list (AND). */
export const filtroCatalogoCampos = {
  /** Searched accent- and case-insensitively in the name, the brand and the SKU. */
  q: z
    .string({ error: 'La búsqueda debe ser un texto.' })
    .trim()
    .max(CATALOGO_PANEL.busquedaMaxima, `La búsqueda admite hasta ${CATALOGO_PANEL.busquedaMaxima} caracteres.`)
    .optional(),
  marca: id('La marca'),
  categoria: id('La categoría'),
  /** A child category (/categoria/{child}). */
  hija: id('La subcategoría'),
  stock: z.enum(ESTADOS_STOCK_CATALOGO, { error: 'El stock debe ser agotado, bajo o disponible.' }).optional(),
  /** With a discount of its own (percent or soles) that applies today. */
  oferta: si('oferta'),
  /** Badge Preventa. */
  preventa: si('preventa'),
  /** Badge Nuevo. */
  nuevo: si('nuevo'),
  archivados: z.enum(ARCHIVO_CATALOGO, { error: 'archivados debe ser no, solo o todos.' }).optional(),
};

/** The list's query (GET /admin/api/catalogo/productos and …/exportar): the filter plus its page; unknown keys refused. */
export const consultaCatalogoSchema = z.strictObject(
  {
    ...filtroCatalogoCampos,
    pagina: z
      .string({ error: MENSAJE_PAGINA })
      .regex(/^\d{1,6}$/, MENSAJE_PAGINA)
      .transform(Number)
      .refine((n) => n >= 1 && n <= CATALOGO_PANEL.paginaMaxima, MENSAJE_PAGINA)
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Filtro desconocido: ${issue.keys.join(', ')}. Se admiten: ${[...Object.keys(filtroCatalogoCampos), 'pagina'].join(', ')}.`
        : undefined,
  },
);

/** The filter as the server reads it (ids as numbers). */
export type FiltroCatalogo = Omit<z.output<typeof consultaCatalogoSchema>, 'pagina'>;
/** The filter as a client sends it: the URL's strings. */
export type FiltroCatalogoConsulta = { [K in keyof typeof filtroCatalogoCampos]?: string };
