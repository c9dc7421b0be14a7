import { and, eq } from 'drizzle-orm';
import { ESTADOS_PEDIDO, type EstadoPedido } from '../../lib/api/checkout-schemas.ts';
import { RESENAS } from '../../lib/tienda.ts';
import type { Db, Tx } from '../db/client.ts';
import { cuponesUsuario, pedidoHistorial, pedidoLineas, pedidos, type Pedido } from '../db/schema/index.ts';
import { enqueue } from '../jobs/queue.ts';
import { programarInvitacion } from '../resenas/jobs.ts';
import type { AvisoEstado, MotivoCancelacion } from './emails.ts';
import { alertShop, type TemaAlerta } from './payment-alerts.ts';
import { motivoStock } from '../catalogue/movimientos.ts';
import { tomarUsoCupon } from '../discounts/cupones-tienda.ts';
import { claimCoupon, releaseCoupon, releaseStock, reserveStock } from './stock.ts';

/** The account of an order whose customer deleted hers (migration 0033): no account has it, so only the coupon's total uses count. */
const SIN_CUENTA = 0;

/**
 * The order's life, in one place (docs/decisions/0166-order-life.md): the state machine (TRANSICIONES),
 * its timeline writes, and the side effects of each change — stock and coupon held or released, the
 * customer's and the shop's e-mails queued, the comprobante numbered. Payments (the provider's reports,
 * Yape, the pago de prueba, expiry) and comprobantes call into this module; it imports neither: what
 * comprobantes must do when an order is paid or a paid order cancelled is handed in by the caller
 * (`ComprobantesDelPedido`). Each change runs inside a transaction with the order locked, and each is
 * checked against TRANSICIONES.
 */

/** The names the timeline records for who took a step besides an operator's own (issue 36). */
export const ACTOR_CLIENTE = 'Cliente';
export const ACTOR_PAGOS = 'Mercado Pago';
export const ACTOR_SISTEMA = 'Sistema';

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
  const allowed = TRANSICIONES.some(
    (t) => t.desde === pedido.estado && t.hacia === hacia && t.por === por && (!t.entrega || t.entrega === entrega),
  );
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
export const nextStates = (pedido: Movible): EstadoPedido[] =>
  ESTADOS_PEDIDO.filter((estado) => transitionRefusal(pedido, estado) === null);

/** Records a state (or a note on the current one) in the order's timeline, with who took it; returns the entry's id. */
export async function record(tx: Tx, pedidoId: number, estado: EstadoPedido, nota = '', actor = ACTOR_SISTEMA): Promise<number> {
  const [entry] = await tx.insert(pedidoHistorial).values({ pedidoId, estado, nota, actor }).returning({ id: pedidoHistorial.id });
  return entry!.id;
}

/**
 * Notes something the shop must look at (a payment, the order's comprobante) on the order's timeline, in
 * its current state, and queues the shop's e-mail about it (SHOP_EMAIL); returns the note's id.
 */
export async function avisarTienda(
  tx: Tx,
  pedidoId: number,
  nota: string,
  asunto: string,
  tema: TemaAlerta = 'pago',
  actor = ACTOR_SISTEMA,
): Promise<number> {
  const [pedido] = await tx.select({ estado: pedidos.estado }).from(pedidos).where(eq(pedidos.id, pedidoId));
  const historialId = await record(tx, pedidoId, pedido!.estado as EstadoPedido, nota, actor);
  await alertShop(tx, pedidoId, historialId, asunto, tema);
  return historialId;
}

/**
 * What comprobantes do when an order's life calls for it, inside the change's transaction (so a number
 * is drawn exactly when the sale or its annulment is). The caller hands it in, built by
 * `comprobantesDelPedido` (comprobantes/emision.ts) from the settings: this module imports no
 * comprobante code.
 */
export interface ComprobantesDelPedido {
  /** The order has just been paid: number its boleta or factura. */
  venta(tx: Tx, pedido: Pedido): Promise<unknown>;
  /** A paid order has just been cancelled: number the nota de crédito that annuls its comprobante. */
  anulacion(tx: Tx, pedidoId: number): Promise<unknown>;
}

/** Queues the customer's e-mail about a change, keyed by its timeline entry so it is sent once. */
async function notify(tx: Tx, pedidoId: number, historialId: number, aviso: AvisoEstado): Promise<void> {
  await enqueue(tx, 'correo-estado', { pedidoId, ...aviso }, { clave: `correo-estado:${historialId}` });
}

/**
 * PENDIENTE → CANCELADO with its stock and coupon released; false when the order was no longer pending. With a
 * `motivo`, the customer is told why by e-mail (null: they need no word, e.g. they replaced the order).
 */
