import { describe, expect, it } from 'vitest';
import { makeProducto as p } from '../../../tests/fixtures/producto.ts';
import { brandRoute, productTrail } from '../catalogue/routes.ts';
import { readFileSync } from 'node:fs';
import {
  availability,
  breadcrumbJsonLd,
  businessDays,
  jsonLdScript,
  metaDescription,
  organizationJsonLd,
  productJsonLd,
  TARIFA_ENVIO_PE,
} from './json-ld.ts';
import { DEVOLUCIONES, TIENDA } from '../tienda.ts';
import type { ResenaPublica } from '../api/resenas-schemas.ts';
import { ENVIO_PROVINCIA } from '../shipping/methods.ts';
import { textosPorDefecto, valoresDeTexto } from '../site/paginas.ts';
import { rellenar } from '../site/texto-pagina.ts';
import { loadUbigeo } from '../../server/shipping/ubigeo.ts';
import { inlineScriptHashes, scriptElements } from '../../server/http/inline-scripts.ts';
import { robotsTxt, sitemapPaths, sitemapXml, staticPagesFrom } from './sitemap.ts';

const site = 'https://kbeauty.pe';

describe('product JSON-LD', () => {
  it('describes the product and its offer at the final price in PEN', () => {
    const data = productJsonLd(p({ idProducto: 12, nombre: 'Sérum C', precio: 100, descuento: 10, descuentoN: 30, marca: 'Anua' }), site);
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Sérum C',
      sku: '12',
      brand: { '@type': 'Brand', name: 'Anua' },
      image: ['https://kbeauty.pe/demo/a-1.svg', 'https://kbeauty.pe/demo/a-2.svg'],
      offers: {
        price: '90.00',
        priceCurrency: 'PEN',
        availability: 'https://schema.org/InStock',
        url: 'https://kbeauty.pe/producto/12-serum-c',
      },
    });
  });
  it('marks presale before sold out', () => {
    expect(availability({ newores: 'Preventa', stock: 0 })).toBe('PreOrder');
    expect(availability({ newores: '', stock: 0 })).toBe('OutOfStock');
    expect(availability({ newores: 'Sale', stock: 2 })).toBe('InStock');
  });
  it('lists breadcrumbs with positions and absolute links', () => {
    expect(
      breadcrumbJsonLd(
        [
          { label: 'Inicio', href: '/' },
          { label: 'Serúm', href: '/Ser%C3%BAm' },
        ],
        '/Ser%C3%BAm',
        site,
      ).itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Inicio', item: 'https://kbeauty.pe/' },
      { '@type': 'ListItem', position: 2, name: 'Serúm', item: 'https://kbeauty.pe/Ser%C3%BAm' },
    ]);
  });
  it('gives absolute URLs, the last one the current page', () => {
    const data = breadcrumbJsonLd(brandRoute('COSRX').trail, '/marcas/COSRX', 'https://tienda.pe');
    expect(data.itemListElement.map((item) => item.item)).toEqual([
      'https://tienda.pe/',
      'https://tienda.pe/marcas',
      'https://tienda.pe/marcas/COSRX',
    ]);
    expect(data.itemListElement[2]).toMatchObject({ position: 3, name: 'COSRX' });
    const product = breadcrumbJsonLd(
      productTrail(p({ idProducto: 9, nombre: 'Sérum Glow', categoria: 'Serúm', child: '' })),
      '/producto/9-serum-glow',
      site,
    );
    expect(product.itemListElement.at(-1)).toMatchObject({ name: 'Sérum Glow', item: 'https://kbeauty.pe/producto/9-serum-glow' });
  });
});

/** Parsed JSON-LD, walked by the checker below. */
type Json = Record<string, any>;

/**
 * Google's merchant-listing documentation (Product, Offer, OfferShippingDetails) and its return-policy
 * documentation (MerchantReturnPolicy under Organization): the properties it requires, and those it
 * recommends that the shop can state truthfully. Returns what is missing or wrong, [] when eligible.
 */
