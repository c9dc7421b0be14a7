import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { metodoDeLaLista } from '../../../lib/api/metodos-pago.ts';
import { preferenciaSchema } from '../../../lib/api/checkout-schemas.ts';
import {
  confirmarTransferenciaSchema,
  type DatosTransferencia,
  type TransferenciaConfirmada,
  type TransferenciaDisponible,
  type TransferenciaReservada,
} from '../../../lib/api/transferencia-schemas.ts';
import { fechaHoraLarga } from '../../../lib/dates.ts';
import { formatCentimos, toSoles } from '../../../lib/pricing/money.ts';
import { TIENDA } from '../../../lib/tienda.ts';
import { audit, operadorDe, type OperatorEnv } from '../../admin/audit.ts';
import { operatorOrderDetail } from '../../admin/queries.ts';
import { ownUserId, type AuthEnv } from '../../auth/context.ts';
import { comprobantesDelPedido } from '../../comprobantes/emision.ts';
import type { ServerConfig, TransferenciaConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { pagos, pedidos, transferencias, type Pedido } from '../../db/schema/index.ts';
import { parseBody } from '../../http/body.ts';
import { clientError } from '../../http/errors.ts';
import { parseId } from '../../http/params.ts';
import { enqueue, type Handlers } from '../../jobs/queue.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { orderEmail } from '../../orders/email-layout.ts';
import { orderWithLines } from '../../orders/queries.ts';
import { approvePayment, record } from '../../orders/life.ts';
import { createOrder } from '../create-order.ts';
import { transferenciaVigente } from '../../tienda/ajustes.ts';
import type { ContextoMetodo, MetodoServidor } from './metodo.ts';

/**
 * Bank transfer (issue 36), the `manual` method: the order is reserved like any other (createOrder: the
 * same pricing, caps and stock), held TRANSFERENCIA_HORAS instead of a preference's minutes, and never
 * replaced by a later checkout; the shopper is shown (and e-mailed) the shop's accounts and the exact
 * amount. Staff confirm the transfer received with its operation number, once: the order then takes the
 * paid path of every method (approvePayment: EN PREPARACION, receipt, confirmation e-mail). Unconfirmed,
 * it expires like any unpaid order (payments/vencimiento.ts), its stock back.
 */

const info = metodoDeLaLista('transferencia');

/** The job that e-mails a transfer order's instructions (once per order). */
export const TRABAJO_INSTRUCCIONES = 'transferencia-instrucciones';

/** The shop takes transfers: a provider to reserve orders with (createOrder needs one) and accounts to show. */
const takesTransfers = async (pasarela: unknown, config: Pick<ServerConfig, 'transferencia'>, db: Db) =>
  pasarela !== null && (await transferenciaVigente(db, config.transferencia)).cuentas.length > 0;

/** Where a transfer order is shown after it is placed: the pending page, with the accounts and the amount. */
export const paginaTransferencia = (idVenta: number) => `/pending?external_reference=${idVenta}&metodo=${info.id}`;

/** What a pending transfer order shows: the accounts, the amount (its total) and its deadline. */
export const datosTransferencia = (config: TransferenciaConfig, pedido: Pick<Pedido, 'total' | 'expira'>): DatosTransferencia => ({
  cuentas: config.cuentas.map((cuenta) => ({ ...cuenta })),
  monto: toSoles(pedido.total),
  vence: pedido.expira.toISOString(),
  demo: config.demo,
});

/** The method: GET /carrito/transferencia and POST /carrito/transferencia/{userId}. */
export const transferencia = {
  info,
  disponible: takesTransfers,
  reservaMinutos: (config) => config.transferencia.horas * 60,
  finalizar: async (orden) => ({ preferenciaId: null, urlPago: paginaTransferencia(orden.idVenta) }),
  rutas: (ctx: ContextoMetodo) =>
    new Hono<AuthEnv>()
      .use('/transferencia/:userId', ctx.requiereSesion)
      .get('/transferencia', async (c) => {
        const vigente = await transferenciaVigente(ctx.db, ctx.config.transferencia);
        const disponible = await takesTransfers(ctx.pasarela, ctx.config, ctx.db);
        c.header('Cache-Control', 'no-store');
        return c.json({
          disponible,
          cuentas: disponible ? vigente.cuentas : [],
          horas: vigente.horas,
          demo: vigente.demo,
        } satisfies TransferenciaDisponible);
      })
      .post('/transferencia/:userId', async (c) => {
        const encabezado = ctx.encabezadoClave(c);
        const userId = ownUserId(c);
        if (!(await takesTransfers(ctx.pasarela, ctx.config, ctx.db)))
          throw clientError(503, 'Por ahora no recibimos transferencias bancarias. Paga con Mercado Pago o escríbenos por WhatsApp.');
        await ctx.limitarIntentos(c, userId);
        const body = await ctx.cuerpo(c, preferenciaSchema, userId);
        const creado = await createOrder(ctx, userId, ctx.clave(encabezado, userId, body, info), body, transferencia);
        const [pedido] = await ctx.db.select().from(pedidos).where(eq(pedidos.id, creado.idVenta));
        // The instructions by e-mail, once per order (a resend of the same key finds the same job).
        await enqueue(ctx.db, TRABAJO_INSTRUCCIONES, { pedidoId: creado.idVenta }, { clave: `${TRABAJO_INSTRUCCIONES}:${creado.idVenta}` });
        return c.json({
          idVenta: creado.idVenta,
          preferenciaId: null,
          urlPago: creado.urlPago,
          transferencia: datosTransferencia(await transferenciaVigente(ctx.db, ctx.config.transferencia), pedido!),
        } satisfies TransferenciaReservada);
      }),
} satisfies MetodoServidor;

/**
 * Whether staff may confirm this order's transfer now (the back office's 'Confirmar pago recibido', the
 * orders desk's `acciones` and the home's 'transferencias'): a transfer order still waiting for its payment.
 */
export const esperaTransferencia = (pedido: Pick<Pedido, 'metodoPago' | 'estado' | 'pagado'>) =>
  pedido.metodoPago === info.id && pedido.estado === 'PENDIENTE' && pedido.pagado === null;

/** The transfer block of a customer's order detail (Mis Compras, the pending page): only while it waits for its transfer. */
export async function transferenciaDelPedido(
  db: Db,
  config: TransferenciaConfig,
  pedidoId: number,
): Promise<{ transferencia?: DatosTransferencia }> {
  const [pedido] = await db
    .select({ total: pedidos.total, expira: pedidos.expira, estado: pedidos.estado, metodoPago: pedidos.metodoPago })
    .from(pedidos)
    .where(eq(pedidos.id, pedidoId));
  if (!pedido || pedido.metodoPago !== info.id || pedido.estado !== 'PENDIENTE') return {};
  return { transferencia: datosTransferencia(await transferenciaVigente(db, config), pedido) };
}

/** The instructions e-mail of a transfer order: the amount, the accounts, the deadline and the order number to write. */
export function instruccionesEmail(found: NonNullable<Awaited<ReturnType<typeof orderWithLines>>>, config: TransferenciaConfig) {
  const { pedido, lineas } = found;
  return orderEmail(pedido, lineas, {
    subject: `${TIENDA.nombre}: transfiere ${formatCentimos(pedido.total)} para tu pedido N.° ${pedido.id}`,
    parrafos: [
      `Reservamos tu pedido N.° ${pedido.id} hasta el ${fechaHoraLarga(pedido.expira)} (hora de Lima).`,
      `Transfiere exactamente ${formatCentimos(pedido.total)} a una de estas cuentas y escribe tu número de pedido (${pedido.id}) en el concepto o la referencia. Confirmaremos tu pedido al recibirla; si no la recibimos a tiempo, lo cancelamos y no se te cobra nada.`,
      ...(config.demo ? ['(Tienda de demostración: estas cuentas no son reales.)'] : []),
    ],
    totalLabel: 'Total a transferir',
    bloques: config.cuentas.map((cuenta) => ({
      titulo: cuenta.banco,
      lineas: [`Cuenta: ${cuenta.cuenta}`, `CCI: ${cuenta.cci}`, `Titular: ${cuenta.titular}`],
    })),
  });
}

/** The background job of transfers: the instructions e-mail. */
export function transferenciaJobs({ db, mailer, config }: { db: Db; mailer: Mailer; config: TransferenciaConfig }): Handlers {
  return {
    [TRABAJO_INSTRUCCIONES]: async (datos) => {
      const found = await orderWithLines(db, Number(datos.pedidoId));
      // Paid or cancelled before the job ran: the instructions would mislead.
      if (!found || found.pedido.estado !== 'PENDIENTE') return;
      await mailer.send(instruccionesEmail(found, await transferenciaVigente(db, config)));
    },
  };
}

/** What a confirmation came to. */
export type Confirmacion = { resultado: 'confirmado' } | { resultado: 'sin-pedido' } | { resultado: 'rechazado'; mensaje: string };

const UNIQUE_VIOLATION = '23505';
const esDuplicado = (error: unknown): boolean => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === UNIQUE_VIOLATION) return true;
  return false;
};

