import { z } from 'zod';
import { textoPlano } from './text-schemas.ts';

/**
 * 'Avísame cuando llegue' (issue 25): what a visitor sends to be told when a sold-out product is back,
 * and the answer. A signed-in customer may leave `correo` out (the account's is used).
 */

/** The Spanish messages of the call, shared by the API and the form (plain data: no zod in the browser). */
export const MENSAJES_AVISO = {
  correoInvalido: 'Ingresa un correo electrónico válido.',
  faltaCorreo: 'Ingresa tu correo electrónico para avisarte.',
  productoInvalido: 'Indica el producto del que quieres el aviso.',
  noExiste: 'No encontramos ese producto.',
  hayStock: 'Este producto ya está disponible: puedes comprarlo ahora.',
  /** The answer to a subscription, new or repeated. */
  teAvisaremos: (correo: string) => `Te avisaremos a ${correo} cuando vuelva a estar disponible.`,
} as const;

/** Longest address accepted (RFC 5321's path limit). */
export const CORREO_MAXIMO = 254;

export const avisoNuevoSchema = z.object({
  productoId: z
    .number({ error: MENSAJES_AVISO.productoInvalido })
    .int(MENSAJES_AVISO.productoInvalido)
    .positive(MENSAJES_AVISO.productoInvalido),
  correo: textoPlano('El correo', { error: MENSAJES_AVISO.correoInvalido })
    .trim()
    .toLowerCase()
    .max(CORREO_MAXIMO, MENSAJES_AVISO.correoInvalido)
    .pipe(z.email(MENSAJES_AVISO.correoInvalido))
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type AvisoNuevo = z.input<typeof avisoNuevoSchema>;

/** 202, the same whether the address was added or already waiting: `{ mensaje }`. */
export interface AvisoRespuesta {
  mensaje: string;
}