function merchantListingProblems(product: Json, organization: Json): string[] {
  const problems: string[] = [];
  const check = (ok: unknown, what: string) => {
    if (!ok) problems.push(what);
  };
  const isAbsolute = (url: unknown) => typeof url === 'string' && /^https:\/\//.test(url);
  check(product['@type'] === 'Product', 'Product @type');
  check(typeof product.name === 'string' && product.name.length > 0, 'name');
  check(Array.isArray(product.image) && product.image.length > 0 && product.image.every(isAbsolute), 'image');
  const offer: Json = product.offers ?? {};
  check(offer['@type'] === 'Offer', 'offers @type');
  check(/^\d+(\.\d+)?$/.test(String(offer.price)) && Number(offer.price) > 0, 'offers.price');
  check(/^[A-Z]{3}$/.test(offer.priceCurrency), 'offers.priceCurrency');
  check(
    /^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder|BackOrder|Discontinued|LimitedAvailability|InStoreOnly|OnlineOnly|PreSale|SoldOut)$/.test(
      offer.availability,
    ),
    'offers.availability',
  );
  check(offer.itemCondition === 'https://schema.org/NewCondition', 'offers.itemCondition');
  const shipping: Json[] = [offer.shippingDetails ?? []].flat();
  check(shipping.length > 0, 'offers.shippingDetails');
  for (const detail of shipping) {
    check(detail['@type'] === 'OfferShippingDetails', 'shippingDetails @type');
    check(/^[A-Z]{2}$/.test(detail.shippingDestination?.addressCountry), 'shippingDestination.addressCountry');
    const rate: Json = detail.shippingRate ?? {};
    check(rate['@type'] === 'MonetaryAmount' && rate.currency === offer.priceCurrency, 'shippingRate currency');
    check(typeof rate.value === 'number' || typeof rate.maxValue === 'number', 'shippingRate value or maxValue');
    const time: Json = detail.deliveryTime ?? {};
    check(time['@type'] === 'ShippingDeliveryTime', 'deliveryTime');
    for (const part of ['handlingTime', 'transitTime']) {
      const value: Json = time[part] ?? {};
      check(
        value['@type'] === 'QuantitativeValue' &&
          Number.isInteger(value.minValue) &&
          Number.isInteger(value.maxValue) &&
          value.minValue >= 0 &&
          value.minValue <= value.maxValue &&
          value.unitCode === 'DAY',
        `deliveryTime.${part}`,
      );
    }
  }
  check(['Organization', 'OnlineStore'].includes(organization['@type']), 'Organization @type');
  const policy: Json = organization.hasMerchantReturnPolicy ?? {};
  check(policy['@type'] === 'MerchantReturnPolicy', 'hasMerchantReturnPolicy');
  check(/^[A-Z]{2}$/.test(policy.applicableCountry), 'applicableCountry');
  const categories = ['MerchantReturnFiniteReturnWindow', 'MerchantReturnNotPermitted', 'MerchantReturnUnlimitedWindow'].map(
    (c) => `https://schema.org/${c}`,
  );
  check(categories.includes(policy.returnPolicyCategory), 'returnPolicyCategory');
  if (policy.returnPolicyCategory === categories[0])
    check(Number.isInteger(policy.merchantReturnDays) && policy.merchantReturnDays > 0, 'merchantReturnDays');
  if (policy.returnPolicyCategory !== categories[1]) {
    const methods = ['ReturnAtKiosk', 'ReturnByMail', 'ReturnInStore'].map((m) => `https://schema.org/${m}`);
    check([policy.returnMethod].flat().length > 0 && [policy.returnMethod].flat().every((m) => methods.includes(m)), 'returnMethod');
    check(
      ['FreeReturn', 'ReturnFeesCustomerResponsibility', 'ReturnShippingFees']
        .map((f) => `https://schema.org/${f}`)
        .includes(policy.returnFees),
      'returnFees',
    );
    if (policy.returnFees === 'https://schema.org/ReturnShippingFees') check(policy.returnShippingFeesAmount, 'returnShippingFeesAmount');
  }
  return problems;
}

