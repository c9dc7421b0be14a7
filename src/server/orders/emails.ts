import { TIENDA } from '../../config.ts';
import { formatSoles, toSoles } from '../../lib/pricing/money.ts';
import type { Pedido, PedidoLinea } from '../db/schema/index.ts';
import { escapeHtml } from '../mail/templates.ts';
import type { MailMessage } from '../mail/mailer.ts';

const soles = (centimos: number) => formatSoles(toSoles(centimos));
const opciones = (linea: PedidoLinea) => [linea.color, linea.tamano].filter(Boolean).join(' · ');

/** The order confirmation of an approved payment, in Spanish, as HTML and plain text. */
export function confirmationEmail(pedido: Pedido, lineas: PedidoLinea[]): MailMessage {
  const subject = `${TIENDA.nombre}: confirmamos tu pedido N.° ${pedido.id}`;
  const entrega = pedido.recojo
    ? { titulo: `Recojo en tienda: ${pedido.metodoEnvio}`, detalle: [pedido.direccion, pedido.horario && `Horario: ${pedido.horario}`, pedido.instrucciones].filter(Boolean) }
    : { titulo: pedido.metodoEnvio, detalle: [pedido.direccion, pedido.instrucciones] };
  const totales: [string, string][] = [
    ['Subtotal', soles(pedido.subtotal)],
    ...(pedido.descuento > 0 ? [[`Descuento${pedido.codigoDescuento ? ` (${pedido.codigoDescuento})` : ''}`, `-${soles(pedido.descuento)}`] as [string, string]] : []),
    ['Envío', pedido.envio > 0 ? soles(pedido.envio) : 'Gratis'],
    ['Total pagado', soles(pedido.total)],
  ];
  const text = [
    `Hola, ${pedido.nombre}:`,
    '',
    `¡Gracias por tu compra! Recibimos tu pago y ya estamos preparando tu pedido N.° ${pedido.id}.`,
    '',
    'Productos:',
    ...lineas.map((l) => `- ${l.cantidad} × ${l.nombre}${opciones(l) ? ` (${opciones(l)})` : ''}: ${soles(l.precioCobrado * l.cantidad)}`),
    '',
    ...totales.map(([label, value]) => `${label}: ${value}`),
    '',
    entrega.titulo,
    ...entrega.detalle,
    '',
    `Puedes seguir tu pedido en ${TIENDA.nombre}, en Mis Compras. ¿Dudas? Escríbenos por WhatsApp al +${TIENDA.whatsapp}.`,
    '',
    `El equipo de ${TIENDA.nombre}`,
  ].join('\n');
  const rows = lineas
    .map(
      (l) => `<tr><td style="padding:8px 0;border-bottom:1px solid #f1e4ea">${l.cantidad} × ${escapeHtml(l.nombre)}${opciones(l) ? `<br><span style="color:#675a63;font-size:13px">${escapeHtml(opciones(l))}</span>` : ''}</td>
<td align="right" style="padding:8px 0;border-bottom:1px solid #f1e4ea;white-space:nowrap">${soles(l.precioCobrado * l.cantidad)}</td></tr>`,
    )
    .join('\n');
  const totalRows = totales
    .map(([label, value], index) => {
      const last = index === totales.length - 1;
      return `<tr><td style="padding:4px 0;${last ? 'font-weight:bold;font-size:17px' : 'color:#675a63'}">${escapeHtml(label)}</td><td align="right" style="padding:4px 0;${last ? 'font-weight:bold;font-size:17px' : ''}">${escapeHtml(value)}</td></tr>`;
    })
    .join('\n');
  const html = `<!doctype html><html lang="es-PE"><body style="margin:0;background:#fdf7f9;font-family:Arial,Helvetica,sans-serif;color:#2b2330">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td colspan="2" style="font-size:22px;font-weight:bold;color:#b02a64">${escapeHtml(TIENDA.nombre)}</td></tr>
<tr><td colspan="2" style="padding-top:16px;font-size:16px">Hola, ${escapeHtml(pedido.nombre)}:</td></tr>
<tr><td colspan="2" style="padding:8px 0 16px;font-size:16px;line-height:1.5">¡Gracias por tu compra! Recibimos tu pago y ya estamos preparando tu pedido <strong>N.° ${pedido.id}</strong>.</td></tr>
${rows}
<tr><td colspan="2" style="padding-top:12px"></td></tr>
${totalRows}
<tr><td colspan="2" style="padding-top:20px;font-size:15px;font-weight:bold">${escapeHtml(entrega.titulo)}</td></tr>
${entrega.detalle.map((line) => `<tr><td colspan="2" style="font-size:14px;line-height:1.5;color:#675a63">${escapeHtml(line)}</td></tr>`).join('\n')}
<tr><td colspan="2" style="padding-top:20px;font-size:14px;line-height:1.5;color:#675a63">Puedes seguir tu pedido en Mis Compras. ¿Dudas? Escríbenos por WhatsApp al +${TIENDA.whatsapp}.</td></tr>
</table></td></tr></table></body></html>`;
  return { to: pedido.correo, subject, text, html };
}
