import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { pagoPruebaSchema, type PreferenciaPrueba } from '../../lib/api/checkout-schemas.ts';
import { toSoles } from '../../lib/pricing/money.ts';
import { TIENDA } from '../../lib/tienda.ts';
import type { Db } from '../db/client.ts';
import { pagosPrueba, pedidoLineas, pedidos } from '../db/schema/index.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { retornoMercadoPago } from './retorno.ts';
import { signNotification } from './signature.ts';

export interface PagoDePruebaDeps {
  db: Db;
  webhookSecret: () => Promise<string>;
  /** Delivers a request to the shop's own API: the notification takes the real webhook's path. */
  notify: (request: Request) => Promise<Response>;
}

/** What each choice of the test page makes of the payment, as Mercado Pago would report it. */
const OUTCOMES = {
  approved: { estado: 'approved', detalle: 'accredited', tipo: 'credit_card', pagina: '/success' },
  pending: { estado: 'pending', detalle: 'pending_waiting_payment', tipo: 'ticket', pagina: '/pending' },
  rejected: { estado: 'rejected', detalle: 'cc_rejected_other_reason', tipo: 'credit_card', pagina: '/failure' },
} as const;

/**
 * The offline prueba's checkout, the pago de prueba (only mounted when it is the provider: MP_TEST_MODE, never on a public site):
 * GET /carrito/prueba/{preferenceId} shows the order; POST …/pagar records the chosen outcome as a
 * payment, sends a signed notification through the webhook and answers where Mercado Pago would
 * send the shopper back, with its query parameters.
 */
export function pagoDePruebaRoutes({ db, webhookSecret, notify }: PagoDePruebaDeps) {
  const orderOf = async (preferenciaId: string) => {
    const [pedido] = await db.select().from(pedidos).where(eq(pedidos.preferenciaId, preferenciaId));
    if (!pedido || pedido.pasarela !== 'prueba')
      throw clientError(404, 'No encontramos ese pago de prueba. Vuelve a tu carrito e inténtalo otra vez.');
    return pedido;
  };
  return new Hono()
    .get('/:preferenceId', async (c) => {
      const pedido = await orderOf(c.req.param('preferenceId'));
      const lineas = await db.select().from(pedidoLineas).where(eq(pedidoLineas.pedidoId, pedido.id)).orderBy(asc(pedidoLineas.id));
      const body: PreferenciaPrueba = {
        id: pedido.preferenciaId!,
        idVenta: pedido.id,
        estado: pedido.estado,
        total: toSoles(pedido.total),
        envio: toSoles(pedido.envio),
        expira: pedido.expira.toISOString(),
        productos: lineas.map((linea) => ({
          nombre: [linea.nombre, linea.color, linea.tamano].filter(Boolean).join(' · '),
          cantidad: linea.cantidad,
          precio: toSoles(linea.precioCobrado),
        })),
      };
      return c.json(body);
    })
    .post('/:preferenceId/pagar', async (c) => {
      const pedido = await orderOf(c.req.param('preferenceId'));
      const { resultado } = await parseBody(c, pagoPruebaSchema);
      if (pedido.estado !== 'PENDIENTE') throw clientError(409, `Este pedido ya no espera un pago (estado: ${pedido.estado}).`);
      const outcome = OUTCOMES[resultado];
      const [pago] = await db
        .insert(pagosPrueba)
        .values({
          preferenciaId: pedido.preferenciaId!,
          referenciaExterna: String(pedido.id),
          estado: outcome.estado,
          detalle: outcome.detalle,
          monto: pedido.total,
          moneda: TIENDA.moneda,
          tipo: outcome.tipo,
        })
        .returning({ id: pagosPrueba.id });
      const pagoId = String(pago!.id);
      const requestId = randomUUID();
      const res = await notify(
        new Request(`http://tienda.local/webhooks/mercadopago?data.id=${pagoId}&type=payment`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'x-request-id': requestId,
            'x-signature': signNotification(await webhookSecret(), { dataId: pagoId, requestId }),
          },
          body: JSON.stringify({ action: 'payment.created', type: 'payment', data: { id: pagoId }, live_mode: false }),
        }),
      );
      if (!res.ok) throw new Error(`El webhook rechazó la notificación de prueba (${res.status}).`);
      return c.json({ redirect: retornoMercadoPago(outcome.pagina, pedido, { id: pagoId, status: outcome.estado, tipo: outcome.tipo }) });
    });
}
