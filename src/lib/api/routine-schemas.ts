import { z } from 'zod';
import type { CantidadPasos, NivelRutina } from '../routine/pasos.ts';
import type { Producto } from './schemas.ts';
import { mensajeControles, textoPlano, tieneControles } from './text-schemas.ts';

/**
 * Request and response shapes of the routine builder's calls (checkout §7): the filter lists, the
 * skin filter and the recommended routine. The server validates requests with the schemas; the
 * browser imports only the types (`import type`), so zod stays out of its JavaScript.
 */

/** Longest skin type, age group or concern accepted (the lists are short words). */
const FILTRO_MAXIMO = 60;
/** At most this many allergy terms, each 3 to 60 characters. */
export const ALERGIAS_MAXIMAS = 20;
export const ALERGIA_MINIMA = 3;
const ALERGIA_MAXIMA = 60;

/** A filter value: empty, null or absent means "any". */
const filtro = (campo: string) =>
  textoPlano(campo)
    .trim()
    .max(FILTRO_MAXIMO, `${campo} admite como máximo ${FILTRO_MAXIMO} caracteres.`)
    .nullish()
    .transform((value) => value ?? '');

/** Allergies: a text of terms separated by commas, semicolons or new lines, or a list of terms. */
const alergias = z
  .preprocess(
    (value) => (typeof value === 'string' ? value.split(/[,;\n]/) : (value ?? [])),
    z.array(z.string({ error: 'Cada alergia debe ser un texto.' }), { error: 'Las alergias deben ser un texto o una lista de palabras.' }),
  )
  .transform((terms) => terms.map((term) => term.trim()).filter((term) => term !== ''))
  .refine((terms) => !terms.some((term) => tieneControles(term)), mensajeControles('Una alergia'))
  .refine((terms) => terms.length <= ALERGIAS_MAXIMAS, `Indica como máximo ${ALERGIAS_MAXIMAS} alergias.`)
  .refine((terms) => terms.every((term) => term.length >= ALERGIA_MINIMA), `Cada alergia debe tener al menos ${ALERGIA_MINIMA} letras.`)
  .refine(
    (terms) => terms.every((term) => term.length <= ALERGIA_MAXIMA),
    `Cada alergia puede tener como máximo ${ALERGIA_MAXIMA} letras.`,
  );

/** A whole number sent as a number or as digits. */
const entero = (error: string) =>
  z.preprocess((value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value), z.number({ error }).int(error));

/** The skin filters both calls share. */
export const filtrosPielSchema = z.object({
  tipoPiel: filtro('El tipo de piel'),
  grupoEdad: filtro('El grupo de edad'),
  inquietudPiel: filtro('La inquietud de la piel'),
  alergias,
});
export type FiltrosPielValidos = z.output<typeof filtrosPielSchema>;

/** Default and largest `limit` of `/api/filtrar-productos-piel` (checkout §9: 20, and 1000 for counts). */
export const LIMITE_FILTRO = { porDefecto: 20, maximo: 1000 } as const;

/** POST /api/filtrar-productos-piel. */
export const filtrarProductosPielSchema = filtrosPielSchema.extend({
  limit: entero(`El límite debe ser un número entero entre 1 y ${LIMITE_FILTRO.maximo}.`)
    .pipe(
      z
        .number()
        .min(1, `El límite debe ser un número entero entre 1 y ${LIMITE_FILTRO.maximo}.`)
        .max(LIMITE_FILTRO.maximo, `El límite debe ser un número entero entre 1 y ${LIMITE_FILTRO.maximo}.`),
    )
    .optional()
    .transform((value) => value ?? LIMITE_FILTRO.porDefecto),
});

/** POST /api/rutina-recomendada: pasosRutina is 3, 5 or 7. */
export const rutinaRecomendadaSchema = filtrosPielSchema.extend({
  pasosRutina: entero('La rutina debe tener 3, 5 o 7 pasos.').pipe(
    z.union([z.literal(3), z.literal(5), z.literal(7)], { error: 'La rutina debe tener 3, 5 o 7 pasos.' }),
  ),
});

/** The filters as the browser sends them (every field optional; empty means "any"). */
export interface FiltrosPiel {
  tipoPiel?: string;
  grupoEdad?: string;
  inquietudPiel?: string;
  /** Words to avoid in the ingredients: a comma-separated text or a list. */
  alergias?: string | string[];
}

/** GET /api/tipos-piel, /api/grupos-edad, /api/inquietudes-piel: the values the catalogue's products carry. */
export interface ListaRutina {
  success: true;
  data: string[];
  message: string;
}

/** POST /api/filtrar-productos-piel: `total` matches, `data` the first `limit` of them (catalogue products). */
export interface FiltradoPiel {
  success: true;
  total: number;
  data: Producto[];
}

/** A product offered in a routine step (checkout §3 Routine product, plus what a cart line needs). */
export interface ProductoRutina {
  idProducto: number;
  nombreProducto: string;
  marca: string;
  precio: number;
  descuento: number;
  descuentoN: number;
  stock: number;
  stock_total: number;
  colores: string;
  tamaños: string;
  img: string;
  imagen: string;
  newores: string;
  sedes: string;
  categoria: string;
  tipo_piel: string;
  edad: string;
  inquietud_piel: string;
  /** ISO timestamp. */
  fechaAgregado: string;
}

/**
 * POST /api/rutina-recomendada. `data` maps each of the level's step names (PASOS_RUTINA nombre, in
 * K-beauty order) to its products; a step with nothing in stock maps to [] and is listed in
 * `categoriasDeshabilitadas`. `categoriasIncluidas` lists every step of the level, in order.
 */
export interface RutinaRecomendada {
  success: true;
  data: Record<string, ProductoRutina[]>;
  pasosRutina: CantidadPasos;
  totalCategorias: number;
  categoriasIncluidas: string[];
  categoriasDeshabilitadas: string[];
  nivelRutina: NivelRutina;
  /** The bundle discount of the level, in percent (0, 5 or 10). */
  descuentoRutina: number;
}
