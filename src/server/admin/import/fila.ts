import { z } from 'zod';
import { OPERACIONES } from '../../../lib/tienda.ts';
import { mensajeControles, tieneControles } from '../../../lib/api/text-schemas.ts';
import { motivoNombreDePagina } from '../../../lib/catalogue/page-names.ts';
import { atMostTwoDecimals } from '../../../lib/pricing/money.ts';
import { esRutaTienda } from '../../../lib/site/rutas.ts';
import { COLUMNAS_IGNORADAS, type Columna } from '../../../lib/catalogue/import-columns.ts';

/**
 * One import row's values validated like the public API validates its input: zod, one Spanish
 * message per broken rule. Values come from a CSV (text) or a JSON file (numbers, booleans, lists),
 * so each field accepts the forms a spreadsheet or a program writes ("49,90", "15%", "sí", [..]).
 */

export const BADGES = ['Nuevo', 'Reestok', 'Preventa', 'Sale'] as const;
const { precioMaximo: PRECIO_MAXIMO, unidadesMaximas: STOCK_MAXIMO, descuentoMaximo: DESCUENTO_MAXIMO } = OPERACIONES;
/** An image reference once the command has uploaded local files: a path the shop serves (/imagenes/…, /demo/…), as site/rutas.ts rules. */
const esRutaImagen = (ruta: string) => ruta.length <= 300 && esRutaTienda(ruta);

const vacio = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A value as text: lists joined with commas, numbers and booleans spelled out, surrounding spaces trimmed. */
function comoTexto(value: unknown): unknown {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number'))
    return value.map((item) => String(item).trim()).join(',');
  return typeof value === 'string' ? value.trim() : value;
}

const texto = (campo: string, max: number, multilinea = false) =>
  z.preprocess(
    comoTexto,
    z
      .string({ error: `${campo} debe ser un texto.` })
      .refine((value) => !tieneControles(value, multilinea), mensajeControles(campo))
      .refine((value) => value.length <= max, `${campo} es demasiado largo (máximo ${max} caracteres).`),
  );

/** A number as a spreadsheet may write it: 49.90, 49,90, S/ 49.90, 15%. Empty is `vacioEs`. */
function comoNumero(vacioEs: number | undefined) {
  return (value: unknown) => {
    if (vacio(value)) return vacioEs;
    if (typeof value !== 'string') return value;
    const limpio = value
      .trim()
      .replace(/^S\/\.?\s*/i, '')
      .replace(/\s*%$/, '')
      .replace(/\s/g, '');
    const decimal = /^-?\d+,\d{1,2}$/.test(limpio) ? limpio.replace(',', '.') : limpio;
    return /^-?\d+(\.\d+)?$/.test(decimal) ? Number(decimal) : value;
  };
}

const importe = (
  campo: string,
  vacioEs: number | undefined,
  { min, max, mayorQueCero }: { min: number; max: number; mayorQueCero?: boolean },
) =>
  z.preprocess(
    comoNumero(vacioEs),
    z
      .number({ error: `${campo} debe ser un número (por ejemplo 49.90).` })
      .refine(
        (n) => (mayorQueCero ? n > min : n >= min),
        mayorQueCero ? `${campo} debe ser mayor que ${min}.` : `${campo} no puede ser negativo.`,
      )
      .refine((n) => n <= max, `${campo} no puede pasar de ${max.toLocaleString('es-PE')}.`)
      .refine(atMostTwoDecimals, `${campo} admite como máximo 2 decimales.`)
      .optional(),
  );

const entero = (campo: string, vacioEs: number | undefined, max: number, min = 0) =>
  z.preprocess(
    comoNumero(vacioEs),
    z
      .number({ error: `${campo} debe ser un número entero.` })
      .int(`${campo} debe ser un número entero.`)
      .min(min, min > 0 ? `${campo} debe ser un número entero positivo.` : `${campo} no puede ser negativo.`)
      .max(max, `${campo} no puede pasar de ${max.toLocaleString('es-PE')}.`)
      .optional(),
  );

const SI = new Set(['1', 'true', 'si', 'sí', 'verdadero', 'x', 'yes']);
const NO = new Set(['0', 'false', 'no', 'falso']);

const booleano = (campo: string, vacioEs: boolean) =>
  z.preprocess(
    (value) => {
      if (vacio(value)) return vacioEs;
      if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : value;
      if (typeof value !== 'string') return value;
      const key = value.trim().toLowerCase();
      return SI.has(key) ? true : NO.has(key) ? false : value;
    },
    z.boolean({ error: `${campo} debe ser sí o no (también 1/0, true/false).` }),
  );

/** A calendar date as YYYY-MM-DD, written so or as Peruvians do (DD/MM/AAAA). */
function comoFecha(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const dmy = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(value.trim());
  return dmy ? `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}` : value.trim();
}
const fechaValida = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
export const fecha = (campo: string) =>
  z.preprocess(
    (value) => (vacio(value) ? null : comoFecha(value)),
    z
      .string({ error: `${campo} debe ser una fecha (AAAA-MM-DD o DD/MM/AAAA).` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${campo} debe ser una fecha (AAAA-MM-DD o DD/MM/AAAA).`)
      .refine(fechaValida, `${campo} no es una fecha que exista.`)
      .nullable(),
  );

/** When a product was added: a date or an ISO date and time; empty leaves it as it is. */
const momento = z.preprocess(
  (value) => (vacio(value) ? undefined : comoFecha(value)),
  z
    .string({ error: 'fechaAgregado debe ser una fecha (AAAA-MM-DD) o una fecha y hora ISO.' })
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value)),
      'fechaAgregado debe ser una fecha (AAAA-MM-DD) o una fecha y hora ISO.',
    )
    .transform((value) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00-05:00` : value))
    .optional(),
);

