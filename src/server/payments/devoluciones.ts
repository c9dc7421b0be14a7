import { motivoStock } from '../catalogue/movimientos.ts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LineaDevolucion } from '../../lib/api/devoluciones-schemas.ts';
import { fechaLima, formatFecha } from '../../lib/dates.ts';
import { formatCentimos } from '../../lib/pricing/money.ts';
import { DEVOLUCIONES } from '../../lib/tienda.ts';
import { numerarNotaDeDevolucion, type Emision } from '../comprobantes/emision.ts';
import type { Db, Tx } from '../db/client.ts';
import { logError } from '../db/errors.ts';
import {
  devolucionLineas,
  devoluciones,
  pedidoLineas,
  pedidos,
  productos,
  reembolsos,
  type Devolucion,
  type Pedido,
  type PedidoLinea,
  type Reembolso,
} from '../db/schema/index.ts';
import { enqueue } from '../jobs/queue.ts';
import { ReembolsoRechazado, type Pasarela } from './gateway.ts';
import { avisarTienda, moveOrder, record, type ComprobantesDelPedido } from '../orders/life.ts';
import type { EstadoPedido } from '../../lib/api/checkout-schemas.ts';

/**
 * Refunds and returns (issue 36). A paid order not yet delivered is cancelled through the order's state
 * machine (moveOrder: stock and coupon back, its nota de crédito, the customer's e-mail) and its whole
 * payment refunded; a delivered order's lines may be returned within DEVOLUCIONES.dias of delivery,
 * with stock back for resellable units, a partial nota de crédito for exactly those units, their refund
 * and the customer's e-mail. Each refund is first recorded (pendiente) in the transaction that makes the
 * change, under a unique idempotency key, with the order locked — so a replay or two owners at once make
 * one refund — and then asked of the provider with that key, at once and again by a job while the
 * provider cannot be reached (docs/decisions/0177-reembolso-pendiente.md).
 */

/** The job that asks the provider for a recorded refund (retried with back-off while it is pending). */
export const TRABAJO_REEMBOLSO = 'reembolso';
/** The job of the customer's e-mail about a return. */
export const TRABAJO_CORREO_DEVOLUCION = 'correo-devolucion';
/** The retry job waits this long, so the request's own attempt runs first. */
const ESPERA_REINTENTO_MS = 60_000;

/** A refusal of the operator's request: its HTTP status and Spanish message; nothing was changed. */
export class DevolucionRechazada extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    mensaje: string,
  ) {
    super(mensaje);
  }
}

const n = (id: number) => `N.° ${id}`;

/** Why the order's payment cannot be refunded through the shop's provider now (a sentence), or null. */
function sinReembolsoPosible(pedido: Pedido, pasarela: Pasarela | null): string | null {
  if (!pedido.pagado || !pedido.pagoId) return `El pedido ${n(pedido.id)} no está pagado: no hay nada que reembolsar.`;
  if (!pasarela?.reembolsar || pasarela.nombre !== pedido.pasarela) {
    return `El pago del pedido ${n(pedido.id)} (${pedido.pasarela}) no se puede reembolsar desde la tienda con el medio de pago configurado ahora: devuélvelo a mano y cancela el pedido.`;
  }
  return null;
}

/** Records a refund (pendiente) and queues its retry job, in the caller's transaction; the key makes it once. */
async function registrarReembolso(
  tx: Tx,
  datos: { pedido: Pedido; devolucionId?: number; monto: number; motivo: string; quien: string; clave: string },
): Promise<Reembolso | undefined> {
  const [reembolso] = await tx
    .insert(reembolsos)
    .values({
      pedidoId: datos.pedido.id,
      devolucionId: datos.devolucionId,
      pagoId: datos.pedido.pagoId!,
      pasarela: datos.pedido.pasarela,
      monto: datos.monto,
      motivo: datos.motivo,
      quien: datos.quien,
      claveIdempotencia: datos.clave,
    })
    .onConflictDoNothing()
    .returning();
  if (!reembolso) return undefined;
  await enqueue(
    tx,
    TRABAJO_REEMBOLSO,
    { reembolsoId: reembolso.id },
    { clave: `${TRABAJO_REEMBOLSO}:${reembolso.id}`, ejecutarEn: new Date(Date.now() + ESPERA_REINTENTO_MS), maxIntentos: 12 },
  );
  return reembolso;
}

