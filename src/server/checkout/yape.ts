import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { preferenciaSchema, type Preferencia } from '../../lib/api/checkout-schemas.ts';
import { CELULAR_YAPE_PRUEBA, MENSAJES_YAPE, rechazoYape, REGLAS_YAPE, YAPE_MAXIMO_SOLES, type YapeAprobado, type YapeRechazado } from '../../lib/api/yape-rules.ts';
import { toCentimos, toSoles } from '../../lib/pricing/money.ts';
import { TIENDA } from '../../lib/tienda.ts';
import type { Emision } from '../comprobantes/emision.ts';
import type { Db } from '../db/client.ts';
import { logError } from '../db/errors.ts';
import { intentosYape, pedidos, type Pedido } from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';
import { applyPayment } from '../orders/transitions.ts';
import { YapeSinToken, type PagoRemoto, type Pasarela } from '../payments/gateway.ts';
import { retornoMercadoPago } from '../payments/retorno.ts';
import { createOrder, type CheckoutDeps, type Clave } from './create-order.ts';
import { quoteOrder } from './quote.ts';

/**
 * Yape through Mercado Pago's Checkout API (issue 24): the same server-priced order create-preference
 * makes (same quote, reservation, coupon and routine rules, idempotency key), paid at once with the
 * shopper's phone and approval code instead of a preference. Approved → paid through the one
 * transition the webhook uses; rejected → the order stays payable and the shopper is told why. The
 * phone and code travel to Mercado Pago and nowhere else: never stored, never logged.
 */

/** POST /carrito/yape/{userId}: create-preference's body plus the Yape submission. */
export const pagoYapeSchema = preferenciaSchema.extend({
  yape: z.object(
    {
      celular: z.string({ error: MENSAJES_YAPE.faltaCelular }).trim().min(1, MENSAJES_YAPE.faltaCelular).regex(/^\d{9}$/, MENSAJES_YAPE.celular),
      codigo: z.string({ error: MENSAJES_YAPE.faltaCodigo }).trim().min(1, MENSAJES_YAPE.faltaCodigo).regex(REGLAS_YAPE.codigo, MENSAJES_YAPE.codigo),
      intento: z.string({ error: MENSAJES_YAPE.intento }).regex(REGLAS_YAPE.intento, MENSAJES_YAPE.intento),
    },
    { error: MENSAJES_YAPE.faltaCelular },
  ),
});
export type PagoYapeRequest = z.output<typeof pagoYapeSchema>;

/** The answer of a Yape payment: paid (or, rarely, under review) with where to go, or rejected. */
export type ResultadoYape = { status: 200; body: YapeAprobado } | { status: 402; body: YapeRechazado };

/** The shop takes Yape: the provider can (Checkout API with MP_PUBLIC_KEY, or the test mode). */
export const takesYape = (pasarela: Pasarela | null): pasarela is Pasarela & Required<Pick<Pasarela, 'pagarConYape'>> => Boolean(pasarela?.pagarConYape);

