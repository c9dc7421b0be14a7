import { escapeHtml } from '../../lib/text.ts';
import { TIENDA } from '../../lib/tienda.ts';

/**
 * The one HTML frame of every e-mail the shop sends (orders, receipts' and payments' alerts,
 * complaints, reviews, restock notices, password recovery): the page, the white card, the shop's
 * name as its title, the greeting, the feature's rows, the sign-off; and the few pieces the rows
 * share (a full-width cell, a link, a button, the muted small print). Each feature writes only its
 * words and rows; the plain-text part is its own.
 */

/** Escapes text for HTML e-mail bodies (the one escaper of lib/text.ts, exported here for the e-mails' modules). */
export { escapeHtml };

/** The shop's colour: the title, links and buttons. */
const ACENTO = '#b02a64';

/** The style of small print (hints, totals' labels, the sign-off). */
export const MUTED = 'color:#675a63';

/** The last line of every e-mail to a person. */
export const FIRMA = `El equipo de ${TIENDA.nombre}`;

/** A full-width row of the frame's card, holding `html` (already escaped). */
export const celda = (style: string, html: string) => `<tr><td colspan="2" style="${style}">${html}</td></tr>`;

/** A link in the shop's colour; bold unless `discreto` (the small print's links). */
export const enlaceHtml = (texto: string, url: string, discreto = false) =>
  `<a href="${escapeHtml(url)}" style="color:${ACENTO}${discreto ? '' : ';font-weight:bold'}">${escapeHtml(texto)}</a>`;

/** A link drawn as the shop's button. */
export const botonHtml = (texto: string, url: string) =>
  `<a href="${escapeHtml(url)}" style="display:inline-block;background:${ACENTO};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px">${escapeHtml(texto)}</a>`;

/** What goes in the frame. */
export interface Marco {
  /** The card's title: the shop's name unless told (the shop's own alerts name their subject). */
  titulo?: string;
  /** 'Hola, Ana:' as the first line, escaped here. */
  saludo?: string;
  /** The feature's rows (`celda` or two-column `<tr>`s). */
  filas: string[];
  /** Ends with `FIRMA` in small print. */
  firma?: boolean;
  /** The card's widest, in pixels (560 unless a feature's two-column rows need more). */
  ancho?: number;
}

/** The whole HTML document of an e-mail. */
export function emailHtml({ titulo = TIENDA.nombre, saludo, filas, firma = false, ancho = 560 }: Marco): string {
  return `<!doctype html><html lang="es-PE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0;background:#fdf7f9;font-family:Arial,Helvetica,sans-serif;color:#2b2330">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:${ancho}px;background:#ffffff;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0">
${[
  celda(`font-size:22px;font-weight:bold;color:${ACENTO}`, escapeHtml(titulo)),
  ...(saludo === undefined ? [] : [celda('padding-top:16px;font-size:16px', escapeHtml(saludo))]),
  ...filas,
  ...(firma ? [celda(`padding-top:20px;font-size:14px;${MUTED}`, escapeHtml(FIRMA))] : []),
].join('\n')}
</table></td></tr></table></body></html>`;
}
