import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { preferenciaSchema, type Preferencia } from '../../../lib/api/checkout-schemas.ts';
import {
  CELULAR_YAPE_PRUEBA,
  MENSAJES_YAPE,
  METODO_YAPE,
  rechazoYape,
  REGLAS_YAPE,
  YAPE_MAXIMO_SOLES,
  type YapeAprobado,
  type YapeDisponible,
  type YapeRechazado,
} from '../../../lib/api/yape-rules.ts';
import { toSoles } from '../../../lib/pricing/money.ts';
import { TIENDA } from '../../../lib/tienda.ts';
import { ownUserId, type AuthEnv } from '../../auth/context.ts';
import type { Db } from '../../db/client.ts';
import { logError } from '../../db/errors.ts';
import { intentosYape, pedidos, type Pedido } from '../../db/schema/index.ts';
import { clientError } from '../../http/errors.ts';
import { YapeSinToken, type PagoRemoto, type Pasarela } from '../../payments/gateway.ts';
import { retornoMercadoPago } from '../../payments/retorno.ts';
import { createOrder, type Clave } from '../create-order.ts';
import type { ContextoMetodo, MetodoServidor } from './metodo.ts';

/**
 * Yape through Mercado Pago's Checkout API (issue 24): the same server-priced order create-preference
 * makes (same quote, reservation, coupon and routine rules, idempotency key, and the list's S/ 2,000
 * ceiling checked in the reservation), finished without a preference and paid at once on the checkout
 * page with the shopper's phone and approval code. Approved → paid through the one transition the
 * webhook uses; rejected → the order stays payable and the shopper is told why. The phone and code
 * travel to Mercado Pago and nowhere else: never stored, never logged.
 */

/** POST /carrito/yape/{userId}: create-preference's body plus the Yape submission. */
export const pagoYapeSchema = preferenciaSchema.extend({
  yape: z.object(
    {
      celular: z
        .string({ error: MENSAJES_YAPE.faltaCelular })
        .trim()
        .min(1, MENSAJES_YAPE.faltaCelular)
        .regex(/^\d{9}$/, MENSAJES_YAPE.celular),
      codigo: z
        .string({ error: MENSAJES_YAPE.faltaCodigo })
        .trim()
        .min(1, MENSAJES_YAPE.faltaCodigo)
        .regex(REGLAS_YAPE.codigo, MENSAJES_YAPE.codigo),
      intento: z.string({ error: MENSAJES_YAPE.intento }).regex(REGLAS_YAPE.intento, MENSAJES_YAPE.intento),
    },
    { error: MENSAJES_YAPE.faltaCelular },
  ),
});
export type PagoYapeRequest = z.output<typeof pagoYapeSchema>;

/** The answer of a Yape payment: paid (or, rarely, under review) with where to go, or rejected. */
export type ResultadoYape = { status: 200; body: YapeAprobado } | { status: 402; body: YapeRechazado };

/** The shop takes Yape: the provider can (Checkout API with MP_PUBLIC_KEY, or the prueba). */
export const takesYape = (pasarela: Pasarela | null): pasarela is Pasarela & Required<Pick<Pasarela, 'pagarConYape'>> =>
  Boolean(pasarela?.pagarConYape);

/** Where a Yape order is paid: the checkout page itself. */
const PAGINA_DE_PAGO = '/procesoDePago';

/**
 * Yape, the in-page method: GET /carrito/yape (whether the shop takes it, its ceiling) and POST
 * /carrito/yape/{userId} (the order, found by its key or created, paid at once).
 */
export const yape = {
  info: METODO_YAPE,
  disponible: takesYape,
  // No preference: the order is paid on the checkout page, by the pay call below.
  finalizar: async () => ({ preferenciaId: null, urlPago: PAGINA_DE_PAGO }),
  rutas: (ctx: ContextoMetodo) =>
    new Hono<AuthEnv>()
      .use('/yape/:userId', ctx.requiereSesion)
      .get('/yape', (c) =>
        c.json({
          disponible: takesYape(ctx.pasarela),
          maximo: YAPE_MAXIMO_SOLES,
          prueba: ctx.pasarela?.sandbox ?? false,
        } satisfies YapeDisponible),
      )
      .post('/yape/:userId', async (c) => {
        const encabezado = ctx.encabezadoClave(c);
        const userId = ownUserId(c);
        if (!takesYape(ctx.pasarela)) throw clientError(503, MENSAJES_YAPE.noDisponible);
        await ctx.limitarIntentos(c, userId);
        const body = await ctx.cuerpo(c, pagoYapeSchema, userId);
        const resultado = await payWithYape(ctx, userId, ctx.clave(encabezado, userId, body, METODO_YAPE), body);
        return c.json(resultado.body, resultado.status);
      }),
} satisfies MetodoServidor;

