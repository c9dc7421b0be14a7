import { Hono } from 'hono';
import { preferenciaSchema, type PreferenciaCreada } from '../../../lib/api/checkout-schemas.ts';
import { metodoDeLaLista } from '../../../lib/api/metodos-pago.ts';
import { ownUserId, type AuthEnv } from '../../auth/context.ts';
import { createOrder } from '../create-order.ts';
import type { ContextoMetodo, MetodoServidor } from './metodo.ts';

const info = metodoDeLaLista('mercadopago');

/**
 * Mercado Pago's Checkout Pro (checkout §7): the order's finishing step is the provider's preference (its
 * page, or the offline prueba's page at /pago-de-prueba), where the shopper pays and from where Mercado
 * Pago sends them back; the payment arrives through the webhook. Every configured provider takes it.
 */
export const checkoutPro = {
  info,
  disponible: (pasarela) => pasarela !== null,
  async finalizar(orden, pasarela) {
    const { id, initPoint } = await pasarela.crearPreferencia(orden);
    return { preferenciaId: id, urlPago: initPoint };
  },
  /** POST /carrito/create-preference/{userId}: the order and its preference (the same ones for a resend of its key). */
  rutas: (ctx: ContextoMetodo) =>
    new Hono<AuthEnv>().use('/create-preference/*', ctx.requiereSesion).post('/create-preference/:userId', async (c) => {
      const encabezado = ctx.encabezadoClave(c);
      const userId = ownUserId(c);
      await ctx.limitarIntentos(c, userId);
      const body = await ctx.cuerpo(c, preferenciaSchema, userId);
      const creado = await createOrder(ctx, userId, ctx.clave(encabezado, userId, body, info), body, checkoutPro);
      return c.json({ id: creado.preferenciaId ?? '', init_point: creado.urlPago, idVenta: creado.idVenta } satisfies PreferenciaCreada);
    }),
} satisfies MetodoServidor;