describe("merchant-listing markup (Google's Product, Offer and MerchantReturnPolicy requirements)", () => {
  const shippingOf = (producto: Parameters<typeof p>[0]) => (productJsonLd(p(producto), site).offers.shippingDetails as Json[])[0]!;

  it('a product page states every required and recommended property, the return policy once at Organization level', () => {
    const product = productJsonLd(p({ idProducto: 12, nombre: 'Sérum C', precio: 100 }), site);
    const organization = organizationJsonLd(site);
    expect(merchantListingProblems(product, organization)).toEqual([]);
    expect(product.offers).not.toHaveProperty('hasMerchantReturnPolicy');
    expect(product.offers.seller['@id']).toBe(organization['@id']);
    // The checker itself refuses what Google would: a missing condition, a rate without an amount, no return window.
    const broken = structuredClone(product) as Json;
    delete broken.offers.itemCondition;
    broken.offers.shippingDetails[0].shippingRate = { '@type': 'MonetaryAmount', currency: 'PEN' };
    const brokenOrg = structuredClone(organization) as Json;
    delete brokenOrg.hasMerchantReturnPolicy.merchantReturnDays;
    expect(merchantListingProblems(broken, brokenOrg)).toEqual([
      'offers.itemCondition',
      'shippingRate value or maxValue',
      'merchantReturnDays',
    ]);
  });

  it('ships free across Peru when the product alone is above the free-shipping threshold, as the cart charges', () => {
    const threshold = TIENDA.envioGratisDesde;
    expect(shippingOf({ precio: threshold + 10 }).shippingRate).toEqual({ '@type': 'MonetaryAmount', value: 0, currency: 'PEN' });
    // At the threshold, or below it after the discount, the district's tariff applies (the cart's rule is 'above').
    for (const producto of [{ precio: threshold }, { precio: threshold + 10, descuento: 10 }]) {
      expect(shippingOf(producto).shippingRate).toEqual({
        '@type': 'MonetaryAmount',
        minValue: TARIFA_ENVIO_PE.min,
        maxValue: TARIFA_ENVIO_PE.max,
        currency: 'PEN',
      });
    }
    expect(shippingOf({}).shippingDestination).toEqual({ '@type': 'DefinedRegion', addressCountry: 'PE' });
  });

  it("takes the delivery time from the province method's own label", () => {
    expect(businessDays(ENVIO_PROVINCIA)).toEqual({ min: 2, max: 5 });
    expect(() => businessDays('Envío express')).toThrow('Envío express');
    expect(shippingOf({}).deliveryTime).toEqual({
      '@type': 'ShippingDeliveryTime',
      handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
      transitTime: { '@type': 'QuantitativeValue', minValue: 2, maxValue: 5, unitCode: 'DAY' },
    });
  });

  it('marks up the tariff range the database is loaded with', () => {
    const tarifas = loadUbigeo().flatMap((d) => d.provincias.flatMap((pr) => pr.distritos.map((di) => di.tarifa)));
    expect(TARIFA_ENVIO_PE).toEqual({ min: Math.min(...tarifas), max: Math.max(...tarifas) });
  });

  it('marks up the return policy the terms page states, from one constant', () => {
    const policy = organizationJsonLd(site).hasMerchantReturnPolicy;
    expect(policy).toMatchObject({
      applicableCountry: 'PE',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: DEVOLUCIONES.dias,
      returnMethod: ['https://schema.org/ReturnInStore', 'https://schema.org/ReturnByMail'],
      returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
      itemCondition: ['https://schema.org/NewCondition'],
      merchantReturnLink: 'https://kbeauty.pe/terminos-y-condiciones',
    });
    // The terms page's own text (the code's copy until the owner edits it in the back office), its {valores} filled in.
    const terms = textosPorDefecto()
      .paginas['terminos-y-condiciones'].secciones.map(({ texto }) => rellenar(texto, valoresDeTexto()))
      .join('\n');
    expect(terms).toContain(`**${DEVOLUCIONES.dias} días calendario**`);
    expect(terms).toMatch(/sin abrir/);
    expect(terms).toMatch(/\*\*sin costo\*\* en cualquiera de nuestras tiendas/);
    expect(terms).toMatch(/envío de retorno corre por tu cuenta/);
  });

  it("survives the page: the product page's scripts parse back to eligible markup, none of them hashed by the CSP", () => {
    const producto = p({ idProducto: 7, nombre: 'Sérum </script><b>', precio: 120 });
    // What [slug].astro hands Base.astro, written as Base.astro writes it.
    const jsonLd = [
      productJsonLd(producto, site),
      breadcrumbJsonLd(productTrail(producto), '/producto/7-serum-b', site),
      organizationJsonLd(site),
    ];
    const html = `<head>${jsonLd.map((data) => `<script type="application/ld+json">${jsonLdScript(data)}</script>`).join('')}</head>`;
    const blocks = scriptElements(html)
      .filter((script) => /type="application\/ld\+json"/.test(script.attributes))
      .map((script) => JSON.parse(script.body) as Json);
    expect(blocks).toHaveLength(3);
    const product = blocks.find((block) => block['@type'] === 'Product')!;
    const organization = blocks.find((block) => block['@type'] === 'Organization')!;
    expect(product.name).toBe('Sérum </script><b>');
    expect(merchantListingProblems(product, organization)).toEqual([]);
    expect(inlineScriptHashes(html).size).toBe(0);
  });

  it('the home page states the Organization once; a product page names it as the seller by its @id, without repeating it', () => {
    const home = readFileSync(new URL('../../pages/index.astro', import.meta.url), 'utf8');
    expect(home).toContain('jsonLd={[organizationJsonLd(Astro.site!)]}');
    const page = readFileSync(new URL('../../pages/producto/[slug].astro', import.meta.url), 'utf8');
    expect(page).toMatch(/jsonLd=\{\[productJsonLd\(producto, site, resenas\), breadcrumbJsonLd\([^\]]*\)\]\}/);
    expect(page).not.toContain('organizationJsonLd');
    expect(productJsonLd(p({ idProducto: 3 }), site).offers.seller['@id']).toBe(organizationJsonLd(site)['@id']);
  });
});