export async function cancelOrder(
  tx: Tx,
  pedidoId: number,
  nota: string,
  motivo: MotivoCancelacion | null,
  actor = ACTOR_SISTEMA,
): Promise<boolean> {
  const cancelled = await tx
    .update(pedidos)
    .set({ estado: 'CANCELADO', actualizado: new Date() })
    .where(and(eq(pedidos.id, pedidoId), eq(pedidos.estado, 'PENDIENTE')))
    .returning({ id: pedidos.id, cuponUsuarioId: pedidos.cuponUsuarioId });
  if (cancelled.length === 0) return false;
  await releaseStock(tx, pedidoId, actor);
  await releaseCoupon(tx, cancelled[0]!);
  const historialId = await record(tx, pedidoId, 'CANCELADO', nota, actor);
  if (motivo) await notify(tx, pedidoId, historialId, { estado: 'CANCELADO', motivo });
  return true;
}

/** What an operator's move did: moved, refused with the reason, or there is no such order. */
export type Movimiento =
  | { resultado: 'movido'; pedido: Pedido }
  | { resultado: 'rechazado'; mensaje: string }
  | { resultado: 'incompleto'; mensaje: string }
  | { resultado: 'sin-pedido' };

/** How an operator's move is made: its note, what comprobantes do (a paid order cancelled gets a nota de crédito), and what runs with it. */
export interface OpcionesMovimiento {
  nota?: string;
  /** EN TRANSITO of a delivery order: the courier (an id of COURIERS) and its tracking number, both required then. */
  envio?: { courier?: string; guia?: string };
  comprobantes: ComprobantesDelPedido;
  /** Days from ENTREGADO to the review invitation e-mail (REVIEW_INVITATION_DAYS; RESENAS.invitacionDias by default). */
  invitacionResenaDias?: number;
  /** Runs in the move's transaction once it is done, with the order as it was (the operator's audit entry). */
  alMover?: (tx: Tx, antes: Pedido) => Promise<void>;
  /** Who moves it, for the timeline (the operator's name, operadorDe); 'Sistema' by default. */
  actor?: string;
  /** E-mail the customer about the move (true by default; the operator may say not to). */
  avisar?: boolean;
}

/**
 * The operator moves an order along (checkout §4), checked against TRANSICIONES with the order
 * locked. ENTREGADO sets fechaEntrega; CANCELADO releases the stock and the customer's coupon, and for
 * a paid order notes that the payment must be refunded and has the nota de crédito that annuls its
 * comprobante numbered. The customer is e-mailed.
 */
export async function moveOrder(
  db: Db,
  pedidoId: number,
  hacia: EstadoPedido,
  {
    nota = '',
    comprobantes,
    alMover,
    envio = {},
    invitacionResenaDias = RESENAS.invitacionDias,
    actor = ACTOR_SISTEMA,
    avisar = true,
  }: OpcionesMovimiento,
): Promise<Movimiento> {
  return db.transaction(async (tx) => {
    const [pedido] = await tx.select().from(pedidos).where(eq(pedidos.id, pedidoId)).for('update');
    if (!pedido) return { resultado: 'sin-pedido' };
    const mensaje = transitionRefusal(pedido, hacia, 'operador');
    if (mensaje) return { resultado: 'rechazado', mensaje };
    const despacho = hacia === 'EN TRANSITO';
    if (!despacho && (envio.courier || envio.guia))
      return {
        resultado: 'incompleto',
        mensaje: 'El courier y el número de guía se indican solo al pasar un pedido de envío a EN TRANSITO.',
      };
    if (despacho && (!envio.courier || !envio.guia)) {
      return {
        resultado: 'incompleto',
        mensaje: `Para pasar el pedido N.° ${pedido.id} a EN TRANSITO indica el courier y el número de guía (por ejemplo: --courier Olva --guia 123456789).`,
      };
    }
    const now = new Date();
    const [movido] = await tx
      .update(pedidos)
      .set({
        estado: hacia,
        actualizado: now,
        ...(hacia === 'ENTREGADO' ? { fechaEntrega: now } : {}),
        ...(despacho ? { courier: envio.courier, guia: envio.guia } : {}),
      })
      .where(eq(pedidos.id, pedidoId))
      .returning();
    let historial = nota || 'Movido por la tienda.';
    if (hacia === 'CANCELADO') {
      await releaseStock(tx, pedidoId, actor);
      await releaseCoupon(tx, pedido);
      if (pedido.pagado) {
        historial = `${/[.!?…]$/.test(historial) ? historial : `${historial}.`} Pedido pagado (pago ${pedido.pagoId ?? 'sin id'}): hay que devolver el pago.`;
        await comprobantes.anulacion(tx, pedidoId);
      }
    }
    const historialId = await record(tx, pedidoId, hacia, historial, actor);
    const aviso: AvisoEstado =
      hacia === 'CANCELADO'
        ? { estado: hacia, motivo: pedido.pagado ? 'reembolso' : 'tienda', ...(nota ? { nota } : {}) }
        : { estado: hacia as Exclude<AvisoEstado['estado'], 'CANCELADO'> };
    if (avisar) await notify(tx, pedidoId, historialId, aviso);
    if (hacia === 'ENTREGADO') await programarInvitacion(tx, pedidoId, invitacionResenaDias, now);
    await alMover?.(tx, pedido);
    return { resultado: 'movido', pedido: movido! };
  });
}

