/**
 * What a product card's two renderers share: the React one (ui/ProductCard.tsx, in the browser and the build) and
 * the plain one (product-card-html.ts, on the server).
 */

/** A card is a column of the grid: half the screen on phones, about 240 px on wider ones (its photos' `sizes`). */
export const CARD_SIZES = '(max-width: 640px) 50vw, 260px';

const BADGE_CLASS = new Map([
  ['nuevo', 'new'],
  ['reestok', 'restock'],
  ['preventa', 'presale'],
  ['sale', 'sale'],
]);

/** The badge's modifier class (`product-card__badge--…`): its kind, any other badge looking like 'Nuevo'. */
export const badgeModifier = (badge: string) => BADGE_CLASS.get(badge.toLowerCase()) ?? 'new';
