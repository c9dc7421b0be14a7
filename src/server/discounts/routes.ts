import { desc, eq } from 'drizzle-orm';
import { LIMITES } from '../../lib/tienda.ts';
import { Hono } from 'hono';
import { ownUserId, requireAuth, type AuthDeps, type AuthEnv } from '../auth/context.ts';
import { heldByReplaceable, replaceableOrderIds } from '../checkout/quote.ts';
import { cuponesUsuario } from '../db/schema/index.ts';
import { cuponesParaCliente } from './cupones-tienda.ts';
import { clientError } from '../http/errors.ts';

/** The customer's coupon and the shop's coupons (storefront §7), for signed-in customers only. */
export function discountRoutes({ db, secret }: AuthDeps) {
  return new Hono<AuthEnv>()
    .use('/descuento-usuario/*', requireAuth(secret))
    .use('/descuentos', requireAuth(secret))
    .get('/descuento-usuario/:userId', async (c) => {
      const clienteId = ownUserId(c);
      const rows = await db
        .select({ id: cuponesUsuario.id, code: cuponesUsuario.code, porcentaje: cuponesUsuario.porcentaje, usado: cuponesUsuario.usado })
        .from(cuponesUsuario)
        .where(eq(cuponesUsuario.clienteId, clienteId))
        .orderBy(desc(cuponesUsuario.id))
        .limit(LIMITES.cuponesPorCliente);
      // A coupon held only by an unpaid order the next checkout replaces is still the customer's to use
      // (a shopper back from Mercado Pago without paying): it comes back when that checkout starts.
      const coupons = await Promise.all(
        rows.map(async ({ id, usado, ...coupon }) => ({ ...coupon, usado: usado && !(await heldByReplaceable(db, clienteId, id)) })),
      );
      const coupon = coupons.find((candidate) => !candidate.usado) ?? coupons[0];
      if (!coupon) throw clientError(404, 'No tienes cupones disponibles.');
      return c.json({ ...coupon, porcentaje: Number(coupon.porcentaje) });
    })
    .get('/descuentos', async (c) => {
      // Only the coupons this customer may use (issue 37: reserved ones to their customers), each saying
      // whether they used it already or its uses are all taken, as the checkout will judge it.
      const clienteId = c.get('claims').idUsuario;
      const reemplazables = await replaceableOrderIds(db, clienteId);
      const cupones = await cuponesParaCliente(db, clienteId, { reemplazables });
      return c.json(cupones.map(({ id: _id, ...cupon }) => cupon));
    });
}

export { globalCouponWire } from './cupones-tienda.ts';
