import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { describeError, isDatabaseUnavailable } from '../db/errors.ts';

/** What the API answers while its database is down or not answering. */
export const MENSAJE_SIN_BASE_DE_DATOS = 'La tienda no está disponible en este momento. Por favor, intenta nuevamente en unos minutos.';

/** A client error answered as `{ mensaje }` (plus any fields the call's shape needs) with its status. */
export function clientError(status: ContentfulStatusCode, mensaje: string, extra: Record<string, unknown> = {}): HTTPException {
  return new HTTPException(status, { message: mensaje, res: Response.json({ ...extra, mensaje }, { status }) });
}

/** Turns any thrown error into the API's `{ mensaje }` answer; only server faults become 5xx. */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof HTTPException) {
    if (error.res) return error.res;
    return c.json({ mensaje: error.message || 'Solicitud inválida.' }, error.status);
  }
  if (isMalformedBody(error)) return c.json({ mensaje: 'El cuerpo de la solicitud no es un JSON válido.' }, 400);
  // Never the error object itself: a query's parameters and Postgres' `detail` hold personal data.
  console.error(`API ${c.req.method} ${c.req.path}: ${describeError(error)}`);
  if (isDatabaseUnavailable(error)) {
    c.header('Retry-After', '5');
    return c.json({ mensaje: MENSAJE_SIN_BASE_DE_DATOS }, 503);
  }
  return c.json({ mensaje: 'Ocurrió un error en el servidor. Por favor, intenta nuevamente.' }, 500);
}

function isMalformedBody(error: Error): boolean {
  return error instanceof SyntaxError && /JSON/i.test(error.message);
}
