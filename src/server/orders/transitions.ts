import { and, asc, eq, exists, gte, inArray, lt, not, notInArray, or, sql } from 'drizzle-orm';
import { ESTADOS_PEDIDO, type EstadoPedido } from '../../lib/api/checkout-schemas.ts';
import { metodoPagoInfo } from '../../lib/api/metodos-pago.ts';
import { toCentimos } from '../../lib/pricing/money.ts';
import { PEDIDOS, RESENAS, TIENDA } from '../../lib/tienda.ts';
import type { Db, Tx } from '../db/client.ts';
import { cuponesUsuario, pagos, pedidoHistorial, pedidoLineas, pedidos, type Pedido } from '../db/schema/index.ts';
import { numerarNotaDeCredito, numerarVenta, type Emision } from '../comprobantes/emision.ts';
import { enqueue } from '../jobs/queue.ts';
import { programarInvitacion } from '../resenas/jobs.ts';
import { PAGO_EN_CURSO, PAGO_EN_EFECTIVO, PAGO_FALLIDO, type PagoRemoto } from '../payments/gateway.ts';
import type { AvisoEstado, MotivoCancelacion } from './emails.ts';
import { alertShop, lastEntry, paymentNotice, type AvisoPago } from './payment-alerts.ts';
import { claimCoupon, releaseCoupon, releaseStock, reserveStock } from './stock.ts';

/**
 * Every change of an order's state, in one place (DESIGN.md, orders): payment outcomes, expiry, the
 * operator's moves, and their stock, coupon and e-mail effects. Each runs inside a transaction with
 * the order locked, and each is checked against TRANSICIONES.
 */

/** Who changes an order: the shop's own machinery (payment outcomes, expiry) or its operator. */
export type Actor = 'sistema' | 'operador';

/** One allowed change of state (checkout §4); `entrega` limits it to pickup or delivery orders. */
export interface Transicion {
  desde: EstadoPedido;
  hacia: EstadoPedido;
  por: Actor;
  entrega?: 'recojo' | 'envio';
}

/** The allowed changes of an order's state (checkout §4): the one table every change is checked against. */
export const TRANSICIONES: readonly Transicion[] = [
  { desde: 'PENDIENTE', hacia: 'EN PREPARACION', por: 'sistema' },
  // A payment approved after expiry revives the order while its stock and coupon are still there.
  { desde: 'CANCELADO', hacia: 'EN PREPARACION', por: 'sistema' },
  { desde: 'PENDIENTE', hacia: 'CANCELADO', por: 'sistema' },
  { desde: 'PENDIENTE', hacia: 'CANCELADO', por: 'operador' },
  { desde: 'EN PREPARACION', hacia: 'EN TRANSITO', por: 'operador', entrega: 'envio' },
  { desde: 'EN PREPARACION', hacia: 'LISTO PARA RECOGER', por: 'operador', entrega: 'recojo' },
  { desde: 'EN PREPARACION', hacia: 'CANCELADO', por: 'operador' },
  { desde: 'EN TRANSITO', hacia: 'ENTREGADO', por: 'operador', entrega: 'envio' },
  { desde: 'LISTO PARA RECOGER', hacia: 'ENTREGADO', por: 'operador', entrega: 'recojo' },
];

/** The order's side of a transition check. */
export interface Movible {
  id: number;
  estado: string;
  recojo: boolean;
}

