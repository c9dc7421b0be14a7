import { asc, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { ownUserId, requireAuth, type AuthDeps, type AuthEnv } from '../auth/context.ts';
import { cuponesGlobales, cuponesUsuario } from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';

/** The customer's coupon and the shop's coupons (storefront §7), for signed-in customers only. */
export function discountRoutes({ db, secret }: AuthDeps) {
  return new Hono<AuthEnv>()
    .use('/descuento-usuario/*', requireAuth(secret))
    .use('/descuentos', requireAuth(secret))
    .get('/descuento-usuario/:userId', async (c) => {
      const [coupon] = await db
        .select({ code: cuponesUsuario.code, porcentaje: cuponesUsuario.porcentaje, usado: cuponesUsuario.usado })
        .from(cuponesUsuario)
        .where(eq(cuponesUsuario.clienteId, ownUserId(c)))
        .orderBy(asc(cuponesUsuario.usado), desc(cuponesUsuario.id))
        .limit(1);
      if (!coupon) throw clientError(404, 'No tienes cupones disponibles.');
      return c.json({ ...coupon, porcentaje: Number(coupon.porcentaje) });
    })
    .get('/descuentos', async (c) => {
      const rows = await db.select().from(cuponesGlobales).where(eq(cuponesGlobales.activo, true)).orderBy(asc(cuponesGlobales.id));
      return c.json(rows.map(globalCouponWire));
    });
}

/** A shop coupon as the API sends it (storefront §3 Global discount; assignments as id lists in text). */
export const globalCouponWire = (row: typeof cuponesGlobales.$inferSelect) => ({
  codigo: row.codigo,
  descuento: Number(row.descuento),
  fecha_inicio: row.fechaInicio,
  fecha_fin: row.fechaFin,
  activo: row.activo,
  usado: row.usado,
  assignedProducts: row.assignedProducts,
  assignedBrands: row.assignedBrands,
});