/** Image references: a comma-separated text or a list of paths the shop serves. */
const imagenes = (campo: string) =>
  z.preprocess(
    comoTexto,
    z
      .string({ error: `${campo} debe ser un texto o una lista de rutas.` })
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .refine(
        (rutas) => rutas.every(esRutaImagen),
        `${campo}: cada imagen debe ser un archivo junto al CSV o una ruta de la tienda que empiece con una sola / (sin espacios ni barras invertidas).`,
      )
      .refine((rutas) => rutas.length <= 20, `${campo} admite como máximo 20 imágenes.`),
  );

/** A brand, line, categoría or child category: also the name of its page, so it must make one (page-names.ts). */
const nombre = (campo: string) =>
  texto(campo, 100).superRefine((value, ctx) => {
    const motivo = typeof value === 'string' ? motivoNombreDePagina(campo, value) : undefined;
    if (motivo) ctx.addIssue({ code: 'custom', message: motivo });
  });

/** The row's fields; absent ones are left as they are (an update) or take their defaults (a new product). */
export const filaSchema = z
  .object({
    sku: z.preprocess(
      (v) => (vacio(v) ? undefined : comoTexto(v)),
      texto('El sku', 64)
        .refine((v) => !/\s/.test(v as string), 'El sku no puede tener espacios.')
        .optional(),
    ),
    idProducto: entero('idProducto', undefined, 999_999_999, 1),
    nombre: texto('El nombre', 200),
    descripcion: texto('La descripción', 10_000, true),
    precio: importe('El precio', undefined, { min: 0, max: PRECIO_MAXIMO, mayorQueCero: true }),
    descuento: importe('El descuento (%)', 0, { min: 0, max: DESCUENTO_MAXIMO }),
    descuentoN: importe('El descuento en soles (descuentoN)', 0, { min: 0, max: PRECIO_MAXIMO }),
    img: imagenes('img'),
    imagen: imagenes('imagen').refine((rutas) => rutas.length <= 1, 'imagen admite una sola imagen.'),
    imgHover: imagenes('imgHover').refine((rutas) => rutas.length <= 1, 'imgHover admite una sola imagen.'),
    newores: z.preprocess(
      (value) => {
        const text = comoTexto(value);
        if (typeof text !== 'string') return text;
        return BADGES.find((badge) => badge.toLowerCase() === text.toLowerCase()) ?? text;
      },
      z.enum(['', ...BADGES], { error: `newores debe estar vacío o ser ${BADGES.join(', ')}.` }),
    ),
    etiquetalogo: texto('etiquetalogo', 200),
    marca: nombre('La marca'),
    colores: texto('Los colores', 1_000),
    tamaños: texto('Los tamaños', 1_000),
    stock: entero('El stock', 0, STOCK_MAXIMO),
    stock_total: entero('El stock_total', undefined, STOCK_MAXIMO),
    modouso: texto('El modo de uso', 10_000, true),
    beneficios: texto('Los beneficios', 10_000, true),
    ingredientes: texto('Los ingredientes', 10_000, true),
    linea: nombre('La línea'),
    categoria: nombre('La categoría'),
    child: nombre('La subcategoría (child)'),
    fechaLlegada: fecha('fechaLlegada'),
    sedes: texto('Las sedes', 500),
    tipo_piel: texto('tipo_piel', 500),
    edad: texto('edad', 500),
    inquietud_piel: texto('inquietud_piel', 500),
    esSet: booleano('esSet', false),
    visible: booleano('visible', true),
    fechaAgregado: momento,
    stock_descargado: entero('El stock_descargado', undefined, STOCK_MAXIMO),
    stock_total_descargado: entero('El stock_total_descargado', undefined, STOCK_MAXIMO),
  } satisfies Record<Columna, z.ZodType>)
  .partial()
  .extend(
    Object.fromEntries(COLUMNAS_IGNORADAS.map((columna) => [columna, z.unknown().optional()])) as Record<
      (typeof COLUMNAS_IGNORADAS)[number],
      z.ZodOptional<z.ZodUnknown>
    >,
  )
  .strict();

export type Fila = z.output<typeof filaSchema>;

/** The row's values validated, or every broken rule as one Spanish reason. */
export function validarFila(valores: unknown): { ok: true; fila: Fila } | { ok: false; motivo: string } {
  if (typeof valores !== 'object' || valores === null || Array.isArray(valores))
    return { ok: false, motivo: 'La fila debe ser un objeto con las columnas del producto.' };
  // An empty cell (or null, or an empty list) leaves its field as it is: a spreadsheet that updates
  // prices need not repeat every other column, and a blank is never taken for "erase".
  const dados = Object.fromEntries(
    Object.entries(valores).filter(([, value]) => !vacio(value) && !(Array.isArray(value) && value.length === 0)),
  );
  const parsed = filaSchema.safeParse(dados);
  if (!parsed.success) {
    const mensajes = parsed.error.issues.map((issue) =>
      issue.code === 'unrecognized_keys'
        ? `Columna desconocida: ${issue.keys.join(', ')}.`
        : /^Invalid/.test(issue.message)
          ? `${String(issue.path[0] ?? 'La fila')} no es válido.`
          : issue.message,
    );
    return { ok: false, motivo: [...new Set(mensajes)].join(' ') };
  }
  // How price and stock fit together is checked on the product as it would end up (importar.ts, product-rules.ts).
  return { ok: true, fila: parsed.data };
}
