/**
 * Money in integer céntimos: every rule of the shop computes in céntimos and converts to soles only
 * at the edges (the API's wire shapes, the labels a shopper reads).
 */

/** An amount in céntimos (an integer). */
export type Centimos = number;

/** Soles (a number with at most two meaningful decimals) to céntimos. */
export const toCentimos = (soles: number): Centimos => Math.round(Number((soles * 100).toPrecision(12)));

/** Céntimos to soles. */
export const toSoles = (centimos: Centimos) => centimos / 100;

/** Whether a figure has at most two decimals (soles to the céntimo, or a percent to the hundredth): 49.9 yes, 49.999 no. */
export const atMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** Rounds soles to céntimos. */
export const round2 = (soles: number) => toSoles(toCentimos(soles));

/**
 * `centimos` with `porcentaje` percent off, rounded to the nearest céntimo (half up). Every discount
 * of the shop (product percent, coupon, routine) rounds with this one rule, once per unit.
 */
export const lessPercent = (centimos: Centimos, porcentaje: number): Centimos =>
  Math.round((centimos * (10_000 - Math.round(Math.min(Math.max(porcentaje, 0), 100) * 100))) / 10_000);

/** Soles with two decimals: 'S/ 89.90'. */
export const formatSoles = (amount: number) => `S/ ${round2(amount).toFixed(2)}`;

/** Céntimos as a shopper reads them: 8990 → 'S/ 89.90'. */
export const formatCentimos = (centimos: Centimos) => formatSoles(toSoles(centimos));
