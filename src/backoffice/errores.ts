import { MENSAJE_REAUTENTICAR } from '../lib/api/backoffice-schemas.ts';
import { ApiError, serverMessage } from '../lib/api/request.ts';

/** What to tell the person about a failed call: the API's own words, else the error's Spanish message. */
export function mensajeDe(error: unknown): string {
  return serverMessage(error) ?? (error instanceof Error ? error.message : 'Algo salió mal. Intenta nuevamente.');
}

/** The session ended (idle, too old, signed out elsewhere): the API answered 401. */
export const esSesionVencida = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The route needs a fresh sign-in: 403 with the API's re-authentication message. */
export const pideReautenticar = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.mensaje === MENSAJE_REAUTENTICAR;