/** Why `pedido` may not go to `hacia` (a Spanish sentence for the operator), or null when it may. */
export function transitionRefusal(pedido: Movible, hacia: EstadoPedido, por: Actor = 'operador'): string | null {
  const entrega = pedido.recojo ? 'recojo' : 'envio';
  const allowed = TRANSICIONES.some((t) => t.desde === pedido.estado && t.hacia === hacia && t.por === por && (!t.entrega || t.entrega === entrega));
  if (allowed) return null;
  const n = `N.° ${pedido.id}`;
  if (pedido.estado === hacia) return `El pedido ${n} ya está ${hacia}.`;
  const desdePreparacion = pedido.estado === 'EN PREPARACION';
  if (pedido.recojo && hacia === 'EN TRANSITO') {
    return `El pedido ${n} es para recojo en tienda: no pasa por EN TRANSITO${desdePreparacion ? '; cuando esté listo, pásalo a LISTO PARA RECOGER' : ''}.`;
  }
  if (!pedido.recojo && hacia === 'LISTO PARA RECOGER') {
    return `El pedido ${n} es de envío a domicilio: no se recoge en tienda${desdePreparacion ? '; cuando salga, pásalo a EN TRANSITO' : ''}.`;
  }
  const refused = `No se puede pasar el pedido ${n} de ${pedido.estado} a ${hacia}`;
  if (hacia === 'EN PREPARACION' && pedido.estado === 'PENDIENTE') return `${refused}: solo un pago aprobado lo pone en preparación.`;
  if (pedido.estado === 'PENDIENTE') return `${refused}: el pedido aún no se ha pagado.`;
  if (pedido.estado === 'ENTREGADO' || pedido.estado === 'CANCELADO') return `${refused}: ${pedido.estado} es un estado final.`;
  return `${refused}.`;
}

/** The states the operator may move the order to now. */
export const nextStates = (pedido: Movible): EstadoPedido[] => ESTADOS_PEDIDO.filter((estado) => transitionRefusal(pedido, estado) === null);

/** Records a state (or a note on the current one) in the order's timeline; returns the entry's id. */
export async function record(tx: Tx, pedidoId: number, estado: EstadoPedido, nota = ''): Promise<number> {
  const [entry] = await tx.insert(pedidoHistorial).values({ pedidoId, estado, nota }).returning({ id: pedidoHistorial.id });
  return entry!.id;
}

/** Queues the customer's e-mail about a change, keyed by its timeline entry so it is sent once. */
async function notify(tx: Tx, pedidoId: number, historialId: number, aviso: AvisoEstado): Promise<void> {
  await enqueue(tx, 'correo-estado', { pedidoId, ...aviso }, { clave: `correo-estado:${historialId}` });
}

/**
 * PENDIENTE → CANCELADO with its stock and coupon released; false when the order was no longer pending. With a
 * `motivo`, the customer is told why by e-mail (null: they need no word, e.g. they replaced the order).
 */
export async function cancelOrder(tx: Tx, pedidoId: number, nota: string, motivo: MotivoCancelacion | null): Promise<boolean> {
  const cancelled = await tx
    .update(pedidos)
    .set({ estado: 'CANCELADO', actualizado: new Date() })
    .where(and(eq(pedidos.id, pedidoId), eq(pedidos.estado, 'PENDIENTE')))
    .returning({ id: pedidos.id, cuponUsuarioId: pedidos.cuponUsuarioId });
  if (cancelled.length === 0) return false;
  await releaseStock(tx, pedidoId);
  await releaseCoupon(tx, cancelled[0]!);
  const historialId = await record(tx, pedidoId, 'CANCELADO', nota);
  if (motivo) await notify(tx, pedidoId, historialId, { estado: 'CANCELADO', motivo });
  return true;
}

/** What an operator's move did: moved, refused with the reason, or there is no such order. */
export type Movimiento = { resultado: 'movido'; pedido: Pedido } | { resultado: 'rechazado'; mensaje: string } | { resultado: 'incompleto'; mensaje: string } | { resultado: 'sin-pedido' };

/** How an operator's move is made: its note, the receipts' settings (a paid order cancelled gets a credit note), and what runs with it. */
export interface OpcionesMovimiento {
  nota?: string;
  /** EN TRANSITO of a delivery order: the courier (an id of COURIERS) and its tracking number, both required then. */
  envio?: { courier?: string; guia?: string };
  emision: Emision;
  /** Days from ENTREGADO to the review invitation e-mail (REVIEW_INVITATION_DAYS; RESENAS.invitacionDias by default). */
  invitacionResenaDias?: number;
  /** Runs in the move's transaction once it is done, with the order as it was (the operator's audit entry). */
  alMover?: (tx: Tx, antes: Pedido) => Promise<void>;
}