/**
 * Asks the provider for a recorded refund, with its idempotency key (so a second ask answers the same
 * refund): approved → noted on the order's timeline; refused for good → 'fallido', noted and e-mailed to
 * the shop (to be refunded by hand); not reachable, or still in process → stays pendiente and throws
 * (the job retries). A refund no longer pending is left alone. Answers the refund as it is now.
 */
export async function procesarReembolso(db: Db, pasarela: Pasarela | null, id: number): Promise<Reembolso | undefined> {
  const [reembolso] = await db.select().from(reembolsos).where(eq(reembolsos.id, id));
  if (!reembolso || reembolso.estado !== 'pendiente') return reembolso;
  const actualizar = async (cambios: Partial<Reembolso>, nota?: (tx: Tx) => Promise<unknown>) =>
    db.transaction(async (tx) => {
      const [hecho] = await tx
        .update(reembolsos)
        .set({ ...cambios, actualizado: new Date() })
        .where(and(eq(reembolsos.id, id), eq(reembolsos.estado, 'pendiente')))
        .returning();
      if (hecho && hecho.estado !== 'pendiente') await nota?.(tx);
      return hecho;
    });
  const monto = formatCentimos(reembolso.monto);
  if (!pasarela?.reembolsar || pasarela.nombre !== reembolso.pasarela) {
    await actualizar({ mensaje: `No hay cómo reembolsar pagos de ${reembolso.pasarela} con la configuración actual.` });
    throw new Error(`Reembolso ${id}: no hay cómo reembolsar pagos de ${reembolso.pasarela} con la configuración actual.`);
  }
  let respuesta: Awaited<ReturnType<NonNullable<Pasarela['reembolsar']>>>;
  try {
    respuesta = await pasarela.reembolsar({
      pagoId: reembolso.pagoId,
      monto: reembolso.monto,
      idempotencyKey: reembolso.claveIdempotencia,
    });
  } catch (error) {
    const mensaje = error instanceof Error ? error.message : String(error);
    if (error instanceof ReembolsoRechazado) {
      return actualizar({ estado: 'fallido', mensaje }, (tx) =>
        avisarTienda(
          tx,
          reembolso.pedidoId,
          `El reembolso de ${monto} (pago ${reembolso.pagoId}) no se pudo hacer: ${mensaje} Hay que devolver el pago a mano.`,
          'reembolso no realizado',
        ),
      );
    }
    await actualizar({ mensaje: `Sin respuesta del proveedor; se reintentará: ${mensaje}`.slice(0, 2000) });
    throw error;
  }
  if (respuesta.status === 'approved') {
    return actualizar({ estado: 'aprobado', idProveedor: respuesta.id, mensaje: null }, async (tx) => {
      const [pedido] = await tx.select({ estado: pedidos.estado }).from(pedidos).where(eq(pedidos.id, reembolso.pedidoId));
      await record(
        tx,
        reembolso.pedidoId,
        pedido!.estado as EstadoPedido,
        `Reembolso de ${monto} hecho por ${reembolso.pasarela === 'prueba' ? 'el modo de prueba' : 'Mercado Pago'} (reembolso ${respuesta.id}).`,
      );
    });
  }
  if (respuesta.status === 'rejected' || respuesta.status === 'cancelled') {
    return actualizar({ estado: 'fallido', idProveedor: respuesta.id, mensaje: `El proveedor respondió ${respuesta.status}.` }, (tx) =>
      avisarTienda(
        tx,
        reembolso.pedidoId,
        `El reembolso de ${monto} (pago ${reembolso.pagoId}) fue ${respuesta.status === 'rejected' ? 'rechazado' : 'anulado'} por el proveedor: hay que devolver el pago a mano.`,
        'reembolso no realizado',
      ),
    );
  }
  await actualizar({ idProveedor: respuesta.id, mensaje: `El proveedor lo tiene en curso (${respuesta.status}).` });
  throw new Error(`Reembolso ${id} en curso (${respuesta.status}): se vuelve a consultar.`);
}

