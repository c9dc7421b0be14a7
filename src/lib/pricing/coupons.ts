import { fechaLima } from '../dates.ts';
import { lineRef, type CartLine } from '../cart/lines.ts';
import { formatFecha } from '../dates.ts';
import { routineDiscounts } from './routine.ts';

/**
 * Coupon rules of storefront §5, written once: the cart applies them as the shopper types, and the
 * server applies them again to every order it prices (src/server/checkout/quote.ts).
 */

/** A customer's own coupon (spec: User discount). */
export interface UserCoupon {
  code: string;
  porcentaje: number;
  usado: boolean;
}

/** A shop-wide coupon (spec: Global discount); assignments are id lists (empty: any product). */
export interface GlobalCoupon {
  codigo: string;
  descuento: number;
  fecha_inicio: string;
  fecha_fin: string;
  activo: boolean;
  usado: boolean;
  assignedProducts: number[];
  assignedBrands: number[];
}

export const MENSAJES_CUPON = {
  invalido: 'Código de descuento inválido',
  usado: 'Cupón ya utilizado',
  todosInelegibles: 'No se puede aplicar descuento: Todos los productos tienen descuento, sale u otra restricción.',
  expirado: 'Descuento expirado: El descuento global ya ha expirado.',
  sinAsignados: 'Este cupón no se puede aplicar: Ningún producto de tu carrito pertenece a las asignaciones del descuento.',
  noVigente: (inicio: string) => `Descuento no vigente: Este descuento comienza el ${formatFecha(inicio)}`,
  algunosNoAplican: 'Algunos productos no aplican a este descuento',
  algunosConDescuento: 'Algunos productos ya tienen descuento o están en Sale y no recibieron el cupón.',
} as const;

/** Coupons apply only to products with no percent discount, no fixed discount and not flagged Sale. */
export const isLineEligible = (line: Pick<CartLine, 'descuento' | 'descuentoN' | 'newores'>): boolean =>
  !(line.descuento > 0) && !(line.descuentoN > 0) && line.newores.trim().toLowerCase() !== 'sale';

/**
 * The lines of a cart a coupon may reach: eligible products that are not in a complete routine with
 * a bundle discount (such a line is already discounted; a principiante line, at 0%, is ordinary).
 */
export function couponEligibleLines(lines: readonly CartLine[]): CartLine[] {
  const rutinas = routineDiscounts(lines);
  return lines.filter((line, index) => isLineEligible(line) && rutinas[index] === 0);
}

/** Whether one line of this cart may take a coupon (the cart's 'No aplica a cupones' tag). */
export const isLineCouponEligible = (line: CartLine, lines: readonly CartLine[]): boolean => couponEligibleLines(lines).includes(line);

/** Whether any line can take a coupon; when none can, the apply controls are disabled. */
export const hasEligibleLines = (lines: CartLine[]) => couponEligibleLines(lines).length > 0;

export interface AppliedCoupon {
  kind: 'user' | 'global';
  codigo: string;
  porcentaje: number;
  /** The lines that receive the discount. */
  lineas: string[];
  notas: string[];
}

export type CouponResult = { ok: true; applied: AppliedCoupon } | { ok: false; mensaje: string };

/** Normalises a code as typed: trimmed, case-insensitive. */
const sameCode = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Checks a typed code against the customer's coupon and the shop's coupons for this cart.
 * `marcaDe` gives a product's brand id (the cart line has none); `hoy` is YYYY-MM-DD in Lima.
 */
export function evaluateCoupon(
  codigo: string,
  { userCoupon, globalCoupons }: { userCoupon?: UserCoupon | null; globalCoupons: GlobalCoupon[] },
  lines: CartLine[],
  marcaDe: (idProducto: number) => number | undefined,
  hoy: string,
): CouponResult {
  if (!codigo.trim()) return { ok: false, mensaje: MENSAJES_CUPON.invalido };
  const eligible = couponEligibleLines(lines);
  const withDiscount = lines.length > eligible.length ? [MENSAJES_CUPON.algunosConDescuento] : [];

  if (userCoupon && sameCode(userCoupon.code, codigo)) {
    if (userCoupon.usado) return { ok: false, mensaje: MENSAJES_CUPON.usado };
    if (eligible.length === 0) return { ok: false, mensaje: MENSAJES_CUPON.todosInelegibles };
    return {
      ok: true,
      applied: {
        kind: 'user',
        codigo: userCoupon.code,
        porcentaje: userCoupon.porcentaje,
        lineas: eligible.map(lineRef),
        notas: withDiscount,
      },
    };
  }

  const coupon = globalCoupons.find((c) => c.activo && !c.usado && sameCode(c.codigo, codigo));
  if (!coupon) return { ok: false, mensaje: MENSAJES_CUPON.invalido };
  if (hoy < coupon.fecha_inicio.slice(0, 10)) return { ok: false, mensaje: MENSAJES_CUPON.noVigente(coupon.fecha_inicio) };
  if (hoy > coupon.fecha_fin.slice(0, 10)) return { ok: false, mensaje: MENSAJES_CUPON.expirado };
  if (eligible.length === 0) return { ok: false, mensaje: MENSAJES_CUPON.todosInelegibles };

  const restricted = coupon.assignedProducts.length > 0 || coupon.assignedBrands.length > 0;
  const targets = restricted
    ? eligible.filter(
        (line) => coupon.assignedProducts.includes(line.idProducto) || coupon.assignedBrands.includes(marcaDe(line.idProducto) ?? -1),
      )
    : eligible;
  if (targets.length === 0) return { ok: false, mensaje: MENSAJES_CUPON.sinAsignados };
  const notas = [...(targets.length < eligible.length ? [MENSAJES_CUPON.algunosNoAplican] : []), ...withDiscount];
  return {
    ok: true,
    applied: { kind: 'global', codigo: coupon.codigo, porcentaje: coupon.descuento, lineas: targets.map(lineRef), notas },
  };
}

/** Discount state resets when the cart is empty or no line it reached remains eligible (storefront §4). */
export function discountStillApplies(lines: CartLine[], applied: AppliedCoupon | null): boolean {
  if (!applied || lines.length === 0) return false;
  const reached = new Set(applied.lineas);
  return couponEligibleLines(lines).some((line) => reached.has(lineRef(line)));
}

/** Today's date in Lima (UTC-5, no daylight saving) as YYYY-MM-DD. */
export const todayInLima = (now = new Date()) => fechaLima(now);
