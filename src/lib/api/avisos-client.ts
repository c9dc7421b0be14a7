import type { AvisoNuevo, AvisoRespuesta } from './avisos-schemas.ts';
import { fieldsOf } from './checks.ts';
import { request } from './request.ts';
import { api } from './routes.ts';

/** 'Avísame cuando llegue' (issue 25): asking to be e-mailed when a sold-out product is back. */

const isAvisoRespuesta = fieldsOf<AvisoRespuesta>({ mensaje: 'string' });

/**
 * POST /api/avisos-stock: answers the shop's confirmation. A customer's token lets `correo` be left
 * out; a refusal (400 bad address, 409 in stock or unknown, 429) is an ApiError with the server's mensaje.
 */
export const pedirAvisoStock = async (body: AvisoNuevo, token?: string): Promise<string> =>
  (await request(api.api['avisos-stock'].$path(), { method: 'POST', body, token, check: isAvisoRespuesta })).mensaje;
