import { z } from 'zod';

/**
 * The one text rule every request schema builds on: no control characters (NUL, escapes, DEL, C1).
 * PostgreSQL refuses NUL in text and the others have no place in a name, address or code, so they
 * are a Spanish 400 at the edge instead of a fault deeper in.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_SALVO_LINEAS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Whether a text holds a control character (tabs and line breaks allowed when `multilinea`). */
export const tieneControles = (value: string, multilinea = false) => (multilinea ? CONTROL_SALVO_LINEAS : CONTROL).test(value);

/** The Spanish message of a text with control characters. */
export const mensajeControles = (campo: string) => `${campo} contiene caracteres no permitidos.`;

/** A string without control characters; `error` is the message when the value is not a string. */
export function textoPlano(
  campo: string,
  { error = `${campo} debe ser un texto.`, multilinea = false }: { error?: string; multilinea?: boolean } = {},
) {
  return z.string({ error }).refine((value) => !tieneControles(value, multilinea), mensajeControles(campo));
}
