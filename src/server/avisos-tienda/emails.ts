import { metodoPagoInfo } from '../../lib/api/metodos-pago.ts';
import type { ReclamoOperador } from '../../lib/api/reclamos-schemas.ts';
import { fechaHoraLarga, formatFecha } from '../../lib/dates.ts';
import { formatCentimos } from '../../lib/pricing/money.ts';
import { TIENDA } from '../../lib/tienda.ts';
import type { Pedido } from '../db/schema/index.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { MUTED, celda, emailHtml, escapeHtml } from '../mail/templates.ts';

/**
 * The shop's notices to SHOP_EMAIL (issue 36), in Spanish: a paid order (or the hour's digest of them), a
 * complaint near its deadline, a paid order not yet shipped. Plain text and HTML; each says what to do.
 */

const asunto = (texto: string) => `${TIENDA.nombre}: ${texto}`;

/** The order as one line of a notice: number, customer, total, method and delivery. */
export function lineaPedido(pedido: Pedido): string {
  const cliente = [pedido.nombre, pedido.apellido].filter(Boolean).join(' ');
  const metodo = metodoPagoInfo(pedido.metodoPago)?.nombre ?? pedido.metodoPago;
  const entrega = pedido.recojo ? pedido.metodoEnvio : `${pedido.metodoEnvio}${pedido.distrito ? ` (${pedido.distrito})` : ''}`;
  return `Pedido N.° ${pedido.id} · ${cliente} · ${formatCentimos(pedido.total)} · ${metodo} · ${entrega}`;
}

/** The details of one order: customer's contact and where it goes. */
function detallePedido(pedido: Pedido): string[] {
  const cliente = [pedido.nombre, pedido.apellido].filter(Boolean).join(' ');
  return [
    `Cliente: ${cliente} · ${pedido.correo}${pedido.telefono ? ` · ${pedido.telefono}` : ''}`,
    `Total: ${formatCentimos(pedido.total)}`,
    `Pago: ${metodoPagoInfo(pedido.metodoPago)?.nombre ?? pedido.metodoPago}`,
    `Entrega: ${pedido.metodoEnvio}${pedido.recojo ? '' : ` · ${[pedido.direccion, pedido.distrito].filter(Boolean).join(', ')}`}`,
  ];
}

function mensaje(to: string, subject: string, titulo: string, parrafos: string[], lineas: string[]): MailMessage {
  const text = [...parrafos, '', ...lineas, '', `Aviso automático de ${TIENDA.nombre}.`].join('\n');
  const muted = `font-size:14px;line-height:1.5;${MUTED}`;
  const html = emailHtml({
    titulo,
    filas: [
      ...parrafos.map((p) => celda('padding-top:16px;font-size:16px;line-height:1.5;font-weight:bold', escapeHtml(p))),
      ...lineas.map((l) => celda(muted, escapeHtml(l))),
    ],
  });
  return { to, subject: asunto(subject), text, html };
}

/** One new paid order (AVISO_PEDIDOS=cada). */
export function pedidoPagadoEmail(to: string, pedido: Pedido): MailMessage {
  return mensaje(
    to,
    `nuevo pedido pagado N.° ${pedido.id} (${formatCentimos(pedido.total)})`,
    `Nuevo pedido pagado N.° ${pedido.id}`,
    [`Pagado el ${fechaHoraLarga(pedido.pagado ?? new Date())}: prepáralo.`],
    detallePedido(pedido),
  );
}

/** The hour's paid orders together (AVISO_PEDIDOS=resumen). */
export function resumenPedidosEmail(to: string, lista: Pedido[]): MailMessage {
  const total = lista.reduce((suma, pedido) => suma + pedido.total, 0);
  const cuantos = lista.length === 1 ? '1 pedido pagado' : `${lista.length} pedidos pagados`;
  return mensaje(
    to,
    `${cuantos} (${formatCentimos(total)})`,
    `${cuantos.replace(/^./, (c) => c.toUpperCase())}`,
    [`Desde el último resumen: ${cuantos}, ${formatCentimos(total)} en total.`],
    lista.map(lineaPedido),
  );
}

/** A complaint with few working days left to answer (or none). */
export function reclamoPlazoEmail(to: string, reclamo: ReclamoOperador): MailMessage {
  const dias = reclamo.diasHabilesRestantes;
  const plazo = dias < 0 ? 'ya venció' : dias === 0 ? 'vence hoy' : `vence en ${dias} ${dias === 1 ? 'día hábil' : 'días hábiles'}`;
  return mensaje(
    to,
    `el reclamo ${reclamo.numero} ${plazo}`,
    `Responde el reclamo ${reclamo.numero}`,
    [
      `El plazo para responder el reclamo ${reclamo.numero} ${plazo} (${formatFecha(reclamo.plazo)}). La ley pide responder dentro del plazo.`,
    ],
    [
      `${reclamo.tipo === 'queja' ? 'Queja' : 'Reclamo'} de ${reclamo.consumidor.nombre} · ${reclamo.consumidor.correo}`,
      reclamo.detalle.slice(0, 300),
    ],
  );
}

/**
 * A complaint whose deadline passed unanswered (sent once per sheet, to the shop's e-mail with its owners
 * in copy): the law's 15 working days are over, so it says what to do now.
 */
export function reclamoVencidoEmail(to: string, cc: string | undefined, reclamo: ReclamoOperador): MailMessage {
  const dias = -reclamo.diasHabilesRestantes;
  const hace = dias <= 0 ? '' : dias === 1 ? ' (hace 1 día hábil)' : ` (hace ${dias} días hábiles)`;
  return {
    ...mensaje(
      to,
      `el reclamo ${reclamo.numero} ya venció sin respuesta`,
      `Reclamo ${reclamo.numero} vencido`,
      [
        `El plazo para responder el reclamo ${reclamo.numero} venció el ${formatFecha(reclamo.plazo)}${hace} y aún no tiene respuesta.`,
        'Respóndelo hoy desde el panel (Reclamos): la respuesta le llega al consumidor por correo y queda en el libro con tu nombre.',
      ],
      [
        `${reclamo.tipo === 'queja' ? 'Queja' : 'Reclamo'} de ${reclamo.consumidor.nombre} · ${reclamo.consumidor.correo}`,
        reclamo.detalle.slice(0, 300),
      ],
    ),
    ...(cc ? { cc } : {}),
  };
}

/** A paid order still not shipped (nor ready for pickup) one working day after its payment. */
export function sinEnviarEmail(to: string, pedido: Pedido): MailMessage {
  return mensaje(
    to,
    `pedido N.° ${pedido.id} pagado sin despachar`,
    `Pedido N.° ${pedido.id} sin despachar`,
    [
      `El pedido N.° ${pedido.id} se pagó el ${fechaHoraLarga(pedido.pagado ?? pedido.creado)} y sigue EN PREPARACION: ${pedido.recojo ? 'déjalo listo para recoger' : 'despáchalo'} o avisa al cliente.`,
    ],
    detallePedido(pedido),
  );
}