/** Paid: EN PREPARACION, the customer's coupon used, its comprobante numbered, the confirmation e-mail queued. */
async function markPaid(
  tx: Tx,
  pedido: Pedido,
  pagoId: string,
  nota: string,
  comprobantes: ComprobantesDelPedido,
  actor: string,
): Promise<void> {
  const now = new Date();
  await tx.update(pedidos).set({ estado: 'EN PREPARACION', pagado: now, pagoId, actualizado: now }).where(eq(pedidos.id, pedido.id));
  if (pedido.cuponUsuarioId) await tx.update(cuponesUsuario).set({ usado: true }).where(eq(cuponesUsuario.id, pedido.cuponUsuarioId));
  await record(tx, pedido.id, 'EN PREPARACION', nota, actor);
  await comprobantes.venta(tx, pedido);
  await enqueue(tx, 'correo-confirmacion', { pedidoId: pedido.id }, { clave: `correo-confirmacion:${pedido.id}` });
  // The shop's notice of a new paid order (issue 36: avisos-tienda/jobs.ts sends it, or the hour's digest).
  await enqueue(tx, 'aviso-tienda-pedido', { pedidoId: pedido.id }, { clave: `aviso-tienda-pedido:${pedido.id}` });
}

/** Thrown inside a savepoint to undo a partial re-reservation: what was no longer there. */
class SinStock extends Error {
  constructor(readonly falta: 'stock' | 'cupon') {
    super(falta);
  }
}

/** What an approved payment did to its order: paid it, found it could not (a late payment whose stock or coupon is gone), or nothing (the order may not be paid now). */
export type Aprobacion = 'aprobado' | 'sin-stock' | 'sin-cambio';

/**
 * An approved payment of the order's amount (`pedido` locked in `tx`): PENDIENTE → EN PREPARACION. An order
 * already cancelled by expiry is revived when its stock and coupon can be held again; when they cannot, the
 * payment must be refunded: noted on the timeline (CANCELADO), the customer and the shop e-mailed.
 */
export async function approvePayment(
  tx: Tx,
  pedido: Pedido,
  pagoId: string,
  comprobantes: ComprobantesDelPedido,
  actor = ACTOR_PAGOS,
): Promise<Aprobacion> {
  if (transitionRefusal(pedido, 'EN PREPARACION', 'sistema')) return 'sin-cambio';
  if (pedido.estado === 'PENDIENTE') {
    await markPaid(tx, pedido, pagoId, `Pago ${pagoId} aprobado.`, comprobantes, actor);
    return 'aprobado';
  }
  const lineas = await tx
    .select({ productoId: pedidoLineas.productoId, cantidad: pedidoLineas.cantidad })
    .from(pedidoLineas)
    .where(eq(pedidoLineas.pedidoId, pedido.id));
  try {
    await tx.transaction(async (savepoint) => {
      await motivoStock(savepoint, { motivo: 'venta', actor, pedidoId: pedido.id });
      if (await reserveStock(savepoint, lineas)) throw new SinStock('stock');
      if (pedido.cuponUsuarioId && !(await claimCoupon(savepoint, pedido.cuponUsuarioId))) throw new SinStock('cupon');
      // A shop coupon with N uses (or one per customer) may have been taken meanwhile (issue 37).
      if (pedido.cuponGlobalId && (await tomarUsoCupon(savepoint, pedido.cuponGlobalId, pedido.clienteId ?? SIN_CUENTA, pedido.id)))
        throw new SinStock('cupon');
    });
  } catch (error) {
    if (!(error instanceof SinStock)) throw error;
    const falta = error.falta === 'stock' ? 'ya no hay stock' : `su cupón ${pedido.codigoDescuento ?? ''} ya se usó en otro pedido`;
    const nota = `Pago ${pagoId} aprobado después de cancelado el pedido y ${falta}: hay que devolver el pago.`;
    console.error(`Pedido ${pedido.id}: ${nota}`);
    const historialId = await record(tx, pedido.id, 'CANCELADO', nota, actor);
    await notify(tx, pedido.id, historialId, { estado: 'CANCELADO', motivo: 'pago-tardio' });
    await alertShop(tx, pedido.id, historialId, 'pago tardío por devolver');
    return 'sin-stock';
  }
  await markPaid(
    tx,
    pedido,
    pagoId,
    `Pago ${pagoId} aprobado después de cancelado el pedido; el stock y el cupón se volvieron a reservar.`,
    comprobantes,
    actor,
  );
  return 'aprobado';
}