/**
 * What Google's review snippets require of a Product's aggregateRating and reviews (developers.google.com/search/docs/
 * appearance/structured-data/review-snippet): a rating value within its best/worst, a positive count; each Review an
 * author (a Person's name under 100 characters), its rating, and here also its date, title and text. An empty list means eligible.
 */
function reviewSnippetProblems(product: Json): string[] {
  const problems: string[] = [];
  const check = (ok: unknown, what: string) => {
    if (!ok) problems.push(what);
  };
  const inRange = (rating: Json) =>
    typeof rating.ratingValue === 'number' &&
    rating.bestRating === 5 &&
    rating.worstRating === 1 &&
    rating.ratingValue >= rating.worstRating &&
    rating.ratingValue <= rating.bestRating;
  const aggregate: Json = product.aggregateRating ?? {};
  check(aggregate['@type'] === 'AggregateRating', 'aggregateRating @type');
  check(inRange(aggregate), 'aggregateRating.ratingValue');
  check(Number.isInteger(aggregate.reviewCount) && aggregate.reviewCount > 0, 'aggregateRating.reviewCount');
  for (const review of [product.review ?? []].flat() as Json[]) {
    check(review['@type'] === 'Review', 'review @type');
    check(
      review.author?.['@type'] === 'Person' &&
        typeof review.author.name === 'string' &&
        review.author.name.length > 0 &&
        review.author.name.length < 100,
      'review.author',
    );
    check(review.reviewRating?.['@type'] === 'Rating' && inRange(review.reviewRating), 'review.reviewRating');
    check(/^\d{4}-\d{2}-\d{2}$/.test(review.datePublished), 'review.datePublished');
    check(typeof review.name === 'string' && review.name.length > 0, 'review.name');
    check(typeof review.reviewBody === 'string' && review.reviewBody.length > 0, 'review.reviewBody');
  }
  return problems;
}

describe("review snippets (Google's Product review requirements)", () => {
  const resena = (id: number, overrides: Partial<ResenaPublica> = {}): ResenaPublica => ({
    id,
    estrellas: 5,
    titulo: 'Me encantó',
    texto: 'Deja la piel suave.',
    autor: 'María G.',
    fecha: '2026-11-26T03:00:00Z',
    foto: null,
    compraVerificada: true,
    ...overrides,
  });

  it('a product with reseñas states its aggregate rating and each reseña the page shows', () => {
    const producto = p({ idProducto: 12, nombre: 'Sérum C', resenasPromedio: 4.5, resenasCantidad: 12 });
    const product = productJsonLd(producto, site, [
      resena(1),
      resena(2, { estrellas: 4, autor: 'Ana P.', titulo: 'Bueno', texto: 'Algo pegajoso.' }),
    ]);
    expect(reviewSnippetProblems(product)).toEqual([]);
    expect(merchantListingProblems(product, organizationJsonLd(site))).toEqual([]);
    expect(product.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    expect(product.review?.[1]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Ana P.' },
      // Published late on the 25th in Lima.
      datePublished: '2026-11-25',
      name: 'Bueno',
      reviewBody: 'Algo pegajoso.',
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
    });
    // The checker refuses what Google would: no count, a rating out of its range, a review without an author.
    const broken = structuredClone(product) as Json;
    delete broken.aggregateRating.reviewCount;
    broken.review[0].reviewRating.ratingValue = 6;
    delete broken.review[1].author;
    expect(reviewSnippetProblems(broken)).toEqual(['aggregateRating.reviewCount', 'review.reviewRating', 'review.author']);
  });

  it('says nothing of ratings without approved reseñas: no aggregateRating, no review', () => {
    const product = productJsonLd(p({ resenasPromedio: 0, resenasCantidad: 0 }), site, []);
    expect(product).not.toHaveProperty('aggregateRating');
    expect(product).not.toHaveProperty('review');
    // The organization rates nothing of its own.
    expect(organizationJsonLd(site)).not.toHaveProperty('aggregateRating');
    expect(organizationJsonLd(site)).not.toHaveProperty('review');
  });

  it('keeps the aggregate rating when the page shows no reseña text (a count the snapshot has not caught up with)', () => {
    const product = productJsonLd(p({ resenasPromedio: 4, resenasCantidad: 1 }), site, []);
    expect(reviewSnippetProblems(product)).toEqual([]);
    expect(product).not.toHaveProperty('review');
  });
});