/**
 * Records a transfer received for order `pedidoId` and pays the order through the one paid path, in one
 * transaction with the order locked: only a PENDIENTE transfer order not yet confirmed (a second
 * confirmation, or one racing it, is refused and records nothing), its operation number not already used
 * for that bank; the amount is the order's total. `operador` is on the payment, the timeline and the audit trail.
 */
export async function confirmarTransferencia(
  db: Db,
  config: Pick<ServerConfig, 'comprobantes'>,
  pedidoId: number,
  { operacion, banco = '' }: { operacion: string; banco?: string | undefined },
  operador: string,
): Promise<Confirmacion> {
  const n = `N.° ${pedidoId}`;
  try {
    return await db.transaction(async (tx): Promise<Confirmacion> => {
      const [pedido] = await tx.select().from(pedidos).where(eq(pedidos.id, pedidoId)).for('update');
      if (!pedido) return { resultado: 'sin-pedido' };
      if (pedido.metodoPago !== info.id)
        return {
          resultado: 'rechazado',
          mensaje: `El pedido ${n} no se paga por transferencia bancaria: no hay transferencia que confirmar.`,
        };
      const [previa] = await tx.select().from(transferencias).where(eq(transferencias.pedidoId, pedidoId));
      if (previa)
        return {
          resultado: 'rechazado',
          mensaje: `La transferencia del pedido ${n} ya se confirmó (operación ${previa.operacion}, por ${previa.confirmadoPor}): no se registró otro pago.`,
        };
      if (pedido.pagado) return { resultado: 'rechazado', mensaje: `El pedido ${n} ya está pagado: no se registró otro pago.` };
      if (pedido.estado !== 'PENDIENTE')
        return {
          resultado: 'rechazado',
          mensaje: `El pedido ${n} está ${pedido.estado} (su reserva venció o se canceló): no se puede confirmar su transferencia. Si el cliente ya transfirió, devuélvele el dinero o crea un pedido nuevo.`,
        };
      const [usada] = await tx
        .select({ pedidoId: transferencias.pedidoId })
        .from(transferencias)
        .where(and(eq(transferencias.banco, banco), eq(transferencias.operacion, operacion)));
      if (usada)
        return {
          resultado: 'rechazado',
          mensaje: `La operación ${operacion}${banco ? ` de ${banco}` : ''} ya se registró en el pedido N.° ${usada.pedidoId}: revisa el número.`,
        };
      await tx.insert(transferencias).values({ pedidoId, banco, operacion, monto: pedido.total, confirmadoPor: operador });
      const pagoId = `transferencia-${pedidoId}`;
      await tx.insert(pagos).values({
        id: pagoId,
        pedidoId,
        pasarela: info.id,
        estado: 'approved',
        detalle: `operación ${operacion}${banco ? ` (${banco})` : ''}, confirmada por ${operador}`,
        monto: pedido.total,
        moneda: TIENDA.moneda,
        tipo: 'bank_transfer',
      });
      const aprobacion = await approvePayment(tx, pedido, pagoId, comprobantesDelPedido(config.comprobantes), operador);
      if (aprobacion !== 'aprobado') throw new Error(`La transferencia del pedido ${pedidoId} no se pudo aplicar (${aprobacion}).`);
      await record(
        tx,
        pedidoId,
        'EN PREPARACION',
        `Transferencia de ${formatCentimos(pedido.total)} recibida (operación ${operacion}${banco ? `, ${banco}` : ''}), confirmada por ${operador}.`,
        operador,
      );
      await audit(tx, operador, [
        {
          accion: 'pedido.transferencia',
          objetivo: `pedido ${pedidoId}`,
          antes: { estado: pedido.estado },
          despues: { estado: 'EN PREPARACION', operacion, ...(banco ? { banco } : {}), monto: toSoles(pedido.total) },
        },
      ]);
      return { resultado: 'confirmado' };
    });
  } catch (error) {
    // Two confirmations at once on a database that let both past the lock's checks: the unique indexes keep one.
    if (esDuplicado(error))
      return {
        resultado: 'rechazado',
        mensaje: `La transferencia del pedido ${n} ya se confirmó, o esa operación ya se usó: no se registró otro pago.`,
      };
    throw error;
  }
}

/** POST /admin/api/pedidos/{idVenta}/confirmar-transferencia {operacion, banco?}: staff (any role) confirm a transfer received. */
export function transferenciaOperatorRoutes({ db, config }: { db: Db; config: Pick<ServerConfig, 'comprobantes' | 'siteUrl'> }) {
  return new Hono<OperatorEnv>().post('/pedidos/:idVenta/confirmar-transferencia', async (c) => {
    const id = parseId(c.req.param('idVenta'), 'número de pedido');
    const datos = await parseBody(c, confirmarTransferenciaSchema);
    const hecho = await confirmarTransferencia(db, config, id, datos, operadorDe(c));
    if (hecho.resultado === 'sin-pedido') throw clientError(404, `No existe el pedido N.° ${id}.`);
    if (hecho.resultado === 'rechazado') throw clientError(409, hecho.mensaje);
    const pedido = (await operatorOrderDetail(db, id, config.siteUrl))!;
    return c.json({
      mensaje: `Pedido N.° ${id}: transferencia confirmada (operación ${datos.operacion}). Pasó a EN PREPARACION y avisaremos a ${pedido.cliente.correo} por correo.`,
      pedido,
    } satisfies TransferenciaConfirmada);
  });
}
