import type { ProductoFormularioLeido as ProductoFormulario } from '../../../lib/api/productos-schemas.ts';
import { mensajeControles, tieneControles } from '../../../lib/api/text-schemas.ts';
import { fecha, filaSchema, type Fila } from '../import/fila.ts';

/**
 * The product form's values checked by the import's own rules (import/fila.ts), field by field so the
 * form can show each reason beside its field: the same Spanish messages a spreadsheet row gets.
 */

/** The form's fields as the import names its columns (the photos' addresses are the import's `img`). */
const COLUMNAS_FORMULARIO = [
  'sku',
  'nombre',
  'descripcion',
  'precio',
  'descuento',
  'descuentoN',
  'newores',
  'etiquetalogo',
  'marca',
  'linea',
  'categoria',
  'child',
  'colores',
  'tamaños',
  'stock',
  'stock_total',
  'modouso',
  'beneficios',
  'ingredientes',
  'fechaLlegada',
  'sedes',
  'tipo_piel',
  'edad',
  'inquietud_piel',
  'esSet',
  'visible',
] as const;

/** A product's required fields and how the form names them when missing. */
const OBLIGATORIOS = {
  nombre: 'Falta el nombre.',
  precio: 'Falta el precio.',
  marca: 'Falta la marca.',
  categoria: 'Falta la categoría.',
} as const;

const ALT_MAXIMO = 300;
const fechaDesde = fecha('La fecha de inicio del descuento (descuentoDesde)');
const fechaHasta = fecha('La fecha de fin del descuento (descuentoHasta)');

/** The form's values once valid: the import's row plus the discount's dates and the photos' texts. */
export interface Formulario {
  fila: Fila;
  /** The fields the body named (a blank one clears its field on an edit). */
  dados: Set<string>;
  descuentoDesde: string | null;
  descuentoHasta: string | null;
  fotos: { url: string; alt: string }[] | undefined;
}

const vacio = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The form's values validated, or each field's reason. `nuevo`: the required fields must be there. */
export function validarFormulario(
  cuerpo: ProductoFormulario,
  { nuevo }: { nuevo: boolean },
): { ok: true; formulario: Formulario } | { ok: false; errores: Record<string, string> } {
  const errores: Record<string, string> = {};
  const valores: Record<string, unknown> = {};
  for (const columna of COLUMNAS_FORMULARIO) {
    const value = cuerpo[columna];
    if (!vacio(value)) valores[columna] = value;
  }
  if (cuerpo.fotos?.length) valores.img = cuerpo.fotos.map((foto) => foto.url.trim());
  const parsed = filaSchema.safeParse(valores);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const campo = String(issue.path[0] ?? 'producto');
      errores[campo === 'img' ? 'fotos' : campo] ??= /^Invalid/.test(issue.message) ? `${campo} no es válido.` : issue.message;
    }
  // A new product needs these; an edit may not blank them either.
  for (const [campo, mensaje] of Object.entries(OBLIGATORIOS))
    if ((nuevo || campo in cuerpo) && vacio(cuerpo[campo as keyof ProductoFormulario])) errores[campo] ??= mensaje;

  const desde = fechaDesde.safeParse(cuerpo.descuentoDesde ?? null);
  const hasta = fechaHasta.safeParse(cuerpo.descuentoHasta ?? null);
  if (!desde.success) errores.descuentoDesde = desde.error.issues[0]!.message;
  if (!hasta.success) errores.descuentoHasta = hasta.error.issues[0]!.message;
  const motivoFechas = desde.success && hasta.success ? motivoFechasDescuento(desde.data, hasta.data) : undefined;
  if (motivoFechas) errores.descuentoHasta = motivoFechas;

  cuerpo.fotos?.forEach((foto, i) => {
    if (foto.alt.length > ALT_MAXIMO) errores.fotos ??= `El texto alternativo de la foto ${i + 1} admite hasta ${ALT_MAXIMO} caracteres.`;
    else if (tieneControles(foto.alt)) errores.fotos ??= mensajeControles(`El texto alternativo de la foto ${i + 1}`);
  });
  if (cuerpo.fotos && new Set(cuerpo.fotos.map((f) => f.url.trim())).size !== cuerpo.fotos.length)
    errores.fotos ??= 'Una foto está repetida.';

  if (Object.keys(errores).length || !parsed.success) return { ok: false, errores };
  return {
    ok: true,
    formulario: {
      fila: parsed.data,
      dados: new Set(Object.keys(cuerpo)),
      descuentoDesde: desde.data ?? null,
      descuentoHasta: hasta.data ?? null,
      fotos: cuerpo.fotos?.map((foto) => ({ url: foto.url.trim(), alt: foto.alt.trim() })),
    },
  };
}

/** Why a discount's dates are wrong together (the last day before the first), or undefined. */
export function motivoFechasDescuento(desde: string | null, hasta: string | null): string | undefined {
  if (desde && hasta && hasta < desde) return `La fecha de fin del descuento (${hasta}) no puede ser anterior a la de inicio (${desde}).`;
  return undefined;
}