/** Tries the refund now (the request's own attempt); a failure leaves it pending for its job, logged. */
async function intentarAhora(db: Db, pasarela: Pasarela | null, id: number): Promise<Reembolso> {
  try {
    await procesarReembolso(db, pasarela, id);
  } catch (error) {
    logError(`Reembolso ${id}`, error);
  }
  const [reembolso] = await db.select().from(reembolsos).where(eq(reembolsos.id, id));
  return reembolso!;
}

/** The operator's sentence about a refund's outcome. */
export function fraseReembolso(reembolso: Reembolso): string {
  const monto = formatCentimos(reembolso.monto);
  if (reembolso.estado === 'aprobado') return `Se reembolsaron ${monto} al medio de pago del cliente.`;
  if (reembolso.estado === 'fallido')
    return `El proveedor no aceptó el reembolso de ${monto}: devuélvelo a mano (${reembolso.mensaje ?? 'sin detalle'}).`;
  return `El reembolso de ${monto} quedó pendiente: el proveedor no respondió y se reintentará automáticamente.`;
}

export interface OpcionesReembolso {
  motivo: string;
  /** The operator's audit name. */
  quien: string;
  pasarela: Pasarela | null;
  comprobantes: ComprobantesDelPedido;
  /** Runs in the change's transaction (the operator's audit entry). */
  alCambiar?: (tx: Tx, antes: Pedido) => Promise<void>;
}

/** The refusal of a second refund of a cancelled order (a replay, or a second owner at once). */
const yaReembolsado = (pedidoId: number, reembolso: Reembolso) =>
  `El pedido ${n(pedidoId)} ya fue cancelado y reembolsado: no se reembolsa dos veces. ${fraseReembolso(reembolso)}`;

/** Thrown inside the cancellation's transaction to undo it: the order is not refundable (checked under its lock). */
class NoReembolsable extends Error {}

/**
 * The owner's "cancel and refund" (issue 36): a paid order not yet delivered goes to CANCELADO through
 * moveOrder (stock and coupon back, the annulling nota de crédito, the customer's e-mail) and its whole
 * payment is refunded; a paid order already cancelled without its refund gets the refund alone. Refused
 * (nothing changed) when unpaid, delivered, already refunded, or not refundable through the provider.
 */
