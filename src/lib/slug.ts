import { foldAccents } from './text.ts';

/** Lowercase ASCII words joined by hyphens: 'Sérum Glow Deep: Arroz' → 'serum-glow-deep-arroz'. */
export function slugify(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The product page slug of the spec: {id}-{slugified name}. */
export const productSlug = (producto: { idProducto: number; nombre: string }) => `${producto.idProducto}-${slugify(producto.nombre)}`;

/** The product id of a slug: the part before the first hyphen; undefined when it is not a positive integer. */
export function idFromSlug(slug: string): number | undefined {
  const head = slug.split('-', 1)[0] ?? '';
  return /^[1-9]\d{0,8}$/.test(head) ? Number(head) : undefined;
}
