import { fieldsOf } from './checks.ts';
import type { HojaReclamacion, HojaRespuesta, ReclamoNuevo } from './reclamos-schemas.ts';
import { request } from './request.ts';
import { api } from './routes.ts';

/** The Libro de Reclamaciones' call (issue 23): filing a hoja de reclamación. */

const isHoja = fieldsOf<HojaReclamacion>({
  numero: 'string',
  fecha: 'string',
  proveedor: 'object',
  tipo: 'string',
  consumidor: 'object',
  bien: 'object',
  detalle: 'string',
  pedidoConsumidor: 'string',
  plazo: 'string',
});
const isHojaRespuesta = fieldsOf<HojaRespuesta>({ hoja: isHoja });

/**
 * POST /api/libro-reclamaciones: files the sheet and answers it with its number, date and deadline,
 * and how its copy goes (its link, what the e-mail carries). A customer's token links it to their
 * account; a refusal (400 naming the field, 429) is an ApiError with the server's mensaje.
 */
export const fileReclamo = (body: ReclamoNuevo, token?: string): Promise<HojaRespuesta> =>
  request(api.api['libro-reclamaciones'].$path(), { method: 'POST', body, token, check: isHojaRespuesta });
