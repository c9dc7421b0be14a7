import { TIENDA } from '../../lib/tienda.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';

/** One product of the invitation: its name and the page where its review is written. */
export interface ProductoInvitado {
  nombre: string;
  url: string;
}

/**
 * The review invitation (issue 25), a few days after delivery: the products still to review, each with
 * its link, and the one-click unsubscribe from marketing e-mails (also as List-Unsubscribe, RFC 8058).
 */
export function invitacionResenaEmail({ to, nombre, pedido, productos, bajaUrl }: { to: string; nombre: string; pedido: number; productos: ProductoInvitado[]; bajaUrl: string }): MailMessage {
  const uno = productos.length === 1;
  const subject = uno ? `¿Qué te pareció ${productos[0]!.nombre}?` : `¿Qué te parecieron tus productos del pedido N.° ${pedido}?`;
  const saludo = nombre.trim() ? `Hola, ${nombre.trim()}:` : 'Hola:';
  const parrafo = `Esperamos que estés disfrutando tu pedido N.° ${pedido}. Tu opinión ayuda a otras personas a elegir: califica ${uno ? 'tu producto' : 'tus productos'} de 1 a 5 estrellas y cuéntanos cómo te fue. Solo toma un minuto.`;
  const pie = `Recibes este correo porque aceptaste recibir novedades de ${TIENDA.nombre}. Si ya no quieres recibirlas, date de baja con un clic:`;
  const text = [saludo, '', parrafo, '', ...productos.map((p) => `- ${p.nombre}: ${p.url}`), '', `${pie} ${bajaUrl}`, '', `El equipo de ${TIENDA.nombre}`].join('\n');
  const muted = 'color:#675a63';
  const celda = (style: string, html: string) => `<tr><td style="${style}">${html}</td></tr>`;
  const boton = (p: ProductoInvitado) =>
    celda(
      'padding-bottom:16px',
      `<div style="font-size:16px;font-weight:bold;padding-bottom:8px">${escapeHtml(p.nombre)}</div><a href="${escapeHtml(p.url)}" style="display:inline-block;background:#b02a64;color:#ffffff;text-decoration:none;font-weight:bold;padding:10px 20px;border-radius:999px">Escribir mi reseña</a>`,
    );
  const html = `<!doctype html><html lang="es-PE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0;background:#fdf7f9;font-family:Arial,Helvetica,sans-serif;color:#2b2330">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0">
${celda('font-size:22px;font-weight:bold;color:#b02a64', escapeHtml(TIENDA.nombre))}
${celda('padding-top:16px;font-size:16px', escapeHtml(saludo))}
${celda('padding:8px 0 20px;font-size:16px;line-height:1.5', escapeHtml(parrafo))}
${productos.map(boton).join('\n')}
${celda(`padding-top:8px;font-size:13px;line-height:1.5;${muted}`, `${escapeHtml(pie)} <a href="${escapeHtml(bajaUrl)}" style="color:#b02a64">no quiero recibir más correos</a>.`)}
${celda(`padding-top:16px;font-size:14px;${muted}`, `El equipo de ${escapeHtml(TIENDA.nombre)}`)}
</table></td></tr></table></body></html>`;
  return { to, subject, text, html, headers: { 'List-Unsubscribe': `<${bajaUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}
