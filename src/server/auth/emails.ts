import { RECUPERACION, TIENDA } from '../../lib/tienda.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { FIRMA, MUTED, celda, emailHtml, escapeHtml } from '../mail/templates.ts';

/** The password-recovery e-mail with its one-time code, in Spanish, as HTML and plain text. */
export function recoveryEmail({ to, nombre, codigo }: { to: string; nombre: string; codigo: string }): MailMessage {
  const subject = `Tu código para cambiar la contraseña de ${TIENDA.nombre}`;
  const vence = `El código vence en ${RECUPERACION.codigoMinutos} minutos y solo puede usarse una vez.`;
  const ignora = 'Si no solicitaste este cambio, ignora este correo: tu contraseña seguirá siendo la misma.';
  const text = [
    `Hola, ${nombre}:`,
    '',
    `Recibimos una solicitud para cambiar la contraseña de tu cuenta en ${TIENDA.nombre}.`,
    `Tu código de verificación es: ${codigo}`,
    '',
    vence,
    ignora,
    '',
    FIRMA,
  ].join('\n');
  const html = emailHtml({
    saludo: `Hola, ${nombre}:`,
    ancho: 520,
    filas: [
      celda(
        'padding-top:8px;font-size:16px;line-height:1.5',
        'Recibimos una solicitud para cambiar la contraseña de tu cuenta. Ingresa este código en la tienda:',
      ),
      celda(
        'padding:24px 0;text-align:center',
        `<span style="display:inline-block;font-size:32px;letter-spacing:8px;font-weight:bold;background:#fbe7ef;color:#8c1f4f;padding:12px 24px;border-radius:12px">${escapeHtml(codigo)}</span>`,
      ),
      celda(`font-size:14px;line-height:1.5;${MUTED}`, `${vence} ${ignora}`),
    ],
  });
  return { to, subject, text, html };
}
