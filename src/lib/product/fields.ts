/** The comma-separated options of a product field (colores, tamaños), trimmed, without blanks. */
export const splitOptions = (value: string | null | undefined) =>
  (value ?? '')
    .split(',')
    .map((option) => option.trim())
    .filter(Boolean);

/** The image URLs of a product's `img` field, or the default image when it has none. */
export function productImages(producto: { img: string; imagen?: string }): string[] {
  const images = splitOptions(producto.img);
  if (images.length > 0) return images;
  return [producto.imagen || DEFAULT_IMAGE];
}

/** The alternative text of one of a product's photos: the one the shop wrote for it (its `fotosAlt`), else `porDefecto`. */
export function photoAlt(producto: { fotosAlt?: Record<string, string> }, url: string, porDefecto: string): string {
  return producto.fotosAlt?.[url]?.trim() || porDefecto;
}

/** Fallback product image (storefront §3: img falls back to a default image): the shop's own, drawn by the build (src/pages/sin-imagen.svg.ts). */
export const DEFAULT_IMAGE = '/sin-imagen.svg';

/** The etiquetalogo labels the shop shows: 'Vegano' and 'No Testado en Animales'. */
export function productLabels(etiquetalogo: string): string[] {
  const text = etiquetalogo.toLowerCase();
  return [text.includes('vegano') && 'Vegano', text.includes('no testado en animales') && 'No Testado en Animales'].filter(
    (label): label is string => Boolean(label),
  );
}
