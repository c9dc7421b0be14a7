import { eq, sql } from 'drizzle-orm';
import type { EstadoPedido } from '../../lib/api/checkout-schemas.ts';
import { toCentimos } from '../../lib/pricing/money.ts';
import { TIENDA } from '../../lib/tienda.ts';
import { metodoPagoInfo } from '../../lib/api/metodos-pago.ts';
import { comprobantesDelPedido, type Emision } from '../comprobantes/emision.ts';
import type { Db, Tx } from '../db/client.ts';
import { pagos, pedidos, type Pedido } from '../db/schema/index.ts';
import { ACTOR_PAGOS, approvePayment, avisarTienda, cancelOrder, record } from '../orders/life.ts';
import { reembolsadoPorLaTienda } from '../orders/devoluciones-vista.ts';
import { PAGO_FALLIDO, type PagoRemoto } from './gateway.ts';

/** What applying a payment did. */
export type Aplicacion =
  'aprobado' | 'cancelado' | 'rechazado' | 'pendiente' | 'repetido' | 'sin-stock' | 'no-coincide' | 'revisar' | 'sin-pedido' | 'sin-cambio';

/** What the shop is told about a payment: the timeline note and the e-mail's subject. */
interface AvisoPago {
  nota: string;
  /** A few words for the subject: "{asunto} en el pedido N.° 12". */
  asunto: string;
}

/**
 * The note a payment's new status calls for beyond checkout §4's moves, or null when those apply: an
 * approved payment the shop does not apply (not the order's amount, `coincide` false) or of an order
 * already paid (another payment, or the same one back from a dispute), a refund, a chargeback or a
 * mediation, and the order's own payment ending without its money.
 */
function paymentNotice(
  pedido: Pick<Pedido, 'pagado' | 'pagoId' | 'estado'>,
  pago: Pick<PagoRemoto, 'id' | 'status' | 'status_detail' | 'transaction_amount' | 'currency_id'>,
  coincide: boolean,
): AvisoPago | null {
  const detalle = `(${pago.status_detail || pago.status})`;
  const delPedido = pedido.pagado !== null && pedido.pagoId === pago.id;
  const vigente = delPedido && pedido.estado !== 'CANCELADO';
  switch (pago.status) {
    case 'approved':
      if (!coincide) {
        return {
          nota: `Pago ${pago.id} aprobado por ${pago.transaction_amount} ${pago.currency_id}, que no es el total del pedido: la tienda no lo aplicó; hay que devolver el pago.`,
          asunto: 'pago que no coincide',
        };
      }
      if (pedido.pagado === null) return null;
      return delPedido
        ? { nota: `Pago ${pago.id} aprobado de nuevo ${detalle}.`, asunto: 'pago aprobado de nuevo' }
        : {
            nota: `Pago ${pago.id} aprobado, pero el pedido ya estaba pagado con el pago ${pedido.pagoId}: hay que devolver uno de los dos.`,
            asunto: 'pago doble',
          };
    case 'refunded':
      return {
        nota: `Pago ${pago.id} devuelto al cliente ${detalle}.${vigente ? ' El pedido ya no está pagado: decide si se cancela.' : ''}`,
        asunto: 'pago devuelto',
      };
    case 'charged_back':
      return {
        nota: `Contracargo del pago ${pago.id} ${detalle}: el cliente desconoció el cobro ante su banco; responde el reclamo en Mercado Pago.`,
        asunto: 'contracargo',
      };
    case 'in_mediation':
      return {
        nota: `Pago ${pago.id} en mediación ${detalle}: el cliente abrió un reclamo en Mercado Pago; respóndelo allí.`,
        asunto: 'reclamo',
      };
    default:
      return vigente && PAGO_FALLIDO.has(pago.status)
        ? { nota: `Pago ${pago.id} anulado ${detalle}: el pedido ya no está pagado; decide si se cancela.`, asunto: 'pago anulado' }
        : null;
  }
}

/** A payment the operator must look at: noted on the order's timeline and e-mailed to the shop. */
async function alertOperator(tx: Tx, pedidoId: number, aviso: AvisoPago): Promise<void> {
  console.warn(`Pedido ${pedidoId}: ${aviso.nota}`);
  await avisarTienda(tx, pedidoId, aviso.nota, aviso.asunto, 'pago', ACTOR_PAGOS);
}

