import type { GlobalCoupon, UserCoupon } from '../pricing/coupons.ts';

/**
 * The wire shapes of the coupon calls (storefront §3 and §7), read by plain checks rather than zod:
 * the cart page's bundle imports this file, and zod's eval probe would trip the shop's CSP there.
 * The server reads the same rows through the same functions (src/server/checkout/quote.ts).
 */

type Wire = Record<string, unknown>;
const isRecord = (value: unknown): value is Wire => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A flag as APIs send it: true, 1, '1' or 'true'; undefined when the field is missing or not a flag. */
function readFlag(value: unknown): boolean | undefined {
  if (value !== null && !['boolean', 'number', 'string'].includes(typeof value)) return undefined;
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** A number or a numeric text; undefined when it reads as no finite number. */
function readNumber(value: unknown): number | undefined {
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

type IdList = Parameters<typeof toIdList>[0];
const isIdPart = (value: unknown) => typeof value === 'string' || typeof value === 'number';
const isIdList = (value: unknown): value is IdList => value == null || isIdPart(value) || (Array.isArray(value) && value.every(isIdPart));

/** '1, 2,x' → [1, 2]: the assignment lists travel as comma-separated ids. */
export function toIdList(value: string | number | (string | number)[] | null | undefined): number[] {
  const parts = Array.isArray(value) ? value : String(value ?? '').split(',');
  return parts.map((part) => Number(String(part).trim())).filter((id) => Number.isInteger(id) && id > 0);
}

/** The customer's own coupon; null when the answer is not one (e.g. 'No tienes cupones disponibles.'). */
export function parseUserCoupon(value: unknown): UserCoupon | null {
  if (!isRecord(value) || typeof value.code !== 'string') return null;
  const porcentaje = readNumber(value.porcentaje);
  const usado = readFlag(value.usado);
  return porcentaje === undefined || usado === undefined ? null : { code: value.code, porcentaje, usado };
}

/** One shop coupon; null when a field cannot be read. */
function parseGlobalCoupon(value: unknown): GlobalCoupon | null {
  if (!isRecord(value)) return null;
  const { codigo, fecha_inicio, fecha_fin } = value;
  if (typeof codigo !== 'string' || typeof fecha_inicio !== 'string' || typeof fecha_fin !== 'string') return null;
  const coupon = {
    codigo,
    descuento: readNumber(value.descuento),
    fecha_inicio,
    fecha_fin,
    activo: readFlag(value.activo),
    usado: readFlag(value.usado),
    assignedProducts: isIdList(value.assignedProducts) ? toIdList(value.assignedProducts) : undefined,
    assignedBrands: isIdList(value.assignedBrands) ? toIdList(value.assignedBrands) : undefined,
  };
  if (Object.values(coupon).includes(undefined)) return null;
  // Issue 37's fields are optional: a shop API without them serves percent coupons as before.
  const monto = readNumber(value.monto) ?? 0;
  const minimo = readNumber(value.minimo) ?? 0;
  return {
    ...(coupon as GlobalCoupon),
    ...(value.tipo === 'monto' && monto > 0 ? { tipo: 'monto' as const, monto } : {}),
    ...(minimo > 0 ? { minimo } : {}),
    ...(readFlag(value.usadoPorTi) ? { usadoPorTi: true } : {}),
    ...(readFlag(value.agotado) ? { agotado: true } : {}),
  };
}

/** The shop's coupons; entries that cannot be read are left out. */
export const parseGlobalCoupons = (value: unknown): GlobalCoupon[] =>
  Array.isArray(value) ? value.flatMap((entry) => parseGlobalCoupon(entry) ?? []) : [];

/** Coupon messages have the form 'Title: text'; a message without a colon is all title. */
export function splitMensaje(mensaje: string): { title: string; text: string } {
  const at = mensaje.indexOf(': ');
  return at < 0 ? { title: mensaje, text: '' } : { title: mensaje.slice(0, at), text: mensaje.slice(at + 2) };
}
