/** Decorative building blocks shared by the marketing images (banner, popup, social tiles). */
import type { Envase } from '../types.ts';
import { drawEnvase, packDefs } from './packaging.ts';
import { darken, n } from './svg.ts';

/** Defs for two colourways of blank-label products: `${id}1` (primary body) and `${id}2` (swapped). */
export function sceneDefs(id: string, c1: string, c2: string): string {
  return packDefs(`${id}1`, c1, c2) + packDefs(`${id}2`, c2, c1);
}

/**
 * A blank-label product standing on a floor at (x, y), scaled by `s`, with a soft contact shadow
 * (needs the blur filter `${id}s`). `way` picks the colourway made by sceneDefs.
 */
export function standing(id: string, env: Envase, way: 1 | 2, c1: string, c2: string, x: number, y: number, s: number): string {
  const ctx = way === 1 ? { id: `${id}1`, c1, c2, brand: '', name: '' } : { id: `${id}2`, c1: c2, c2: c1, brand: '', name: '' };
  const art = drawEnvase(env, ctx);
  return (
    `<ellipse cx="${n(x)}" cy="${n(y + 3)}" rx="${n((art.half + 12) * s)}" ry="${n(16 * s + 4)}" fill="${darken(c1, 0.5)}" opacity=".22" filter="url(#${id}s)"/>` +
    `<g transform="translate(${n(x)} ${n(y)}) scale(${Math.round(s * 100) / 100}) translate(-400 -680)">${art.svg}</g>`
  );
}

/**
 * A blank-label product lying on a table seen from above (flat-lay), centred at (x, y), rotated by
 * `deg`, with a drop shadow (needs the filter `${id}d`).
 */
export function lying(id: string, env: Envase, way: 1 | 2, c1: string, c2: string, x: number, y: number, s: number, deg: number): string {
  const ctx = way === 1 ? { id: `${id}1`, c1, c2, brand: '', name: '' } : { id: `${id}2`, c1: c2, c2: c1, brand: '', name: '' };
  return `<g filter="url(#${id}d)"><g transform="translate(${n(x)} ${n(y)}) rotate(${deg}) scale(${Math.round(s * 100) / 100}) translate(-400 -430)">${drawEnvase(env, ctx).svg}</g></g>`;
}

/** The drop-shadow filter used by `lying`. */
export function dropShadow(id: string, dx: number, dy: number, std: number): string {
  return `<filter id="${id}d" filterUnits="userSpaceOnUse" x="0" y="0" width="100%" height="100%"><feDropShadow dx="${dx}" dy="${dy}" stdDeviation="${std}" flood-color="#4a3a40" flood-opacity=".22"/></filter>`;
}

/** A four-pointed sparkle of radius r. */
export function sparkle(x: number, y: number, r: number, fill: string, opacity = 0.9): string {
  return `<path transform="translate(${n(x)} ${n(y)})" d="M0 ${-r}Q${n(r * 0.12)} ${n(-r * 0.12)} ${r} 0Q${n(r * 0.12)} ${n(r * 0.12)} 0 ${r}Q${n(-r * 0.12)} ${n(r * 0.12)} ${-r} 0Q${n(-r * 0.12)} ${n(-r * 0.12)} 0 ${-r}Z" fill="${fill}" opacity="${opacity}"/>`;
}

/** A glossy bubble. */
export function bubble(x: number, y: number, r: number, tint: string): string {
  return (
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${tint}" opacity=".35" stroke="#fff" stroke-opacity=".8" stroke-width="${n(Math.max(1.5, r / 14))}"/>` +
    `<ellipse cx="${n(x - r * 0.35)}" cy="${n(y - r * 0.4)}" rx="${n(r * 0.28)}" ry="${n(r * 0.16)}" fill="#fff" opacity=".8" transform="rotate(-35 ${n(x - r * 0.35)} ${n(y - r * 0.4)})"/>`
  );
}

/** Product trios used by the scenes, picked by index. */
export const TRIOS: [Envase, Envase, Envase][] = [
  ['gotero', 'pote', 'tubo'],
  ['frasco', 'cushion', 'spray'],
  ['spray', 'set', 'barra'],
  ['tubo', 'frasco', 'pote'],
  ['barra', 'gotero', 'sobre'],
];

export function trio(indice: number): [Envase, Envase, Envase] {
  const i = Math.abs(Math.trunc(indice)) % TRIOS.length;
  return TRIOS[i] ?? ['gotero', 'pote', 'tubo'];
}