export async function reembolsarPedido(db: Db, pedidoId: number, opciones: OpcionesReembolso): Promise<Reembolso> {
  const { motivo, quien, pasarela } = opciones;
  const [visto] = await db.select().from(pedidos).where(eq(pedidos.id, pedidoId));
  if (!visto) throw new DevolucionRechazada(404, `No existe el pedido ${n(pedidoId)}.`);
  const clave = `reembolso:pedido:${pedidoId}`;
  const porReembolsar = (pedido: Pedido) => {
    const razon = sinReembolsoPosible(pedido, pasarela);
    if (razon) throw new NoReembolsable(razon);
  };
  let reembolso: Reembolso | undefined;
  try {
    if (visto.estado === 'CANCELADO') {
      reembolso = await db.transaction(async (tx) => {
        const [pedido] = await tx.select().from(pedidos).where(eq(pedidos.id, pedidoId)).for('update');
        const [ya] = await tx
          .select()
          .from(reembolsos)
          .where(and(eq(reembolsos.pedidoId, pedidoId), isNull(reembolsos.devolucionId)));
        if (ya) throw new NoReembolsable(yaReembolsado(pedidoId, ya));
        porReembolsar(pedido!);
        const nuevo = await registrarReembolso(tx, { pedido: pedido!, monto: pedido!.total, motivo, quien, clave });
        await record(tx, pedidoId, 'CANCELADO', `Reembolso de ${formatCentimos(pedido!.total)} solicitado: ${motivo}`, quien);
        await opciones.alCambiar?.(tx, pedido!);
        return nuevo;
      });
    } else {
      const movimiento = await moveOrder(db, pedidoId, 'CANCELADO', {
        nota: motivo,
        // The timeline names who cancelled (the signed-in owner), not 'Sistema'.
        actor: quien,
        comprobantes: opciones.comprobantes,
        alMover: async (tx, antes) => {
          porReembolsar(antes);
          reembolso = await registrarReembolso(tx, { pedido: antes, monto: antes.total, motivo, quien, clave });
          await opciones.alCambiar?.(tx, antes);
        },
      });
      if (movimiento.resultado === 'sin-pedido') throw new DevolucionRechazada(404, `No existe el pedido ${n(pedidoId)}.`);
      if (movimiento.resultado !== 'movido') {
        const [actual] = await db.select().from(pedidos).where(eq(pedidos.id, pedidoId));
        if (actual?.estado === 'CANCELADO') {
          const [ya] = await db
            .select()
            .from(reembolsos)
            .where(and(eq(reembolsos.pedidoId, pedidoId), isNull(reembolsos.devolucionId)));
          if (ya) throw new DevolucionRechazada(409, yaReembolsado(pedidoId, ya));
        }
        if (actual?.estado === 'ENTREGADO')
          throw new DevolucionRechazada(
            409,
            `El pedido ${n(pedidoId)} ya fue entregado: no se cancela; registra una devolución de sus productos.`,
          );
        throw new DevolucionRechazada(409, movimiento.mensaje);
      }
    }
  } catch (error) {
    if (error instanceof NoReembolsable) throw new DevolucionRechazada(409, error.message);
    throw error;
  }
  if (!reembolso) throw new DevolucionRechazada(409, `El reembolso del pedido ${n(pedidoId)} ya estaba registrado.`);
  return intentarAhora(db, pasarela, reembolso.id);
}

export interface OpcionesDevolucion {
  lineas: LineaDevolucion[];
  motivo: string;
  quien: string;
  pasarela: Pasarela | null;
  emision: Emision;
  /** Days from delivery a return is accepted (DEVOLUCIONES.dias, the terms' figure). */
  plazoDias?: number;
  ahora?: Date;
  /** Runs in the return's transaction (the operator's audit entry). */
  alDevolver?: (tx: Tx, devolucion: Devolucion) => Promise<void>;
}

/** One order line's units this return takes back. */
interface Tomada {
  linea: PedidoLinea;
  cantidad: number;
  revendible: boolean;
}

const describir = (l: Pick<LineaDevolucion, 'color' | 'tamano'>) => [l.color, l.tamano].filter((x) => x.trim()).join(', ');

/** Units of each of the order's lines already returned, by line id. */
async function devueltasPorLinea(tx: Tx | Db, pedidoId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ lineaId: devolucionLineas.pedidoLineaId, cantidad: sql<number>`sum(${devolucionLineas.cantidad})::int` })
    .from(devolucionLineas)
    .innerJoin(devoluciones, eq(devolucionLineas.devolucionId, devoluciones.id))
    .where(eq(devoluciones.pedidoId, pedidoId))
    .groupBy(devolucionLineas.pedidoLineaId);
  return new Map(rows.map((row) => [row.lineaId, Number(row.cantidad)]));
}

