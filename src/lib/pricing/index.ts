/**
 * The shop's one pricing module, shared by the server and the islands: product prices, coupons,
 * routine bundles, shipping and order totals, in integer céntimos.
 */
export * from './money.ts';
export * from './product.ts';
export * from './coupons.ts';
export * from './shipping.ts';
export * from './routine.ts';
export * from './order.ts';
