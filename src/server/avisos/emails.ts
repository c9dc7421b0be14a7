import { TIENDA } from '../../lib/tienda.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';

/** The 'Avísame cuando llegue' e-mail (issue 25): the product is back, its link, and the unsubscribe link. */
export function avisoStockEmail({ to, producto, url, bajaUrl }: { to: string; producto: string; url: string; bajaUrl: string }): MailMessage {
  const subject = `¡Volvió! ${producto} ya está disponible`;
  const parrafo = `Nos pediste que te avisáramos: ${producto} ya está disponible otra vez en ${TIENDA.nombre}. Las unidades son limitadas.`;
  const pie = `Recibes este correo porque pediste un aviso para este producto; no te escribiremos más sobre él. Si no lo pediste tú, puedes ignorarlo o anular el aviso:`;
  const text = ['Hola:', '', parrafo, '', `Ver el producto: ${url}`, '', `${pie} ${bajaUrl}`, '', `El equipo de ${TIENDA.nombre}`].join('\n');
  const muted = 'color:#675a63';
  const celda = (style: string, html: string) => `<tr><td style="${style}">${html}</td></tr>`;
  const html = `<!doctype html><html lang="es-PE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0;background:#fdf7f9;font-family:Arial,Helvetica,sans-serif;color:#2b2330">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0">
${celda('font-size:22px;font-weight:bold;color:#b02a64', escapeHtml(TIENDA.nombre))}
${celda('padding-top:16px;font-size:16px', 'Hola:')}
${celda('padding:8px 0 20px;font-size:16px;line-height:1.5', escapeHtml(parrafo))}
${celda('padding-bottom:24px', `<a href="${escapeHtml(url)}" style="display:inline-block;background:#b02a64;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px">Ver el producto</a>`)}
${celda(`font-size:13px;line-height:1.5;${muted}`, `${escapeHtml(pie)} <a href="${escapeHtml(bajaUrl)}" style="color:#b02a64">anular el aviso</a>.`)}
${celda(`padding-top:16px;font-size:14px;${muted}`, `El equipo de ${escapeHtml(TIENDA.nombre)}`)}
</table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}
