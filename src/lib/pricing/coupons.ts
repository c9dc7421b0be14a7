import { fechaLima } from '../dates.ts';
import { lineRef, type CartLine } from '../cart/lines.ts';
import { formatFecha } from '../dates.ts';
import { formatSoles, toCentimos } from './money.ts';
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
  /** 'monto': `monto` soles off the lines it reaches instead of a percent (issue 37; absent: 'porcentaje'). */
  tipo?: 'porcentaje' | 'monto';
  /** Soles off, for a 'monto' coupon. */
  monto?: number;
  /** The least subtotal of products (soles, before coupons) the order must reach; 0 or absent: none. */
  minimo?: number;
  /** This customer already used it and it allows one use per customer. */
  usadoPorTi?: boolean;
  /** Its uses in all are taken. */
  agotado?: boolean;
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
  agotado: 'Cupón agotado: Este cupón ya alcanzó su número máximo de usos.',
  minimo: (minimo: number, falta: number) =>
    `Pedido mínimo no alcanzado: Este cupón es para pedidos desde ${formatSoles(minimo)} en productos; te faltan ${formatSoles(falta)}.`,
} as const;

/** How a coupon reads to a shopper or an operator: '15%' or 'S/ 20.00'. */
export const valorCupon = (cupon: { porcentaje: number; monto?: number }) =>
  cupon.monto && cupon.monto > 0 ? formatSoles(cupon.monto) : `${cupon.porcentaje}%`;

/** Céntimos of products a cart adds up to before any coupon (what a coupon's minimum is judged on). */
export const subtotalDeProductos = (lines: readonly Pick<CartLine, 'precio' | 'cantidad'>[]) =>
  lines.reduce((total, line) => total + toCentimos(line.precio) * line.cantidad, 0);

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
  /** Percent off each unit reached (0 for a fixed-amount coupon). */
  porcentaje: number;
  /** Soles off the lines reached, shared among them (a fixed-amount coupon; absent or 0: a percent one). */
  monto?: number;
  /** The least products' subtotal (soles) the cart must keep for the coupon to hold. */
  minimo?: number;
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

  // `usado` with a reason (usadoPorTi, agotado) is answered with that reason below; without one the code is not valid.
  const coupon = globalCoupons.find((c) => c.activo && (!c.usado || c.usadoPorTi || c.agotado) && sameCode(c.codigo, codigo));
  if (!coupon) return { ok: false, mensaje: MENSAJES_CUPON.invalido };
  if (hoy < coupon.fecha_inicio.slice(0, 10)) return { ok: false, mensaje: MENSAJES_CUPON.noVigente(coupon.fecha_inicio) };
  if (hoy > coupon.fecha_fin.slice(0, 10)) return { ok: false, mensaje: MENSAJES_CUPON.expirado };
  if (coupon.usadoPorTi) return { ok: false, mensaje: MENSAJES_CUPON.usado };
  if (coupon.agotado) return { ok: false, mensaje: MENSAJES_CUPON.agotado };
  if (eligible.length === 0) return { ok: false, mensaje: MENSAJES_CUPON.todosInelegibles };
  const minimo = coupon.minimo ?? 0;
  const falta = toCentimos(minimo) - subtotalDeProductos(lines);
  if (falta > 0) return { ok: false, mensaje: MENSAJES_CUPON.minimo(minimo, falta / 100) };

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
    applied: {
      kind: 'global',
      codigo: coupon.codigo,
      ...(coupon.tipo === 'monto' ? { porcentaje: 0, monto: coupon.monto ?? 0 } : { porcentaje: coupon.descuento }),
      ...(minimo > 0 ? { minimo } : {}),
      lineas: targets.map(lineRef),
      notas,
    },
  };
}

/**
 * Discount state resets when the cart is empty, no line it reached remains eligible (storefront §4), or
 * the products fall below the coupon's minimum order.
 */
export function discountStillApplies(lines: CartLine[], applied: AppliedCoupon | null): boolean {
  if (!applied || lines.length === 0) return false;
  if (applied.minimo && subtotalDeProductos(lines) < toCentimos(applied.minimo)) return false;
  const reached = new Set(applied.lineas);
  return couponEligibleLines(lines).some((line) => reached.has(lineRef(line)));
}

/** Today's date in Lima (UTC-5, no daylight saving) as YYYY-MM-DD. */
export const todayInLima = (now = new Date()) => fechaLima(now);