/**
 * The operator moves an order along (checkout §4), checked against TRANSICIONES with the order
 * locked. ENTREGADO sets fechaEntrega; CANCELADO releases the stock and the customer's coupon, and for
 * a paid order notes that the payment must be refunded and numbers the credit note that annuls its
 * receipt. The customer is e-mailed.
 */
export async function moveOrder(db: Db, pedidoId: number, hacia: EstadoPedido, { nota = '', emision, alMover, envio = {}, invitacionResenaDias = RESENAS.invitacionDias }: OpcionesMovimiento): Promise<Movimiento> {
  return db.transaction(async (tx) => {
    const [pedido] = await tx.select().from(pedidos).where(eq(pedidos.id, pedidoId)).for('update');
    if (!pedido) return { resultado: 'sin-pedido' };
    const mensaje = transitionRefusal(pedido, hacia, 'operador');
    if (mensaje) return { resultado: 'rechazado', mensaje };
    const despacho = hacia === 'EN TRANSITO';
    if (!despacho && (envio.courier || envio.guia)) return { resultado: 'incompleto', mensaje: 'El courier y el número de guía se indican solo al pasar un pedido de envío a EN TRANSITO.' };
    if (despacho && (!envio.courier || !envio.guia)) {
      return { resultado: 'incompleto', mensaje: `Para pasar el pedido N.° ${pedido.id} a EN TRANSITO indica el courier y el número de guía (por ejemplo: --courier Olva --guia 123456789).` };
    }
    const now = new Date();
    const [movido] = await tx
      .update(pedidos)
      .set({ estado: hacia, actualizado: now, ...(hacia === 'ENTREGADO' ? { fechaEntrega: now } : {}), ...(despacho ? { courier: envio.courier, guia: envio.guia } : {}) })
      .where(eq(pedidos.id, pedidoId))
      .returning();
    let historial = nota || 'Movido por la tienda.';
    if (hacia === 'CANCELADO') {
      await releaseStock(tx, pedidoId);
      await releaseCoupon(tx, pedido);
      if (pedido.pagado) {
        historial = `${/[.!?…]$/.test(historial) ? historial : `${historial}.`} Pedido pagado (pago ${pedido.pagoId ?? 'sin id'}): hay que devolver el pago.`;
        await numerarNotaDeCredito(tx, pedidoId, emision);
      }
    }
    const historialId = await record(tx, pedidoId, hacia, historial);
    const aviso: AvisoEstado =
      hacia === 'CANCELADO' ? { estado: hacia, motivo: pedido.pagado ? 'reembolso' : 'tienda', ...(nota ? { nota } : {}) } : { estado: hacia as Exclude<AvisoEstado['estado'], 'CANCELADO'> };
    await notify(tx, pedidoId, historialId, aviso);
    if (hacia === 'ENTREGADO') await programarInvitacion(tx, pedidoId, invitacionResenaDias, now);
    await alMover?.(tx, pedido);
    return { resultado: 'movido', pedido: movido! };
  });
}

/** Paid: EN PREPARACION, the customer's coupon used, its receipt numbered, the confirmation e-mail queued. */
async function markPaid(tx: Tx, pedido: Pedido, pagoId: string, nota: string, emision: Emision): Promise<void> {
  const now = new Date();
  await tx.update(pedidos).set({ estado: 'EN PREPARACION', pagado: now, pagoId, actualizado: now }).where(eq(pedidos.id, pedido.id));
  if (pedido.cuponUsuarioId) await tx.update(cuponesUsuario).set({ usado: true }).where(eq(cuponesUsuario.id, pedido.cuponUsuarioId));
  await record(tx, pedido.id, 'EN PREPARACION', nota);
  await numerarVenta(tx, pedido, emision);
  await enqueue(tx, 'correo-confirmacion', { pedidoId: pedido.id }, { clave: `correo-confirmacion:${pedido.id}` });
}

