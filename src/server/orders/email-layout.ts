import { TIENDA } from '../../lib/tienda.ts';
import { formatCentimos } from '../../lib/pricing/money.ts';
import type { Pedido, PedidoLinea } from '../db/schema/index.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { FIRMA, MUTED, celda, emailHtml, enlaceHtml, escapeHtml } from '../mail/templates.ts';

/**
 * The layout of the order e-mails (confirmation and every later change), inside the shop's one
 * e-mail frame: greeting, what happened, the order's lines and totals, titled blocks (delivery,
 * pickup, what happens next) and the shop's contact, as HTML and plain text from the same content.
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

const opciones = (linea: PedidoLinea) => [linea.color, linea.tamano].filter(Boolean).join(' · ');
const bold = (text: string) => escapeHtml(text).replace(/N\.° \d+/g, '<strong>$&</strong>');

/** Builds an order e-mail for the order's customer from its content. */
export function orderEmail(pedido: Pedido, lineas: PedidoLinea[], content: OrderEmailContent): MailMessage {
  const totales: [string, string][] = [
    ['Subtotal', formatCentimos(pedido.subtotal)],
    ...(pedido.descuento > 0
      ? [
          [`Descuento${pedido.codigoDescuento ? ` (${pedido.codigoDescuento})` : ''}`, `-${formatCentimos(pedido.descuento)}`] as [
            string,
            string,
          ],
        ]
      : []),
    ['Envío', pedido.envio > 0 ? formatCentimos(pedido.envio) : 'Gratis'],
    [content.totalLabel, formatCentimos(pedido.total)],
  ];
  const contacto = `Puedes seguir tu pedido en ${TIENDA.nombre}, en Mis Compras. ¿Dudas? Escríbenos por WhatsApp al +${TIENDA.whatsapp}.`;
  const text = [
    `Hola, ${pedido.nombre}:`,
    '',
    ...content.parrafos.flatMap((p) => [p, '']),
    'Productos:',
    ...lineas.map(
      (l) => `- ${l.cantidad} × ${l.nombre}${opciones(l) ? ` (${opciones(l)})` : ''}: ${formatCentimos(l.precioCobrado * l.cantidad)}`,
    ),
    '',
    ...totales.map(([label, value]) => `${label}: ${value}`),
    ...content.bloques.flatMap((b) => ['', b.titulo, ...b.lineas, ...(b.enlace ? [`${b.enlace.texto}: ${b.enlace.url}`] : [])]),
    '',
    contacto,
    '',
    FIRMA,
  ].join('\n');
  const rows = lineas.map(
    (
      l,
    ) => `<tr><td style="padding:8px 0;border-bottom:1px solid #f1e4ea">${l.cantidad} × ${escapeHtml(l.nombre)}${opciones(l) ? `<br><span style="${MUTED};font-size:13px">${escapeHtml(opciones(l))}</span>` : ''}</td>
<td align="right" style="padding:8px 0;border-bottom:1px solid #f1e4ea;white-space:nowrap">${formatCentimos(l.precioCobrado * l.cantidad)}</td></tr>`,
  );
  const totalRows = totales.map(([label, value], index) => {
    const style = index === totales.length - 1 ? 'font-weight:bold;font-size:17px' : '';
    return `<tr><td style="padding:4px 0;${style || MUTED}">${escapeHtml(label)}</td><td align="right" style="padding:4px 0;${style}">${escapeHtml(value)}</td></tr>`;
  });
  const bloques = content.bloques.flatMap((b) => [
    celda('padding-top:20px;font-size:15px;font-weight:bold', escapeHtml(b.titulo)),
    ...b.lineas.map((line) => celda(`font-size:14px;line-height:1.5;${MUTED}`, escapeHtml(line))),
    ...(b.enlace ? [celda('font-size:14px;line-height:1.5', enlaceHtml(b.enlace.texto, b.enlace.url))] : []),
  ]);
  const html = emailHtml({
    saludo: `Hola, ${pedido.nombre}:`,
    filas: [
      ...content.parrafos.map((p, i) =>
        celda(`padding:8px 0 ${i === content.parrafos.length - 1 ? 16 : 0}px;font-size:16px;line-height:1.5`, bold(p)),
      ),
      ...rows,
      celda('padding-top:12px', ''),
      ...totalRows,
      ...bloques,
      celda(`padding-top:20px;font-size:14px;line-height:1.5;${MUTED}`, escapeHtml(contacto)),
    ],
  });
  return { to: pedido.correo, subject: content.subject, text, html };
}
