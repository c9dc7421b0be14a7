import { TIENDA } from '../../lib/tienda.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { FIRMA, MUTED, botonHtml, celda, emailHtml, enlaceHtml, escapeHtml } from '../mail/templates.ts';

/** One product of the invitation: its name and the page where its review is written. */
export interface ProductoInvitado {
  nombre: string;
  url: string;
}

/**
 * The review invitation (issue 25), a few days after delivery: the products still to review, each with
 * its link, and the one-click unsubscribe from marketing e-mails (also as List-Unsubscribe, RFC 8058).
 */
export function invitacionResenaEmail({
  to,
  nombre,
  pedido,
  productos,
  bajaUrl,
}: {
  to: string;
  nombre: string;
  pedido: number;
  productos: ProductoInvitado[];
  bajaUrl: string;
}): MailMessage {
  const uno = productos.length === 1;
  const subject = uno ? `¿Qué te pareció ${productos[0]!.nombre}?` : `¿Qué te parecieron tus productos del pedido N.° ${pedido}?`;
  const saludo = nombre.trim() ? `Hola, ${nombre.trim()}:` : 'Hola:';
  const parrafo = `Esperamos que estés disfrutando tu pedido N.° ${pedido}. Tu opinión ayuda a otras personas a elegir: califica ${uno ? 'tu producto' : 'tus productos'} de 1 a 5 estrellas y cuéntanos cómo te fue. Solo toma un minuto.`;
  const pie = `Recibes este correo porque aceptaste recibir novedades de ${TIENDA.nombre}. Si ya no quieres recibirlas, date de baja con un clic:`;
  const text = [saludo, '', parrafo, '', ...productos.map((p) => `- ${p.nombre}: ${p.url}`), '', `${pie} ${bajaUrl}`, '', FIRMA].join('\n');
  const producto = (p: ProductoInvitado) =>
    celda(
      'padding-bottom:16px',
      `<div style="font-size:16px;font-weight:bold;padding-bottom:8px">${escapeHtml(p.nombre)}</div>${botonHtml('Escribir mi reseña', p.url)}`,
    );
  const html = emailHtml({
    saludo,
    firma: true,
    filas: [
      celda('padding:8px 0 20px;font-size:16px;line-height:1.5', escapeHtml(parrafo)),
      ...productos.map(producto),
      celda(
        `padding-top:8px;font-size:13px;line-height:1.5;${MUTED}`,
        `${escapeHtml(pie)} ${enlaceHtml('no quiero recibir más correos', bajaUrl, true)}.`,
      ),
    ],
  });
  return {
    to,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${bajaUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** What the operator decided about a review, as its e-mail tells the buyer. */
export type ResultadoResena = 'publicada' | 'rechazada';

/**
 * The buyer's e-mail about her review's moderation: published (with the link to the product's reviews) or
 * not published (with the operator's reason). A service message: no marketing footer, no unsubscribe.
 */
export function resultadoResenaEmail({
  to,
  nombre,
  resultado,
  producto,
  titulo,
  url,
  motivo,
}: {
  to: string;
  nombre: string;
  resultado: ResultadoResena;
  producto: string;
  titulo: string;
  url: string;
  motivo: string;
}): MailMessage {
  const publicada = resultado === 'publicada';
  const subject = publicada ? `Tu reseña de ${producto} ya está publicada` : `Tu reseña de ${producto} no se publicó`;
  const saludo = nombre.trim() ? `Hola, ${nombre.trim()}:` : 'Hola:';
  const parrafo = publicada
    ? `Gracias por contarnos qué te pareció ${producto}. Revisamos tu reseña «${titulo}» y ya está publicada en la página del producto, donde ayudará a otras personas a elegir.`
    : `Gracias por escribir sobre ${producto}. Revisamos tu reseña «${titulo}» y esta vez no pudimos publicarla.`;
  const razon = `Motivo: ${motivo}`;
  const cierre = publicada ? 'Puede tardar unos minutos en verse en la página.' : 'Si tienes dudas, responde a este correo y te ayudamos.';
  const pie = `Te escribimos porque enviaste una reseña en ${TIENDA.nombre}.`;
  const text = [saludo, '', parrafo, '', ...(publicada ? [`Verla: ${url}`] : [razon]), '', cierre, '', pie, '', FIRMA].join('\n');
  const html = emailHtml({
    saludo,
    firma: true,
    filas: [
      celda('padding:8px 0 16px;font-size:16px;line-height:1.5', escapeHtml(parrafo)),
      publicada
        ? celda('padding-bottom:16px', botonHtml('Ver mi reseña', url))
        : celda('padding-bottom:16px;font-size:16px;line-height:1.5', `<strong>Motivo:</strong> ${escapeHtml(motivo)}`),
      celda('padding-bottom:8px;font-size:16px;line-height:1.5', escapeHtml(cierre)),
      celda(`padding-top:8px;font-size:13px;line-height:1.5;${MUTED}`, escapeHtml(pie)),
    ],
  });
  return { to, subject, text, html };
}
