import { z } from 'zod';
import { LIMITES } from '../../lib/tienda.ts';
import { clientError } from './errors.ts';

const idSchema = z.string().regex(/^[1-9]\d{0,8}$/);
const nombreSchema = z
  .string()
  .trim()
  .min(1)
  .max(LIMITES.nombreMaximo)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]*$/);

/** A positive integer id from a path segment, or a 400 naming the field. */
export function parseId(value: string | undefined, campo: string): number {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw clientError(400, `El ${campo} debe ser un número entero positivo.`);
  return Number(parsed.data);
}

/** A category, brand or child name from a path segment, trimmed, or a 400 naming the field. */
export function parseNombre(value: string | undefined, campo: string): string {
  const parsed = nombreSchema.safeParse(value);
  if (!parsed.success) {
    throw clientError(400, `El nombre de ${campo} no es válido: debe tener entre 1 y ${LIMITES.nombreMaximo} caracteres.`);
  }
  return parsed.data;
}
