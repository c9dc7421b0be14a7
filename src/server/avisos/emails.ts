import { TIENDA } from '../../lib/tienda.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { FIRMA, MUTED, botonHtml, celda, emailHtml, enlaceHtml, escapeHtml } from '../mail/templates.ts';

/** The 'Avísame cuando llegue' e-mail (issue 25): the product is back, its link, and the unsubscribe link. */
export function avisoStockEmail({
  to,
  producto,
  url,
  bajaUrl,
}: {
  to: string;
  producto: string;
  url: string;
  bajaUrl: string;
}): MailMessage {
  const subject = `¡Volvió! ${producto} ya está disponible`;
  const parrafo = `Nos pediste que te avisáramos: ${producto} ya está disponible otra vez en ${TIENDA.nombre}. Las unidades son limitadas.`;
  const pie = `Recibes este correo porque pediste un aviso para este producto; no te escribiremos más sobre él. Si no lo pediste tú, puedes ignorarlo o anular el aviso:`;
  const text = ['Hola:', '', parrafo, '', `Ver el producto: ${url}`, '', `${pie} ${bajaUrl}`, '', FIRMA].join('\n');
  const html = emailHtml({
    saludo: 'Hola:',
    firma: true,
    filas: [
      celda('padding:8px 0 20px;font-size:16px;line-height:1.5', escapeHtml(parrafo)),
      celda('padding-bottom:24px', botonHtml('Ver el producto', url)),
      celda(`font-size:13px;line-height:1.5;${MUTED}`, `${escapeHtml(pie)} ${enlaceHtml('anular el aviso', bajaUrl, true)}.`),
    ],
  });
  return { to, subject, text, html };
}
