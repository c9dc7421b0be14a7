import { z } from 'zod';
import type { GlobalCoupon, UserCoupon } from '../pricing/coupons.ts';

/** A flag as APIs send it: true, 1, '1' or 'true'. */
const flag = z.union([z.boolean(), z.number(), z.string(), z.null()]).transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** The wire shapes of the coupon calls (storefront §3 and §7). */
export const userCouponSchema = z.object({ code: z.string(), porcentaje: z.coerce.number(), usado: flag });

const idList = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()])), z.null(), z.undefined()])
  .transform((value) => toIdList(value));

export const globalCouponSchema = z.object({
  codigo: z.string(),
  descuento: z.coerce.number(),
  fecha_inicio: z.string(),
  fecha_fin: z.string(),
  activo: flag,
  usado: flag,
  assignedProducts: idList,
  assignedBrands: idList,
});

/** '1, 2,x' → [1, 2]: the assignment lists travel as comma-separated ids. */
export function toIdList(value: string | number | (string | number)[] | null | undefined): number[] {
  const parts = Array.isArray(value) ? value : String(value ?? '').split(',');
  return parts.map((part) => Number(String(part).trim())).filter((id) => Number.isInteger(id) && id > 0);
}

export const parseUserCoupon = (value: unknown): UserCoupon | null => userCouponSchema.safeParse(value).data ?? null;

/** The shop's coupons; entries that cannot be read are left out. */
export const parseGlobalCoupons = (value: unknown): GlobalCoupon[] =>
  Array.isArray(value) ? value.flatMap((entry) => globalCouponSchema.safeParse(entry).data ?? []) : [];

/** Coupon messages have the form 'Title: text'; a message without a colon is all title. */
export function splitMensaje(mensaje: string): { title: string; text: string } {
  const at = mensaje.indexOf(': ');
  return at < 0 ? { title: mensaje, text: '' } : { title: mensaje.slice(0, at), text: mensaje.slice(at + 2) };
}
