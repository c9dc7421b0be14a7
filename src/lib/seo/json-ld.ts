import { TIENDA } from '../tienda.ts';
import type { Producto } from '../api/schemas.ts';
import { isPresale, isSoldOut } from '../catalogue/selection.ts';
import { productImages } from '../product/fields.ts';
import { precioFinal } from '../pricing/index.ts';
import { productPath, type Crumb } from '../catalogue/routes.ts';

/** schema.org availability of a product: presale first, then sold out, else in stock. */
export function availability(producto: Pick<Producto, 'newores' | 'stock'>): 'PreOrder' | 'OutOfStock' | 'InStock' {
  if (isPresale(producto)) return 'PreOrder';
  return isSoldOut(producto) ? 'OutOfStock' : 'InStock';
}

const absolute = (path: string, site: URL | string) => new URL(path, site).href;

/** JSON-LD Product with its Offer (final price, 2 decimals, PEN) for a product page. */
export function productJsonLd(producto: Producto, site: URL | string) {
  const url = absolute(productPath(producto), site);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: producto.nombre,
    image: productImages(producto).map((image) => absolute(image, site)),
    description: producto.descripcion,
    sku: String(producto.idProducto),
    brand: { '@type': 'Brand', name: producto.marca },
    offers: {
      '@type': 'Offer',
      url,
      price: precioFinal(producto).toFixed(2),
      priceCurrency: TIENDA.moneda,
      availability: `https://schema.org/${availability(producto)}`,
    },
  };
}

/** JSON-LD BreadcrumbList of a trail, with absolute URLs; a crumb without a link is the page at `currentPath`. */
export function breadcrumbJsonLd(trail: Crumb[], currentPath: string, site: URL | string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absolute(crumb.href ?? currentPath, site),
    })),
  };
}

/** A meta description of at most `max` characters, cut at a word boundary with an ellipsis. */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

/**
 * JSON-LD as the text of a `<script type="application/ld+json">` element: JSON whose `<`, `>`, `&`,
 * U+2028 and U+2029 are written as \u escapes, so no catalogue text (`</script><script>…`, `<!--`)
 * can end the element or start markup, and the parsed data stays exactly the same.
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