describe('JSON-LD script text', () => {
  it('cannot end its <script> element or start markup, and parses back to the same data', () => {
    const data = productJsonLd(
      p({ nombre: '</script><script>alert(1)</script>', descripcion: 'a & b <!-- c --> \u2028\u2029 <SCRIPT>' }),
      site,
    );
    const text = jsonLdScript(data);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe('meta description', () => {
  it('keeps short texts and cuts long ones at a word', () => {
    expect(metaDescription('  Crema   ligera. ')).toBe('Crema ligera.');
    const long = metaDescription('palabra '.repeat(40), 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long).toMatch(/palabra…$/);
  });
});

describe('sitemap and robots', () => {
  const menu = [
    { linea: 'Cuidado', categorias: [{ nombre: 'Contorno de ojos', hijas: ['Crema de ojos'] }] },
    { linea: 'Accesorios', categorias: [{ nombre: 'Accesorios', hijas: ['Brochas'] }] },
  ];
  it('lists every static route once', () => {
    const paths = sitemapPaths({
      menu,
      marcas: [{ idMarca: 1, nombre: 'Beauty of Joseon', logo: null }],
      productos: [p({ idProducto: 5, nombre: 'Tónico' })],
      staticPages: ['/tienda-fisica'],
    });
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/Cuidado',
        '/Contorno%20de%20ojos',
        '/categoria/Crema%20de%20ojos',
        '/Accesorios',
        '/categoria/Brochas',
      ]),
    );
    expect(paths).toEqual(
      expect.arrayContaining(['/sale', '/ofertas', '/marcas', '/marcas/Beauty%20of%20Joseon', '/producto/5-tonico', '/tienda-fisica']),
    );
    expect(paths.filter((path) => path === '/Accesorios')).toHaveLength(1);
  });
  it('names every listing as its page does: product-named children and brands, literal sub-delimiters', () => {
    const paths = sitemapPaths({
      menu,
      marcas: [{ idMarca: 1, nombre: 'Rom&nd', logo: null }],
      productos: [p({ idProducto: 5, nombre: 'Tónico', marca: 'Dr. Jart+', child: 'Toallitas' })],
      staticPages: [],
    });
    expect(paths).toEqual(expect.arrayContaining(['/marcas/Rom&nd', '/marcas/Dr.%20Jart+', '/categoria/Toallitas']));
    expect(paths.filter((path) => path === '/Cuidado')).toHaveLength(1);
  });
  it('takes the static pages from the page files, without private, error or dynamic routes', () => {
    const files = [
      './index.astro',
      './404.astro',
      './[listing].astro',
      './tienda-fisica.astro',
      './carrito.astro',
      './search.astro',
      './Creador_de_piel.astro',
      './success.astro',
      './admin/index.astro',
    ];
    // The back office's page sits in a folder of its own (src/pages/admin/): never a static page of the sitemap.
    expect(staticPagesFrom(files)).toEqual(['/Creador_de_piel', '/tienda-fisica']);
  });
  it('writes escaped absolute URLs and the robots rules', () => {
    expect(sitemapXml(['https://kbeauty.pe/a?b&c'])).toContain('<loc>https://kbeauty.pe/a?b&amp;c</loc>');
    const robots = robotsTxt('https://kbeauty.pe/sitemap.xml');
    expect(robots).toContain('Disallow: /carrito');
    expect(robots).toMatch(/^Disallow: \/admin$/m);
    expect(robots).toContain('Disallow: /search');
    expect(robots).toMatch(/^Sitemap: https:\/\/kbeauty\.pe\/sitemap\.xml$/m);
  });
});