/** Lock namespace of a customer's Yape claims (pg_advisory_xact_lock's first key; the checkout's is 8001). */
const YAPE_LOCK = 8_002;

/** How long a resend waits for the first submission of the same attempt to finish. */
const ESPERA_INTENTO_MS = 20_000;
/** Pays the customer's order (found by `clave`, or created from `body`: priced and checked against the ceiling once, in its reservation) with Yape. */
export async function payWithYape(
  ctx: ContextoMetodo,
  clienteId: number,
  clave: Clave,
  { yape: datos, ...body }: PagoYapeRequest,
): Promise<ResultadoYape> {
  const { db, pasarela } = ctx;
  if (!takesYape(pasarela)) throw clientError(503, MENSAJES_YAPE.noDisponible);
  // A real number (9 digits from 9), or one of Mercado Pago's test phones with test credentials.
  if (!REGLAS_YAPE.celular.test(datos.celular) && !(pasarela.sandbox && CELULAR_YAPE_PRUEBA.test(datos.celular)))
    throw clientError(400, MENSAJES_YAPE.celular);

  // The order: the one this key already made (409 when another method's), or a new one.
  const { idVenta } = await createOrder(ctx, clienteId, clave, body as Preferencia, yape);
  const [pedido] = await db.select().from(pedidos).where(eq(pedidos.id, idVenta));
  if (!pedido) throw clientError(409, MENSAJES_YAPE.intento);

  // One charge per order: a resend of this submission, or another submission while one is being paid or
  // has taken money, answers that one's outcome (a paid or cancelled order is answered there too).
  const previo = await claimAttempt(db, pedido.id, datos.intento);
  if (previo) return previo;
  let pago: PagoRemoto;
  try {
    pago = await pasarela.pagarConYape({
      idVenta: pedido.id,
      total: toSoles(pedido.total),
      correo: pedido.correo,
      descripcion: `Pedido N.° ${pedido.id} de ${TIENDA.nombre}`,
      celular: datos.celular,
      codigo: datos.codigo,
      idempotencyKey: `${METODO_YAPE.id}-${pedido.id}-${datos.intento}`,
    });
  } catch (error) {
    if (error instanceof YapeSinToken) {
      await finishAttempt(db, pedido.id, datos.intento, { estado: 'rechazado', detalle: error.statusDetail });
      return rechazado(pedido, error.statusDetail);
    }
    await finishAttempt(db, pedido.id, datos.intento, { estado: 'fallido' });
    // The error names neither the phone nor the code (the tokenizer's answer is not echoed).
    logError(`No se pudo pagar con Yape el pedido ${pedido.id}`, error);
    throw clientError(502, 'No pudimos conectar con Yape. No se cobró nada; inténtalo nuevamente en unos minutos.');
  }
  await ctx.aplicarPago(pago);
  let estado: EstadoIntento =
    pago.status === 'approved' ? 'aprobado' : pago.status === 'rejected' || pago.status === 'cancelled' ? 'rechazado' : 'en-revision';
  // Approved is the answer only when this payment paid the order: a cancelled order without stock, an
  // order already paid or another amount leave the money taken and the shop alerted by the transition.
  if (estado === 'aprobado' && !(await paidBy(db, pedido.id, pago.id))) estado = 'no-aplicado';
  await finishAttempt(db, pedido.id, datos.intento, { estado, pagoId: pago.id, detalle: pago.status_detail });
  if (estado === 'no-aplicado') throw noAplicado(pedido.id, pago.id);
  if (estado === 'rechazado') return rechazado(pedido, pago.status_detail);
  return aprobado(pedido, pago);
}

/** What a Yape submission came to: en-curso while it is being paid; fallido when the provider could not be reached (it may be sent again). */
type EstadoIntento = 'en-curso' | 'aprobado' | 'rechazado' | 'en-revision' | 'no-aplicado' | 'fallido';

/** Submissions that keep every other submission of the order from charging: one being paid, or one that took money. */
const CARGO_EN_CURSO_O_HECHO = new Set<string>(['en-curso', 'aprobado', 'en-revision', 'no-aplicado']);

/** Whether the order is paid by this payment. */
async function paidBy(db: Db, pedidoId: number, pagoId: string): Promise<boolean> {
  const [row] = await db.select({ pagado: pedidos.pagado, pagoId: pedidos.pagoId }).from(pedidos).where(eq(pedidos.id, pedidoId));
  return Boolean(row?.pagado) && row?.pagoId === pagoId;
}

