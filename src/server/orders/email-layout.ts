import { TIENDA } from '../../lib/tienda.ts';
import { formatSoles, toSoles } from '../../lib/pricing/money.ts';
import type { Pedido, PedidoLinea } from '../db/schema/index.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';

/**
 * The one frame of the order e-mails (confirmation and every later change): greeting, what
 * happened, the order's lines and totals, titled blocks (delivery, pickup, what happens next) and
 * the shop's contact, as HTML and plain text from the same content.
 */

/** What one order e-mail says; the frame adds the greeting, the lines, the totals and the contact. */
export interface OrderEmailContent {
  subject: string;
  /** Paragraphs after the greeting; "N.° 12" is shown in bold in the HTML. */
  parrafos: string[];
  /** The label of the last totals row: 'Total pagado' for paid orders. */
  totalLabel: string;
  /** Titled blocks after the totals; a block's `enlace` is a link after its lines (its address in the text part). */
  bloques: { titulo: string; lineas: string[]; enlace?: { texto: string; url: string } }[];
}

/** Soles as the shop writes them, from céntimos. */
export const soles = (centimos: number) => formatSoles(toSoles(centimos));

const opciones = (linea: PedidoLinea) => [linea.color, linea.tamano].filter(Boolean).join(' · ');
const muted = 'color:#675a63';
const bold = (text: string) => escapeHtml(text).replace(/N\.° \d+/g, '<strong>$&</strong>');

/** Builds an order e-mail for the order's customer from its content. */
export function orderEmail(pedido: Pedido, lineas: PedidoLinea[], content: OrderEmailContent): MailMessage {
  const totales: [string, string][] = [
    ['Subtotal', soles(pedido.subtotal)],
    ...(pedido.descuento > 0 ? [[`Descuento${pedido.codigoDescuento ? ` (${pedido.codigoDescuento})` : ''}`, `-${soles(pedido.descuento)}`] as [string, string]] : []),
    ['Envío', pedido.envio > 0 ? soles(pedido.envio) : 'Gratis'],
    [content.totalLabel, soles(pedido.total)],
  ];
  const contacto = `Puedes seguir tu pedido en ${TIENDA.nombre}, en Mis Compras. ¿Dudas? Escríbenos por WhatsApp al +${TIENDA.whatsapp}.`;
  const text = [
    `Hola, ${pedido.nombre}:`,
    '',
    ...content.parrafos.flatMap((p) => [p, '']),
    'Productos:',
    ...lineas.map((l) => `- ${l.cantidad} × ${l.nombre}${opciones(l) ? ` (${opciones(l)})` : ''}: ${soles(l.precioCobrado * l.cantidad)}`),
    '',
    ...totales.map(([label, value]) => `${label}: ${value}`),
    ...content.bloques.flatMap((b) => ['', b.titulo, ...b.lineas, ...(b.enlace ? [`${b.enlace.texto}: ${b.enlace.url}`] : [])]),
    '',
    contacto,
    '',
    `El equipo de ${TIENDA.nombre}`,
  ].join('\n');
  const cell = (style: string, html: string) => `<tr><td colspan="2" style="${style}">${html}</td></tr>`;
  const rows = lineas.map(
    (l) => `<tr><td style="padding:8px 0;border-bottom:1px solid #f1e4ea">${l.cantidad} × ${escapeHtml(l.nombre)}${opciones(l) ? `<br><span style="${muted};font-size:13px">${escapeHtml(opciones(l))}</span>` : ''}</td>
<td align="right" style="padding:8px 0;border-bottom:1px solid #f1e4ea;white-space:nowrap">${soles(l.precioCobrado * l.cantidad)}</td></tr>`,
  );
  const totalRows = totales.map(([label, value], index) => {
    const style = index === totales.length - 1 ? 'font-weight:bold;font-size:17px' : '';
    return `<tr><td style="padding:4px 0;${style || muted}">${escapeHtml(label)}</td><td align="right" style="padding:4px 0;${style}">${escapeHtml(value)}</td></tr>`;
  });
  const bloques = content.bloques.flatMap((b) => [
    cell('padding-top:20px;font-size:15px;font-weight:bold', escapeHtml(b.titulo)),
    ...b.lineas.map((line) => cell(`font-size:14px;line-height:1.5;${muted}`, escapeHtml(line))),
    ...(b.enlace ? [cell('font-size:14px;line-height:1.5', `<a href="${escapeHtml(b.enlace.url)}" style="color:#b02a64;font-weight:bold">${escapeHtml(b.enlace.texto)}</a>`)] : []),
  ]);
  const html = `<!doctype html><html lang="es-PE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0;background:#fdf7f9;font-family:Arial,Helvetica,sans-serif;color:#2b2330">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0">
${cell('font-size:22px;font-weight:bold;color:#b02a64', escapeHtml(TIENDA.nombre))}
${cell('padding-top:16px;font-size:16px', `Hola, ${escapeHtml(pedido.nombre)}:`)}
${content.parrafos.map((p, i) => cell(`padding:8px 0 ${i === content.parrafos.length - 1 ? 16 : 0}px;font-size:16px;line-height:1.5`, bold(p))).join('\n')}
${rows.join('\n')}
${cell('padding-top:12px', '')}
${totalRows.join('\n')}
${bloques.join('\n')}
${cell(`padding-top:20px;font-size:14px;line-height:1.5;${muted}`, escapeHtml(contacto))}
</table></td></tr></table></body></html>`;
  return { to: pedido.correo, subject: content.subject, text, html };
}
