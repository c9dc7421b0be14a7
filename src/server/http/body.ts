import type { Context } from 'hono';
import type { z } from 'zod';
import { clientError } from './errors.ts';

/**
 * The request's JSON body validated by `schema`; a missing or malformed body or a failed rule is a
 * 400 whose mensaje is the first rule's Spanish text (plus `extra`, for calls whose shape needs it).
 */
export async function parseBody<S extends z.ZodType>(c: Context, schema: S, extra: Record<string, unknown> = {}): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw clientError(400, 'El cuerpo de la solicitud debe ser un JSON válido.', extra);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const mensaje = issue && !/^Invalid/.test(issue.message) ? issue.message : 'Los datos enviados no son válidos.';
    throw clientError(400, mensaje, extra);
  }
  return parsed.data;
}
