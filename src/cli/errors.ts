/** A failure to tell the operator: its message is printed and the command exits with 1. */
export class CliError extends Error {}

/** The refusal when there is no operator token to talk to the shop with. */
export const noTokenError = (tokenFile: string) =>
  new CliError(`No hay token de operador: define SHOP_ADMIN_TOKEN, o inicia la tienda en esta máquina con \`npm start\` para que escriba ${tokenFile}.`);

/** The refusal when the shop at `baseUrl` does not answer. */
export const unreachableError = (baseUrl: string) =>
  new CliError(`No se pudo conectar con la tienda en ${baseUrl}. ¿Está en marcha? Iníciala con \`npm start\` (o indica dónde está con SHOP_URL).`);