/**
 * The owner accepts the return of some units of a delivered order (issue 36), with the order locked: only
 * within the return window, only units bought and not yet returned. Resellable units go back to stock;
 * a partial nota de crédito covers exactly those units at what they were charged (the line's unit price
 * after the order's discount: the stored `precioCobrado`, so returns of every line one by one add up to
 * the products' total to the céntimo); the delivery is refunded only by the return that completes the
 * order (docs/decisions/NEW-devolucion-envio.md). Their amount is refunded through the provider and the
 * customer e-mailed. Answers the return and its refund (none when the units were free).
 */
export async function devolverLineas(
  db: Db,
  pedidoId: number,
  opciones: OpcionesDevolucion,
): Promise<{ devolucion: Devolucion; reembolso: Reembolso | null }> {
  const { lineas, motivo, quien, pasarela, emision, plazoDias = DEVOLUCIONES.dias, ahora = new Date() } = opciones;
  const { devolucion, reembolsoId } = await db.transaction(async (tx) => {
    const [pedido] = await tx.select().from(pedidos).where(eq(pedidos.id, pedidoId)).for('update');
    if (!pedido) throw new DevolucionRechazada(404, `No existe el pedido ${n(pedidoId)}.`);
    if (pedido.estado !== 'ENTREGADO')
      throw new DevolucionRechazada(
        409,
        `Solo se reciben devoluciones de pedidos entregados: el pedido ${n(pedidoId)} está ${pedido.estado}.${pedido.estado === 'CANCELADO' ? '' : ' Si aún no se entregó, cancélalo con reembolso.'}`,
      );
    const entrega = pedido.fechaEntrega ?? pedido.actualizado;
    const vence = new Date(entrega.getTime() + plazoDias * 24 * 60 * 60 * 1000);
    if (ahora > vence)
      throw new DevolucionRechazada(
        409,
        `El plazo de devolución del pedido ${n(pedidoId)} venció el ${formatFecha(fechaLima(vence))}: son ${plazoDias} días desde la entrega (${formatFecha(fechaLima(entrega))}).`,
      );
    const razon = sinReembolsoPosible(pedido, pasarela);
    if (razon) throw new DevolucionRechazada(409, razon);

    const delPedido = await tx.select().from(pedidoLineas).where(eq(pedidoLineas.pedidoId, pedidoId)).orderBy(asc(pedidoLineas.id));
    const devueltas = await devueltasPorLinea(tx, pedidoId);
    const quedan = new Map(delPedido.map((l) => [l.id, l.cantidad - (devueltas.get(l.id) ?? 0)]));
    const tomadas: Tomada[] = [];
    for (const pedida of lineas) {
      const iguales = delPedido.filter((l) => l.productoId === pedida.idProducto && l.color === pedida.color && l.tamano === pedida.tamano);
      const cual = `${describir(pedida) ? ` (${describir(pedida)})` : ''}`;
      if (iguales.length === 0)
        throw new DevolucionRechazada(409, `El pedido ${n(pedidoId)} no tiene el producto ${pedida.idProducto}${cual}.`);
      const disponibles = iguales.reduce((suma, l) => suma + quedan.get(l.id)!, 0);
      if (pedida.cantidad > disponibles) {
        const compradas = iguales.reduce((suma, l) => suma + l.cantidad, 0);
        throw new DevolucionRechazada(
          409,
          `Del producto ${iguales[0]!.nombre}${cual} se compraron ${compradas} y quedan ${disponibles} por devolver: no se pueden devolver ${pedida.cantidad}.`,
        );
      }
      let falta = pedida.cantidad;
      for (const linea of iguales) {
        const k = Math.min(falta, quedan.get(linea.id)!);
        if (k <= 0) continue;
        quedan.set(linea.id, quedan.get(linea.id)! - k);
        tomadas.push({ linea, cantidad: k, revendible: pedida.revendible });
        falta -= k;
      }
    }
    const completa = [...quedan.values()].every((q) => q === 0);
    const primera = devueltas.size === 0;
    const productosMonto = tomadas.reduce((suma, t) => suma + t.linea.precioCobrado * t.cantidad, 0);
    const envio = completa ? pedido.envio : 0;
    const monto = productosMonto + envio;
    const [yaReembolsado] = await tx
      .select({ total: sql<number>`coalesce(sum(${reembolsos.monto}), 0)::int` })
      .from(reembolsos)
      .where(and(eq(reembolsos.pedidoId, pedidoId), inArray(reembolsos.estado, ['pendiente', 'aprobado'])));
    if (Number(yaReembolsado!.total) + monto > pedido.total)
      throw new DevolucionRechazada(
        409,
        `El pedido ${n(pedidoId)} ya tiene reembolsos por ${formatCentimos(Number(yaReembolsado!.total))}.`,
      );

    const [devolucion] = await tx.insert(devoluciones).values({ pedidoId, motivo, monto, envio, quien }).returning();
    await tx.insert(devolucionLineas).values(
      tomadas.map((t) => ({
        devolucionId: devolucion!.id,
        pedidoLineaId: t.linea.id,
        productoId: t.linea.productoId,
        color: t.linea.color,
        tamano: t.linea.tamano,
        cantidad: t.cantidad,
        revendible: t.revendible,
        monto: t.linea.precioCobrado * t.cantidad,
      })),
    );
    // Resellable units back to stock, one update per product in product order (as releaseStock does).
    const alStock = new Map<number, number>();
    for (const t of tomadas) if (t.revendible) alStock.set(t.linea.productoId, (alStock.get(t.linea.productoId) ?? 0) + t.cantidad);
    if (alStock.size) await motivoStock(tx, { motivo: 'devolucion', actor: quien, nota: motivo, pedidoId });
    for (const [productoId, cantidad] of [...alStock].sort(([a], [b]) => a - b)) {
      await tx
        .update(productos)
        .set({ stock: sql`${productos.stock} + ${cantidad}`, stockTotal: sql`${productos.stockTotal} + ${cantidad}` })
        .where(eq(productos.id, productoId));
    }
    // The note's lines: each order line once, with the units returned now.
    const porLinea = new Map<number, PedidoLinea>();
    for (const t of tomadas) {
      const previa = porLinea.get(t.linea.id);
      porLinea.set(t.linea.id, { ...t.linea, cantidad: (previa?.cantidad ?? 0) + t.cantidad });
    }
    const nota = await numerarNotaDeDevolucion(tx, pedido, [...porLinea.values()], {
      envio: envio > 0,
      total: completa && primera,
      emision,
    });
    if (nota) await tx.update(devoluciones).set({ comprobanteId: nota.id }).where(eq(devoluciones.id, devolucion!.id));
    const reembolso =
      monto > 0
        ? await registrarReembolso(tx, {
            pedido,
            devolucionId: devolucion!.id,
            monto,
            motivo,
            quien,
            clave: `reembolso:devolucion:${devolucion!.id}`,
          })
        : undefined;
    const unidades = tomadas.reduce((suma, t) => suma + t.cantidad, 0);
    await record(
      tx,
      pedidoId,
      'ENTREGADO',
      `Devolución de ${unidades} ${unidades === 1 ? 'unidad' : 'unidades'} aceptada (${motivo}): ${formatCentimos(monto)} por reembolsar${envio > 0 ? ', envío incluido' : ''}.`,
      quien,
    );
    await enqueue(
      tx,
      TRABAJO_CORREO_DEVOLUCION,
      { devolucionId: devolucion!.id },
      { clave: `${TRABAJO_CORREO_DEVOLUCION}:${devolucion!.id}` },
    );
    await opciones.alDevolver?.(tx, devolucion!);
    return { devolucion: { ...devolucion!, comprobanteId: nota?.id ?? null }, reembolsoId: reembolso?.id };
  });
  return { devolucion, reembolso: reembolsoId === undefined ? null : await intentarAhora(db, pasarela, reembolsoId) };
}
