import { TIENDA } from '../tienda.ts';

/**
 * Duration of one marquee loop: the time to travel `distancePx` at `pxPerMs` (storefront §2 Top
 * strip: 0.09 px per ms), so the speed stays the same whatever the length of the messages.
 */
export function marqueeDurationMs(distancePx: number, pxPerMs: number = TIENDA.marqueePxPorMs): number {
  if (!(distancePx > 0) || !(pxPerMs > 0)) return 0;
  return Math.round(distancePx / pxPerMs);
}
