import { TIENDA } from '../../lib/tienda.ts';

/** The message the chat's box starts with, so an untouched box still sends a greeting (checkout §2). */
export const SALUDO_WHATSAPP = '¡Hola, K-Beauty Perú! Quisiera hacer una consulta.';

/** The wa.me link that opens a chat with the shop with `text` typed in. */
export const whatsappUrl = (text: string) => `https://wa.me/${TIENDA.whatsapp}?text=${encodeURIComponent(text)}`;
