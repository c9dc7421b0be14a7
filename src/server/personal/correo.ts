import { NOMBRE_ROL, type Rol } from '../../lib/api/backoffice-schemas.ts';
import { TIENDA } from '../../lib/tienda.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { FIRMA, MUTED, botonHtml, celda, emailHtml, enlaceHtml, escapeHtml as escape } from '../mail/templates.ts';

/** The invitation to the back office (issue 36): the one-time link, its role and when it ends. */
export function invitacionEmail({
  to,
  rol,
  enlace,
  horas,
  invitadaPor,
  restablecimiento = false,
}: {
  to: string;
  rol: Rol;
  enlace: string;
  horas: number;
  invitadaPor: string;
  /** The owner reset an existing account's access (a lost phone): same account, new password and second factor. */
  restablecimiento?: boolean;
}): MailMessage {
  const subject = restablecimiento ? `Restablecimos tu acceso a ${TIENDA.nombre}` : `Te invitaron a administrar ${TIENDA.nombre}`;
  const cuerpo = restablecimiento
    ? `${invitadaPor} restableció tu acceso a la administración de ${TIENDA.nombre}: tu contraseña, tu código de verificación, tus passkeys y tus códigos de recuperación anteriores ya no sirven.`
    : `${invitadaPor} te invitó a la administración de ${TIENDA.nombre} como ${NOMBRE_ROL[rol].toLowerCase()}.`;
  const pasos = restablecimiento
    ? 'Abre el enlace, elige una contraseña nueva y vuelve a activar tu código de verificación (una app de autenticación en tu celular).'
    : 'Abre el enlace, elige tu contraseña y activa tu código de verificación (una app de autenticación en tu celular).';
  const vence = `El enlace vence en ${horas} horas y solo puede usarse una vez.`;
  const ignora = restablecimiento
    ? 'Si no pediste esto, avisa a la dueña o dueño de la tienda.'
    : 'Si no esperabas esta invitación, ignora este correo.';
  const text = ['Hola:', '', cuerpo, pasos, '', enlace, '', vence, ignora, '', FIRMA].join('\n');
  const html = emailHtml({
    saludo: 'Hola:',
    firma: true,
    filas: [
      celda('padding-top:8px;font-size:16px;line-height:1.5', `${escape(cuerpo)} ${escape(pasos)}`),
      celda('padding:24px 0;text-align:center', botonHtml(restablecimiento ? 'Restablecer mi acceso' : 'Aceptar la invitación', enlace)),
      celda(`font-size:14px;line-height:1.5;${MUTED}`, `${escape(vence)} ${escape(ignora)} ${enlaceHtml(enlace, enlace, true)}`),
    ],
  });
  return { to, subject, text, html };
}