/** How long a resend waits for the first submission of the same attempt to finish. */
const ESPERA_INTENTO_MS = 20_000;
/** Pays the customer's order (found by `clave`, or created from `body`) with Yape. */
export async function payWithYape(deps: CheckoutDeps & { emision: Emision }, clienteId: number, clave: Clave, { yape, ...body }: PagoYapeRequest): Promise<ResultadoYape> {
  const { db, config, pasarela } = deps;
  if (!takesYape(pasarela)) throw clientError(503, MENSAJES_YAPE.noDisponible);
  // A real number (9 digits from 9), or one of Mercado Pago's test phones with test credentials.
  if (!REGLAS_YAPE.celular.test(yape.celular) && !(pasarela.sandbox && CELULAR_YAPE_PRUEBA.test(yape.celular))) throw clientError(400, MENSAJES_YAPE.celular);
  const maximo = toCentimos(YAPE_MAXIMO_SOLES);
  const cotizacion = await quoteOrder(db, clienteId, body as Preferencia, { unidadesPorProducto: config.unidadesPorProducto });
  if (cotizacion.cotizacion.total > maximo) throw clientError(400, MENSAJES_YAPE.montoMaximo);

  // The order: the one this key already made, or a new one (a Yape order has no preference to create).
  const sinPreferencia: Pasarela = { ...pasarela, crearPreferencia: async () => ({ id: `yape-${randomUUID()}`, initPoint: '/procesoDePago' }) };
  const { idVenta } = await createOrder({ db, config, pasarela: sinPreferencia }, clienteId, clave, body as Preferencia, 'yape');
  const [pedido] = await db.select().from(pedidos).where(eq(pedidos.id, idVenta));
  if (!pedido || pedido.metodoPago !== 'yape') throw clientError(409, 'Esta clave de pago es de un pago con Mercado Pago: vuelve a intentarlo desde tu carrito.');
  if (pedido.pagado && pedido.pagoId) return aprobado(pedido, { id: pedido.pagoId, status: 'approved', payment_type_id: 'debit_card' });
  if (pedido.estado !== 'PENDIENTE') throw clientError(409, `Este pedido ya no espera un pago (estado: ${pedido.estado}). Vuelve a tu carrito e inténtalo otra vez.`);
  if (pedido.total > maximo) throw clientError(400, MENSAJES_YAPE.montoMaximo);

  // One payment per submission: a resend of this attempt answers its outcome.
  const previo = await claimAttempt(db, pedido.id, yape.intento);
  if (previo) return previo;
  let pago: PagoRemoto;
  try {
    pago = await pasarela.pagarConYape({
      idVenta: pedido.id,
      total: toSoles(pedido.total),
      correo: pedido.correo,
      descripcion: `Pedido N.° ${pedido.id} de ${TIENDA.nombre}`,
      celular: yape.celular,
      codigo: yape.codigo,
      idempotencyKey: `yape-${pedido.id}-${yape.intento}`,
    });
  } catch (error) {
    if (error instanceof YapeSinToken) {
      await finishAttempt(db, pedido.id, yape.intento, { estado: 'rechazado', detalle: error.statusDetail });
      return rechazado(pedido, error.statusDetail);
    }
    await finishAttempt(db, pedido.id, yape.intento, { estado: 'fallido' });
    // The error names neither the phone nor the code (the tokenizer's answer is not echoed).
    logError(`No se pudo pagar con Yape el pedido ${pedido.id}`, error);
    throw clientError(502, 'No pudimos conectar con Yape. No se cobró nada; inténtalo nuevamente en unos minutos.');
  }
  await applyPayment(db, pago, pasarela.nombre, deps.emision);
  const estado = pago.status === 'approved' ? 'aprobado' : pago.status === 'rejected' || pago.status === 'cancelled' ? 'rechazado' : 'en-revision';
  await finishAttempt(db, pedido.id, yape.intento, { estado, pagoId: pago.id, detalle: pago.status_detail });
  if (estado === 'rechazado') return rechazado(pedido, pago.status_detail);
  return aprobado(pedido, pago);
}

function aprobado(pedido: Pedido, pago: Pick<PagoRemoto, 'id' | 'status' | 'payment_type_id'>): ResultadoYape {
  const pagina = pago.status === 'approved' ? '/success' : '/pending';
  return {
    status: 200,
    body: {
      estado: pago.status === 'approved' ? 'approved' : 'pending',
      idVenta: pedido.id,
      payment_id: pago.id,
      redirect: retornoMercadoPago(pagina, pedido, { id: pago.id, status: pago.status, tipo: pago.payment_type_id || 'debit_card' }),
    },
  };
}

const rechazado = (pedido: Pedido, statusDetail: string): ResultadoYape => ({ status: 402, body: { mensaje: rechazoYape(statusDetail), status_detail: statusDetail, idVenta: pedido.id } });

/**
 * Claims the submission `intento` of the order: undefined when this call is the first (or retries one whose
 * provider could not be reached), else the first one's outcome, waited for while it is being paid.
 */
async function claimAttempt(db: Db, pedidoId: number, intento: string): Promise<ResultadoYape | undefined> {
  const [nuevo] = await db.insert(intentosYape).values({ pedidoId, intento }).onConflictDoNothing().returning({ id: intentosYape.id });
  if (nuevo) return undefined;
  for (const hasta = Date.now() + ESPERA_INTENTO_MS; ; await sleep(150)) {
    const [row] = await db.select().from(intentosYape).where(and(eq(intentosYape.pedidoId, pedidoId), eq(intentosYape.intento, intento)));
    const [pedido] = await db.select().from(pedidos).where(eq(pedidos.id, pedidoId));
    if (!row || !pedido) throw clientError(409, MENSAJES_YAPE.intento);
    if (row.estado === 'fallido') {
      const [retomado] = await db
        .update(intentosYape)
        .set({ estado: 'en-curso' })
        .where(and(eq(intentosYape.id, row.id), eq(intentosYape.estado, 'fallido')))
        .returning({ id: intentosYape.id });
      if (retomado) return undefined;
      continue;
    }
    if (row.estado === 'rechazado') return rechazado(pedido, row.detalle);
    if (row.estado !== 'en-curso') return aprobado(pedido, { id: row.pagoId ?? '', status: row.estado === 'aprobado' ? 'approved' : 'in_process', payment_type_id: 'debit_card' });
    if (Date.now() > hasta) throw clientError(409, 'Tu pago con Yape todavía se está procesando. Revisa Mis Compras en unos segundos.');
  }
}

async function finishAttempt(db: Db, pedidoId: number, intento: string, resultado: { estado: string; pagoId?: string; detalle?: string }): Promise<void> {
  await db
    .update(intentosYape)
    .set({ estado: resultado.estado, pagoId: resultado.pagoId ?? null, detalle: resultado.detalle ?? '' })
    .where(and(eq(intentosYape.pedidoId, pedidoId), eq(intentosYape.intento, intento)));
}
