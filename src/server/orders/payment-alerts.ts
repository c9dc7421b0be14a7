import { asc, eq, inArray } from 'drizzle-orm';
import { TIENDA } from '../../lib/tienda.ts';
import type { PagoOperador } from '../../lib/api/orders-schemas.ts';
import { paymentLine } from '../../lib/orders/pagos.ts';
import { formatCentimos, toSoles } from '../../lib/pricing/money.ts';
import type { Db, Tx } from '../db/client.ts';
import { pagos, pedidoHistorial, pedidos, type Pedido } from '../db/schema/index.ts';
import { enqueue } from '../jobs/queue.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { MUTED, celda, emailHtml, escapeHtml } from '../mail/templates.ts';

/**
 * Payments the operator must look at (issue 21, item 9): a second approved payment of a paid order,
 * an approved payment the shop could not apply, and a payment refunded, charged back or taken to
 * mediation. Each leaves a note on the order's timeline (chosen where a payment is applied,
 * payments/aplicar.ts) and one e-mail to the shop (SHOP_EMAIL);
 * the operator's order list and detail flag the order while its payments need attention, read from
 * the payments themselves so the flag clears when they are settled. The order's state is left to
 * the operator.
 */

/** A payment as the flag reads it: its id and the status the shop recorded. */
interface PagoRegistrado {
  id: string;
  estado: string;
}

/**
 * What the operator must look at in an order's payments, in a few words ('contracargo', 'pago por
 * devolver'…), or undefined: a dispute of any payment, money taken that did not pay the order, or the
 * order's own payment undone while the order goes on.
 */
export function paymentFlag(pedido: { estado: string; pagoId: string | null }, lista: readonly PagoRegistrado[]): string | undefined {
  const alertas = new Set<string>();
  for (const pago of lista) {
    const estado = pago.estado.replace(/^no-coincide:/, '');
    const delPedido = pago.id === pedido.pagoId;
    if (estado === 'charged_back') alertas.add('contracargo');
    else if (estado === 'in_mediation') alertas.add('en mediación');
    else if (estado === 'approved' && !delPedido) alertas.add('pago por devolver');
    else if (delPedido && estado !== 'approved' && pedido.estado !== 'CANCELADO')
      alertas.add(estado === 'refunded' ? 'pago devuelto' : 'pago anulado');
  }
  return alertas.size > 0 ? [...alertas].join(', ') : undefined;
}

/** What the shop is asked to review: a payment, or the order's electronic receipt. */
export type TemaAlerta = 'pago' | 'comprobante';
const TITULO_ALERTA: Record<TemaAlerta, string> = { pago: 'Revisa el pago del pedido', comprobante: 'Revisa el comprobante del pedido' };

/** Queues the shop's e-mail about a timeline note, keyed by the note so it is sent once. */
export async function alertShop(tx: Tx, pedidoId: number, historialId: number, asunto: string, tema: TemaAlerta = 'pago'): Promise<void> {
  await enqueue(tx, 'correo-tienda', { pedidoId, historialId, asunto, tema }, { clave: `correo-tienda:${historialId}` });
}

/** The payments of these orders, oldest first, as the operator API shows them. */
export async function paymentsOfOrders(db: Db, pedidoIds: number[]): Promise<Map<number, PagoOperador[]>> {
  const byOrder = new Map<number, PagoOperador[]>();
  if (pedidoIds.length === 0) return byOrder;
  const rows = await db
    .select({ pago: pagos, pagoDelPedido: pedidos.pagoId })
    .from(pagos)
    .innerJoin(pedidos, eq(pedidos.id, pagos.pedidoId))
    .where(inArray(pagos.pedidoId, pedidoIds))
    .orderBy(asc(pagos.actualizado), asc(pagos.id));
  for (const { pago, pagoDelPedido } of rows) {
    const list = byOrder.get(pago.pedidoId!) ?? [];
    list.push({
      id: pago.id,
      estado: pago.estado,
      detalle: pago.detalle,
      monto: toSoles(pago.monto),
      moneda: pago.moneda,
      tipo: pago.tipo,
      fecha: pago.actualizado.toISOString(),
      del_pedido: pago.id === pagoDelPedido,
    });
    byOrder.set(pago.pedidoId!, list);
  }
  return byOrder;
}

/** The shop's e-mail about a payment (or receipt) to review: the note, the order, its payments and the command that shows it. */
export function shopAlertEmail(
  to: string,
  pedido: Pedido,
  nota: string,
  asunto: string,
  lista: PagoOperador[],
  tema: TemaAlerta = 'pago',
): MailMessage {
  const n = `N.° ${pedido.id}`;
  const resumen = `Pedido ${n} · ${pedido.estado} · total ${formatCentimos(pedido.total)}`;
  const cliente = `Cliente: ${[pedido.nombre, pedido.apellido].filter(Boolean).join(' ')} · ${pedido.correo}${pedido.telefono ? ` · ${pedido.telefono}` : ''}`;
  const comando = `npm run shop -- pedido ${pedido.id}`;
  const text = [
    resumen,
    cliente,
    '',
    nota,
    '',
    'Pagos del pedido:',
    ...lista.map((p) => `- ${paymentLine(p)}`),
    '',
    `Para verlo: ${comando}`,
    '',
    `Aviso automático de ${TIENDA.nombre}.`,
  ].join('\n');
  const muted = `font-size:14px;line-height:1.5;${MUTED}`;
  const html = emailHtml({
    titulo: `${TITULO_ALERTA[tema]} ${n}`,
    filas: [
      celda('padding-top:16px;font-size:16px;line-height:1.5;font-weight:bold', escapeHtml(nota)),
      celda(`padding-top:16px;${muted}`, `${escapeHtml(resumen)}<br>${escapeHtml(cliente)}`),
      celda('padding-top:16px;font-size:15px;font-weight:bold', 'Pagos del pedido'),
      ...lista.map((p) => celda(muted, escapeHtml(paymentLine(p)))),
      celda(`padding-top:16px;${muted}`, `Para verlo: <code>${escapeHtml(comando)}</code>`),
    ],
  });
  return { to, subject: `${TIENDA.nombre}: ${asunto} en el pedido ${n}`, text, html };
}

/** The e-mail of a `correo-tienda` job, or undefined when its order or note is gone. */
export async function shopAlert(db: Db, to: string, datos: Record<string, unknown>): Promise<MailMessage | undefined> {
  const [entry] = await db
    .select()
    .from(pedidoHistorial)
    .where(eq(pedidoHistorial.id, Number(datos.historialId)));
  const [pedido] = entry ? await db.select().from(pedidos).where(eq(pedidos.id, entry.pedidoId)) : [];
  if (!entry || !pedido) return undefined;
  const lista = (await paymentsOfOrders(db, [pedido.id])).get(pedido.id) ?? [];
  return shopAlertEmail(to, pedido, entry.nota, String(datos.asunto), lista, datos.tema === 'comprobante' ? 'comprobante' : 'pago');
}
