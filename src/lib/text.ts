/** Accent folding, the one rule by which the shop compares Spanish words (slugs, search, places, headers, states). */

/** The text without its accents and tildes (the combining marks NFD splits off): 'Tránsito Ñandú' → 'Transito Nandu'. */
export const foldAccents = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** The text as two words compare: without accents, lower case, trimmed (' Piel Grasa ' and 'piel grasa' fold alike). */
export const foldText = (text: string) => foldAccents(text).toLowerCase().trim();

/**
 * The accented letters Spanish writes, for folding where NFD is not at hand (Postgres without the
 * unaccent extension, absent on PGlite): `translate(x, ACCENTED_LETTERS, foldAccents(ACCENTED_LETTERS))`.
 */
export const ACCENTED_LETTERS = 'áéíóúüñàèìòùÁÉÍÓÚÜÑÀÈÌÒÙ';

/**
 * Text or an attribute's value made safe inside HTML (catalogue text, a name in an e-mail): & < > " ' escaped, each as
 * React's server renderer writes it (the apostrophe as &#x27;), so markup drawn without React (a product card,
 * lib/catalogue/product-card-html.ts) is byte for byte React's.
 */
export const escapeHtml = (text: string | number) =>
  String(text).replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char]!);