/** Thrown inside a savepoint to undo a partial re-reservation: what was no longer there. */
class SinStock extends Error {
  constructor(readonly falta: 'stock' | 'cupon') {
    super(falta);
  }
}

/** What applying a payment did. */
export type Aplicacion = 'aprobado' | 'cancelado' | 'rechazado' | 'pendiente' | 'repetido' | 'sin-stock' | 'no-coincide' | 'revisar' | 'sin-pedido' | 'sin-cambio';

/** Notes a payment the operator must look at on the order's timeline (in its current state) and queues the shop's e-mail about it. */
async function alertOperator(tx: Tx, pedido: Pedido, aviso: AvisoPago): Promise<void> {
  console.warn(`Pedido ${pedido.id}: ${aviso.nota}`);
  await alertShop(tx, pedido.id, await record(tx, pedido.id, pedido.estado as EstadoPedido, aviso.nota), aviso.asunto);
}

/**
 * Applies a payment as the provider reports it, once per payment id and status: only when its
 * external_reference names an order, it is in PEN and its amount is the order's total. Approved →
 * paid (an order already cancelled by expiry is revived when its stock and coupon are still there); rejected or
 * cancelled → CANCELADO with the stock and coupon released and the customer e-mailed, except a Yape payment's
 * (the order stays payable with a new code);
 * pending → stays PENDIENTE. What checkout §4 does not cover — an approved payment the shop cannot
 * apply (another amount, an order already paid, a late one without stock), a refund, a chargeback, a
 * mediation — is noted on the order's timeline and e-mailed to the shop (issue 21, item 9), in this
 * transaction; the order's state is left to the operator.
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
      .values({ id: pago.id, pedidoId, pasarela, estado, detalle: pago.status_detail, monto, moneda: pago.currency_id, tipo: pago.payment_type_id })
      .onConflictDoUpdate({ target: pagos.id, set: { estado, detalle: pago.status_detail, actualizado: new Date() }, setWhere: sql`${pagos.estado} <> excluded.estado` })
      .returning({ id: pagos.id });
    if (changed.length === 0) return 'repetido';
    const aviso = paymentNotice(pedido, pago, coincide);
    if (!coincide) {
      if (aviso) {
        await alertOperator(tx, pedido, aviso);
      } else {
        const nota = `Pago ${pago.id} rechazado por la tienda: ${pago.transaction_amount} ${pago.currency_id} no es el total del pedido.`;
        console.error(`Pedido ${pedidoId}: ${nota}`);
        await record(tx, pedidoId, pedido.estado as EstadoPedido, nota);
      }
      return 'no-coincide';
    }
    if (aviso) {
      await alertOperator(tx, pedido, aviso);
      return 'revisar';
    }
    if (pago.status === 'approved') {
      const aplicado = await approve(tx, pedido, pago.id, emision);
      if (aplicado === 'sin-stock') await alertShop(tx, pedidoId, await lastEntry(tx, pedidoId), 'pago tardío por devolver');
      return aplicado;
    }
    if (PAGO_FALLIDO.has(pago.status)) {
      const nota = `Pago ${pago.id} rechazado (${pago.status_detail || pago.status}).`;
      // A rejected payment of an in-page method (Yape) leaves the order payable: the shopper tries again on the page (issue 24).
      const enPagina = metodoPagoInfo(pago.payment_method_id);
      if (enPagina?.finaliza === 'in-page') {
        if (pedido.estado === 'PENDIENTE') await record(tx, pedidoId, 'PENDIENTE', `${nota} El pedido sigue esperando su pago con ${enPagina.nombre}.`);
        return 'rechazado';
      }
      return (await cancelOrder(tx, pedidoId, nota, 'pago-rechazado')) ? 'cancelado' : 'sin-cambio';
    }
    return pago.status === 'pending' || pago.status === 'in_process' ? 'pendiente' : 'sin-cambio';
  });
}

async function approve(tx: Tx, pedido: Pedido, pagoId: string, emision: Emision): Promise<Aplicacion> {
  if (transitionRefusal(pedido, 'EN PREPARACION', 'sistema')) return 'sin-cambio';
  if (pedido.estado === 'PENDIENTE') {
    await markPaid(tx, pedido, pagoId, `Pago ${pagoId} aprobado.`, emision);
    return 'aprobado';
  }
  const lineas = await tx.select({ productoId: pedidoLineas.productoId, cantidad: pedidoLineas.cantidad }).from(pedidoLineas).where(eq(pedidoLineas.pedidoId, pedido.id));
  try {
    await tx.transaction(async (savepoint) => {
      if (await reserveStock(savepoint, lineas)) throw new SinStock('stock');
      if (pedido.cuponUsuarioId && !(await claimCoupon(savepoint, pedido.cuponUsuarioId))) throw new SinStock('cupon');
    });
  } catch (error) {
    if (!(error instanceof SinStock)) throw error;
    const falta = error.falta === 'stock' ? 'ya no hay stock' : `su cupón ${pedido.codigoDescuento ?? ''} ya se usó en otro pedido`;
    const nota = `Pago ${pagoId} aprobado después de cancelado el pedido y ${falta}: hay que devolver el pago.`;
    console.error(`Pedido ${pedido.id}: ${nota}`);
    await notify(tx, pedido.id, await record(tx, pedido.id, 'CANCELADO', nota), { estado: 'CANCELADO', motivo: 'pago-tardio' });
    return 'sin-stock';
  }
  await markPaid(tx, pedido, pagoId, `Pago ${pagoId} aprobado después de cancelado el pedido; el stock y el cupón se volvieron a reservar.`, emision);
  return 'aprobado';
}

/**
 * Cancels the orders still unpaid when their reservation ran out (`expira`, their preference's
 * expiration), releasing their stock and coupon and e-mailing their customers. An order with a payment
 * under way is kept longer: with a cash code (PagoEfectivo) until the code's own deadline, `efectivoMinutos`
 * after the order was created (the preference's date_of_expiration: Mercado Pago takes no payment after it);
 * with another payment under way (a card under review) up to `reservaHoras`. A payment approved after that
 * takes the late-approval path of `applyPayment`.
 */
