/**
 * The banner carousel's arithmetic. Its own module, importing nothing the islands share, so the
 * carousel's script is small and self-contained and the build inlines it into the home page instead
 * of making it one more file to fetch.
 */

/** The next slide index of a carousel of `total` slides, wrapping in both directions. */
export const wrapIndex = (index: number, total: number): number => (total > 0 ? ((index % total) + total) % total : 0);
