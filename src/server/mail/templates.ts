import { RECUPERACION, TIENDA } from '../../lib/tienda.ts';
import type { MailMessage } from './mailer.ts';

/** Escapes text for HTML e-mail bodies. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The password-recovery e-mail with its one-time code, in Spanish, as HTML and plain text. */
export function recoveryEmail({ to, nombre, codigo }: { to: string; nombre: string; codigo: string }): MailMessage {
  const subject = `Tu código para cambiar la contraseña de ${TIENDA.nombre}`;
  const text = [
    `Hola, ${nombre}:`,
    '',
    `Recibimos una solicitud para cambiar la contraseña de tu cuenta en ${TIENDA.nombre}.`,
    `Tu código de verificación es: ${codigo}`,
    '',
    `El código vence en ${RECUPERACION.codigoMinutos} minutos y solo puede usarse una vez.`,
    'Si no solicitaste este cambio, ignora este correo: tu contraseña seguirá siendo la misma.',
    '',
    `El equipo de ${TIENDA.nombre}`,
  ].join('\n');
  const html = `<!doctype html><html lang="es-PE"><body style="margin:0;background:#fdf7f9;font-family:Arial,Helvetica,sans-serif;color:#2b2330">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:bold;color:#b02a64">${escapeHtml(TIENDA.nombre)}</td></tr>
<tr><td style="padding-top:16px;font-size:16px">Hola, ${escapeHtml(nombre)}:</td></tr>
<tr><td style="padding-top:8px;font-size:16px;line-height:1.5">Recibimos una solicitud para cambiar la contraseña de tu cuenta. Ingresa este código en la tienda:</td></tr>
<tr><td align="center" style="padding:24px 0"><span style="display:inline-block;font-size:32px;letter-spacing:8px;font-weight:bold;background:#fbe7ef;color:#8c1f4f;padding:12px 24px;border-radius:12px">${codigo}</span></td></tr>
<tr><td style="font-size:14px;line-height:1.5;color:#675a63">El código vence en ${RECUPERACION.codigoMinutos} minutos y solo puede usarse una vez. Si no solicitaste este cambio, ignora este correo: tu contraseña seguirá siendo la misma.</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}