export async function expireOrders(db: Db, now = new Date(), reservaHoras: number = PEDIDOS.reservaHoras, efectivoMinutos = Math.min(PEDIDOS.efectivoMinutos, reservaHoras * 60)): Promise<number> {
  const enCurso = (efectivo: boolean) =>
    db
      .select({ id: pagos.id })
      .from(pagos)
      .where(and(eq(pagos.pedidoId, pedidos.id), inArray(pagos.estado, [...PAGO_EN_CURSO]), efectivo ? inArray(pagos.tipo, [...PAGO_EN_EFECTIVO]) : notInArray(pagos.tipo, [...PAGO_EN_EFECTIVO])));
  const tope = new Date(now.getTime() - reservaHoras * 3_600_000);
  const topeEfectivo = new Date(now.getTime() - Math.min(efectivoMinutos, reservaHoras * 60) * 60_000);
  const retenido = or(and(exists(enCurso(false)), gte(pedidos.creado, tope)), and(exists(enCurso(true)), gte(pedidos.creado, topeEfectivo)));
  const vencidos = await db
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(and(eq(pedidos.estado, 'PENDIENTE'), lt(pedidos.expira, now), not(retenido!)))
    .orderBy(asc(pedidos.expira))
    .limit(200);
  let count = 0;
  for (const { id } of vencidos) {
    if (await db.transaction((tx) => cancelOrder(tx, id, 'Reserva vencida: el pedido no se pagó a tiempo y su stock se liberó.', 'reserva-vencida'))) count++;
  }
  return count;
}
