import { ApiError, NetworkError } from '../lib/api/request.ts';

/** A failure to tell the operator: its message is printed and the command exits with 1. */
export class CliError extends Error {}

/** The refusal when there is no operator token to talk to the shop with. */
export const noTokenError = (tokenFile: string) =>
  new CliError(
    `No hay token de operador: define SHOP_ADMIN_TOKEN, o inicia la tienda en esta máquina con \`npm start\` para que escriba ${tokenFile}.`,
  );

/** The refusal when the shop at `baseUrl` does not answer. */
export const unreachableError = (baseUrl: string) =>
  new CliError(
    `No se pudo conectar con la tienda en ${baseUrl}. ¿Está en marcha? Iníciala con \`npm start\` (o indica dónde está con SHOP_URL).`,
  );

/**
 * A failed operator call as the operator reads it: the API's Spanish mensaje, or its status when it
 * said nothing (`sinMensaje` ends that sentence); a call without answer says to start the shop, unless
 * the in-process transport reported its own failure (the database would not open). Anything else is a
 * bug and stays what it is.
 */
export function cliErrorOf(error: unknown, baseUrl: string, sinMensaje = 'sin explicación'): unknown {
  if (error instanceof ApiError) return new CliError(error.mensaje ?? `La tienda respondió ${error.status} ${sinMensaje}.`);
  if (error instanceof NetworkError) return error.cause instanceof CliError ? error.cause : unreachableError(baseUrl);
  return error;
}
