import { DEVOLUCIONES, PROVEEDOR, RESENAS, TIENDA } from '../tienda.ts';
import { fechaLima } from '../dates.ts';
import type { Producto } from '../api/schemas.ts';
import type { ResenaPublica } from '../api/resenas-schemas.ts';
import { tieneResenas } from '../resenas/mostrar.ts';
import { isPresale, isSoldOut } from '../catalogue/selection.ts';
import { productImages } from '../product/fields.ts';
import { precioFinal } from '../pricing/index.ts';
import { toCentimos } from '../pricing/money.ts';
import { isFreeShipping } from '../pricing/shipping.ts';
import { ENVIO_PROVINCIA } from '../shipping/methods.ts';
import { productPath, type Crumb } from '../catalogue/routes.ts';

/** schema.org availability of a product: presale first, then sold out, else in stock. */
export function availability(producto: Pick<Producto, 'newores' | 'stock'>): 'PreOrder' | 'OutOfStock' | 'InStock' {
  if (isPresale(producto)) return 'PreOrder';
  return isSoldOut(producto) ? 'OutOfStock' : 'InStock';
}

const absolute = (path: string, site: URL | string) => new URL(path, site).href;

/**
 * JSON-LD Product with its Offer (final price, 2 decimals, PEN) for a product page and, when buyers have
 * reviewed it, its aggregateRating and the reviews the page shows (`resenas`, the static page's).
 */
export function productJsonLd(producto: Producto, site: URL | string, resenas: ResenaPublica[] = []) {
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
      itemCondition: 'https://schema.org/NewCondition',
      shippingDetails: shippingDetailsJsonLd(producto),
      seller: { '@type': 'Organization', '@id': organizationId(site), name: TIENDA.nombre },
    },
    ...resenasJsonLd(producto, resenas),
  };
}

interface JsonLdRating {
  ratingValue: number;
  bestRating: number;
  worstRating: number;
}

interface JsonLdReview {
  '@type': 'Review';
  author: { '@type': 'Person'; name: string };
  datePublished: string;
  name: string;
  reviewBody: string;
  reviewRating: JsonLdRating & { '@type': 'Rating' };
}

/**
 * Google's review snippets: the approved reviews of buyers (never the shop's own word), as an
 * AggregateRating over all of them and each Review the page shows, with the same stars and text.
 * Nothing at all without approved reviews (a rating of 0 is not a rating).
 */
export function resenasJsonLd(
  producto: Pick<Producto, 'resenasPromedio' | 'resenasCantidad'>,
  resenas: ResenaPublica[],
): { aggregateRating?: JsonLdRating & { '@type': 'AggregateRating'; reviewCount: number }; review?: JsonLdReview[] } {
  if (!tieneResenas(producto)) return {};
  const rating = (value: number): JsonLdRating => ({
    ratingValue: value,
    bestRating: RESENAS.estrellasMaximas,
    worstRating: RESENAS.estrellasMinimas,
  });
  return {
    aggregateRating: { '@type': 'AggregateRating' as const, ...rating(producto.resenasPromedio), reviewCount: producto.resenasCantidad },
    ...(resenas.length > 0
      ? {
          review: resenas.map((resena) => ({
            '@type': 'Review' as const,
            author: { '@type': 'Person' as const, name: resena.autor },
            datePublished: fechaLima(resena.fecha),
            name: resena.titulo,
            reviewBody: resena.texto,
            reviewRating: { '@type': 'Rating' as const, ...rating(resena.estrellas) },
          })),
        }
      : {}),
  };
}

/**
 * The home-delivery tariffs across Peru, in soles: the lowest and highest district tariff the shop
 * charges (Lima Metropolitana's central districts to the farthest provinces). The tariffs live in the
 * database per district, which the build does not read; seo.test.ts checks these against the tariff
 * table the database is loaded with (src/server/shipping/ubigeo.ts), so the two cannot drift apart.
 */
export const TARIFA_ENVIO_PE = { min: 10, max: 40 } as const;

/** Business days of a method label such as 'Envío a provincia (2-5 días hábiles)'. */
export function businessDays(label: string): { min: number; max: number } {
  const match = /\((\d+)\s*-\s*(\d+) días hábiles\)/.exec(label);
  if (!match) throw new Error(`El método no dice su plazo en días hábiles: ${label}`);
  return { min: Number(match[1]), max: Number(match[2]) };
}

const days = ({ min, max }: { min: number; max: number }) => ({
  '@type': 'QuantitativeValue',
  minValue: min,
  maxValue: max,
  unitCode: 'DAY',
});

/**
 * Home delivery anywhere in Peru (Google reads no Peruvian regions, so Lima and provinces share one
 * entry with the whole range): free when this product alone is above the free-shipping threshold
 * (the cart's own rule), else the district's tariff, between TARIFA_ENVIO_PE.min and .max. Orders are
 * prepared by the next business day (0–1 days); transit is the province method's stated 2–5 business
 * days, the slowest case, so the markup never promises faster than the shop delivers.
 */
export function shippingDetailsJsonLd(producto: Producto) {
  const free = isFreeShipping(toCentimos(precioFinal(producto)));
  return [
    {
      '@type': 'OfferShippingDetails',
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'PE' },
      shippingRate: free
        ? { '@type': 'MonetaryAmount', value: 0, currency: TIENDA.moneda }
        : { '@type': 'MonetaryAmount', minValue: TARIFA_ENVIO_PE.min, maxValue: TARIFA_ENVIO_PE.max, currency: TIENDA.moneda },
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: days({ min: 0, max: 1 }),
        transitTime: days(businessDays(ENVIO_PROVINCIA)),
      },
    },
  ];
}

const organizationId = (site: URL | string) => absolute('/#organizacion', site);

/**
 * The shop's standard return policy (DEVOLUCIONES, the terms page's §5 and §6): a finite window from
 * delivery, sealed products only, full refund; returned in a store or by courier, the customer carrying
 * the return (free in a store, the courier at her cost), so the fees are marked as hers.
 */
export function returnPolicyJsonLd(site: URL | string) {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: DEVOLUCIONES.pais,
    returnPolicyCountry: DEVOLUCIONES.pais,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: DEVOLUCIONES.dias,
    returnMethod: [...(DEVOLUCIONES.enTiendaGratis ? ['https://schema.org/ReturnInStore'] : []), 'https://schema.org/ReturnByMail'],
    returnFees: DEVOLUCIONES.porCourierPagaCliente
      ? 'https://schema.org/ReturnFeesCustomerResponsibility'
      : 'https://schema.org/FreeReturn',
    refundType: 'https://schema.org/FullRefund',
    ...(DEVOLUCIONES.soloSellados ? { itemCondition: ['https://schema.org/NewCondition'] } : {}),
    merchantReturnLink: absolute('/terminos-y-condiciones', site),
  };
}

/**
 * JSON-LD Organization of the shop with its return policy, stated once on the home page (Google's
 * organization-level return policy) rather than on every Offer or product page; each Offer names it as
 * its seller by its @id.
 */
export function organizationJsonLd(site: URL | string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(site),
    name: TIENDA.nombre,
    legalName: PROVEEDOR.razonSocial,
    url: absolute('/', site),
    email: TIENDA.correo,
    hasMerchantReturnPolicy: returnPolicyJsonLd(site),
  };
}

/** The Open Graph picture of a page without one of its own: the shop's, drawn by the build (src/pages/imagen-social.png.ts). */
export const DEFAULT_SOCIAL_IMAGE = '/imagen-social.png';

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