/** The 409 of a Yape payment Mercado Pago approved that could not pay the order (the shop was alerted and refunds it). */
const noAplicado = (pedidoId: number, pagoId: string | null) =>
  clientError(
    409,
    `Yape aprobó tu pago, pero no pudimos aplicarlo a tu pedido N.° ${pedidoId} porque ya no estaba disponible. Ya avisamos a la tienda para que te devuelva el dinero: no vuelvas a pagarlo.`,
    { idVenta: pedidoId, payment_id: pagoId ?? '' },
  );

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

const rechazado = (pedido: Pedido, statusDetail: string): ResultadoYape => ({
  status: 402,
  body: { mensaje: rechazoYape(statusDetail), status_detail: statusDetail, idVenta: pedido.id },
});

/**
 * Claims the submission `intento` of the order with the order's row locked, so one order has at most
 * one Yape charge in flight or taken whatever the attempt ids: undefined when this call may charge
 * (the first submission, or a resend of one whose provider could not be reached); otherwise the outcome
 * of this submission or of the order's other one, waited for while it is being paid.
 */
async function claimAttempt(db: Db, pedidoId: number, intento: string): Promise<ResultadoYape | undefined> {
  for (const hasta = Date.now() + ESPERA_INTENTO_MS; ; await sleep(150)) {
    const paso = await db.transaction(async (tx) => {
      const [pedido] = await tx.select().from(pedidos).where(eq(pedidos.id, pedidoId)).for('update');
      // An order of a deleted account (migration 0033) is nobody's to pay.
      if (!pedido || pedido.clienteId === null) throw clientError(409, MENSAJES_YAPE.intento);
      // The customer's claims one at a time: a submission for another of their orders being paid now is answered 409, not charged beside it.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${YAPE_LOCK}, ${pedido.clienteId})`);
      const [otroPedido] = await tx
        .select({ id: intentosYape.id })
        .from(intentosYape)
        .innerJoin(pedidos, eq(pedidos.id, intentosYape.pedidoId))
        .where(and(eq(pedidos.clienteId, pedido.clienteId), ne(pedidos.id, pedidoId), eq(intentosYape.estado, 'en-curso')))
        .limit(1);
      if (otroPedido)
        throw clientError(
          409,
          'Ya estamos procesando un pago con Yape de otro pedido tuyo. Revisa Mis Compras en unos segundos antes de volver a pagar.',
        );
      const intentos = await tx.select().from(intentosYape).where(eq(intentosYape.pedidoId, pedidoId)).orderBy(asc(intentosYape.id));
      const propio = intentos.find((row) => row.intento === intento);
      const decidido =
        propio && propio.estado !== 'fallido'
          ? propio
          : intentos.find((row) => row.intento !== intento && CARGO_EN_CURSO_O_HECHO.has(row.estado));
      if (decidido) return { pedido, fila: decidido };
      if (pedido.pagado) return { pedido };
      if (pedido.estado !== 'PENDIENTE')
        throw clientError(409, `Este pedido ya no espera un pago (estado: ${pedido.estado}). Vuelve a tu carrito e inténtalo otra vez.`);
      if (propio) await tx.update(intentosYape).set({ estado: 'en-curso' }).where(eq(intentosYape.id, propio.id));
      else await tx.insert(intentosYape).values({ pedidoId, intento });
      return { nuevo: true } as const;
    });
    if ('nuevo' in paso) return undefined;
    const { pedido } = paso;
    if (!paso.fila) return aprobado(pedido, { id: pedido.pagoId ?? '', status: 'approved', payment_type_id: 'debit_card' });
    const { estado, pagoId, detalle } = paso.fila;
    if (estado === 'rechazado') return rechazado(pedido, detalle);
    if (estado === 'no-aplicado') throw noAplicado(pedido.id, pagoId);
    if (estado !== 'en-curso')
      return aprobado(pedido, {
        id: pagoId ?? '',
        status: estado === 'aprobado' ? 'approved' : 'in_process',
        payment_type_id: 'debit_card',
      });
    if (Date.now() > hasta) throw clientError(409, 'Tu pago con Yape todavía se está procesando. Revisa Mis Compras en unos segundos.');
  }
}

async function finishAttempt(
  db: Db,
  pedidoId: number,
  intento: string,
  resultado: { estado: EstadoIntento; pagoId?: string; detalle?: string },
): Promise<void> {
  await db
    .update(intentosYape)
    .set({ estado: resultado.estado, pagoId: resultado.pagoId ?? null, detalle: resultado.detalle ?? '' })
    .where(and(eq(intentosYape.pedidoId, pedidoId), eq(intentosYape.intento, intento)));
}
