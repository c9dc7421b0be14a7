import type { MiddlewareHandler } from 'hono';
import { tieneControles } from '../../lib/api/text-schemas.ts';
import { clientError } from './errors.ts';

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * Refuses, before any route, a path or query holding control characters (NUL, escapes): no name,
 * id or code has them, and PostgreSQL refuses NUL in text, so they are a Spanish 400, never a 500.
 */
export const rejectControlCharacters: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  const parts = [...url.pathname.split('/'), ...[...url.searchParams].flat()];
  if (parts.some((part) => tieneControles(decoded(part)))) throw clientError(400, 'La dirección de la solicitud contiene caracteres no permitidos.');
  return next();
};
