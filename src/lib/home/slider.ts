/** A scroll-snap row's geometry, read from the DOM by the slider script. */
export interface SliderGeometry {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
  /** Width of one card plus the gap after it. */
  cardStep: number;
}

/** Sub-pixel slack: snapped positions are rarely exact integers. */
const SLACK = 4;
/** The row is one gap (and its padding) short of a whole number of steps; this much of a card counts as in view. */
const VISIBLE_FRACTION = 0.85;

/** How far one arrow press moves: every card (nearly) fully in view, at least one. */
export const pageStep = ({ clientWidth, cardStep }: SliderGeometry) =>
  cardStep > 0 ? Math.max(1, Math.floor(clientWidth / cardStep + 1 - VISIBLE_FRACTION)) * cardStep : clientWidth;

/** The scrollLeft an arrow press leads to; past either end it wraps around (storefront §2 Home). */
export function arrowTarget(geometry: SliderGeometry, direction: 1 | -1): number {
  const max = Math.max(0, geometry.scrollWidth - geometry.clientWidth);
  const step = pageStep(geometry);
  if (direction > 0) return geometry.scrollLeft >= max - SLACK ? 0 : Math.min(max, geometry.scrollLeft + step);
  return geometry.scrollLeft <= SLACK ? max : Math.max(0, geometry.scrollLeft - step);
}

/** Ease-in-out position (0..1) of a slide animation at progress `t` (0..1). */
export const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);