/**
 * Applies a payment as the provider reports it (the webhook, its retry job, Yape, the pago de prueba),
 * once per payment id and status: only when its external_reference names an order, it is in PEN and its
 * amount is the order's total. The order's changes are the order's life's (orders/life.ts): approved →
 * paid (an order already cancelled by expiry is revived when its stock and coupon are still there);
 * rejected or cancelled → CANCELADO with the stock and coupon released and the customer e-mailed, except a
 * Yape payment's (the order stays payable with a new code); pending → stays PENDIENTE. What checkout §4
 * does not cover — an approved payment the shop cannot apply (another amount, an order already paid, a
 * late one without stock), a refund, a chargeback, a mediation — is noted on the order's timeline and
 * e-mailed to the shop (issue 21, item 9), in this transaction; the order's state is left to the operator.
 */
export async function applyPayment(db: Db, pago: PagoRemoto, pasarela: string, emision: Emision): Promise<Aplicacion> {
  const pedidoId = /^\d{1,9}$/.test(pago.external_reference ?? '') ? Number(pago.external_reference) : 0;
  return db.transaction(async (tx) => {
    const [pedido] = pedidoId ? await tx.select().from(pedidos).where(eq(pedidos.id, pedidoId)).for('update') : [];
    if (!pedido) {
      console.error(`Pago ${pago.id}: su referencia externa "${pago.external_reference}" no es un pedido de la tienda.`);
      return 'sin-pedido';
    }
    const monto = toCentimos(pago.transaction_amount);
    const coincide = pago.currency_id === TIENDA.moneda && monto === pedido.total;
    const estado = coincide ? pago.status : `no-coincide:${pago.status}`;
    const changed = await tx
      .insert(pagos)
      .values({
        id: pago.id,
        pedidoId,
        pasarela,
        estado,
        detalle: pago.status_detail,
        monto,
        moneda: pago.currency_id,
        tipo: pago.payment_type_id,
        // Mercado Pago's own fee and net, when the payment says them (decision 0223): the daily close reads them.
        comision: pago.comision == null ? null : toCentimos(pago.comision),
        neto: pago.neto == null ? null : toCentimos(pago.neto),
      })
      .onConflictDoUpdate({
        target: pagos.id,
        set: {
          estado,
          detalle: pago.status_detail,
          comision: sql`coalesce(excluded.comision, ${pagos.comision})`,
          neto: sql`coalesce(excluded.neto, ${pagos.neto})`,
          actualizado: new Date(),
        },
        setWhere: sql`${pagos.estado} <> excluded.estado`,
      })
      .returning({ id: pagos.id });
    if (changed.length === 0) return 'repetido';
    const aviso = paymentNotice(pedido, pago, coincide);
    if (!coincide) {
      if (aviso) {
        await alertOperator(tx, pedidoId, aviso);
      } else {
        const nota = `Pago ${pago.id} rechazado por la tienda: ${pago.transaction_amount} ${pago.currency_id} no es el total del pedido.`;
        console.error(`Pedido ${pedidoId}: ${nota}`);
        await record(tx, pedidoId, pedido.estado as EstadoPedido, nota, ACTOR_PAGOS);
      }
      return 'no-coincide';
    }
    if (pago.status === 'refunded' && (await reembolsadoPorLaTienda(tx, pago.id)) >= monto) {
      // The shop's own refund (issue 36) confirmed: nothing for the operator to decide.
      await record(
        tx,
        pedidoId,
        pedido.estado as EstadoPedido,
        `Mercado Pago confirmó la devolución del pago ${pago.id}, reembolsado por la tienda.`,
      );
      return 'sin-cambio';
    }
    if (aviso) {
      await alertOperator(tx, pedidoId, aviso);
      return 'revisar';
    }
    if (pago.status === 'approved') return approvePayment(tx, pedido, pago.id, comprobantesDelPedido(emision));
    if (PAGO_FALLIDO.has(pago.status)) {
      const nota = `Pago ${pago.id} rechazado (${pago.status_detail || pago.status}).`;
      // A rejected payment of an order paid in the page (Yape) leaves it payable: the shopper tries again on the page (issue 24).
      // The order's own method decides, not the provider's name for the means of payment.
      const enPagina = metodoPagoInfo(pedido.metodoPago);
      if (enPagina?.finaliza === 'in-page') {
        if (pedido.estado === 'PENDIENTE')
          await record(tx, pedidoId, 'PENDIENTE', `${nota} El pedido sigue esperando su pago con ${enPagina.nombre}.`, ACTOR_PAGOS);
        return 'rechazado';
      }
      return (await cancelOrder(tx, pedidoId, nota, 'pago-rechazado', ACTOR_PAGOS)) ? 'cancelado' : 'sin-cambio';
    }
    return pago.status === 'pending' || pago.status === 'in_process' ? 'pendiente' : 'sin-cambio';
  });
}
