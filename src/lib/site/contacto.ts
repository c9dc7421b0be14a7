import { PROVEEDOR, TIENDA } from '../tienda.ts';

/** The WhatsApp number as people read it: '51987654321' → '+51 987 654 321'. */
export function telefonoLegible(numero: string = TIENDA.whatsapp): string {
  const local = numero.replace(/^51/, '');
  return `+51 ${local.replace(/(\d{3})(?=\d)/g, '$1 ')}`.trim();
}

/** The shop's contact channels and social accounts, shown in the footer and the static pages. */
export const CONTACTO = {
  correo: 'hola@kbeautyperu.pe',
  telefono: telefonoLegible(),
  whatsappUrl: `https://wa.me/${TIENDA.whatsapp}`,
  instagramUrl: 'https://www.instagram.com/kbeautyperu',
  tiktokUrl: 'https://www.tiktok.com/@kbeautyperu',
  /** The shop's own virtual complaints book, required by Peru's consumer code (Ley 29571, art. 150). */
  libroReclamacionesUrl: '/libro-de-reclamaciones',
  /** The company, as every hoja de reclamación names it (one fact: the footer and the terms show the same RUC). */
  razonSocial: PROVEEDOR.razonSocial,
  ruc: PROVEEDOR.ruc,
} as const;

/** The message the WhatsApp chat's box starts with, so an untouched box still sends a greeting (checkout §2). */
export const SALUDO_WHATSAPP = '¡Hola, K-Beauty Perú! Quisiera hacer una consulta.';

/** The wa.me link that opens a chat with the shop with `text` typed in. */
export const whatsappConTexto = (text: string) => `${CONTACTO.whatsappUrl}?text=${encodeURIComponent(text)}`;
