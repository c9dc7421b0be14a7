import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import type { Producto } from '../api/schemas.ts';
import { iconHref } from '../../ui/icons.tsx';
import ProductCard from '../../ui/ProductCard.tsx';
import { escapeHtml } from '../text.ts';
import { productCardHtml, type CardHtmlOptions } from './product-card-html.ts';

/** The sprite URL the React card uses (in tests, Vite's dev path of icons.svg). */
const sprite = iconHref('eye').split('#')[0]!;

/** A store photo's address: these have AVIF and WebP copies, so Photo renders a <picture>. */
const SHA = '3f9a1c0b7e'.repeat(6) + 'd4e5';
const storePhoto = (ext: string, sha = SHA) => `/imagenes/${sha}.${ext}`;

const MARKUP = `& < > " ' á é í ó ú ñ Ü`;

/** Products covering every branch of the card, by what they are about. */
const CASES: [name: string, overrides: Partial<Producto>][] = [
  ['plain (two demo images: a hover one)', {}],
  ['one image, no hover', { img: '/demo/a-1.svg' }],
  ['no image: the default one', { img: '', imagen: '' }],
  ['no img field, its imagen', { img: ' , ', imagen: '/demo/b-1.svg' }],
  ['sold out', { stock: 0 }],
  ['sold out below zero', { stock: -3 }],
  ['presale with fechaLlegada', { newores: 'Preventa', fechaLlegada: '2026-12-01' }],
  ['presale with an ISO fechaLlegada', { newores: 'preventa', fechaLlegada: '2027-01-15T05:00:00.000Z' }],
  ['presale without fechaLlegada', { newores: 'Preventa', fechaLlegada: null }],
  ['presale with an empty fechaLlegada', { newores: 'Preventa', fechaLlegada: '' }],
  ['presale with an unreadable fechaLlegada', { newores: 'Preventa', fechaLlegada: 'pronto' }],
  ['presale sold out', { newores: 'PREVENTA', stock: 0, fechaLlegada: '2026-12-01' }],
  ['percent discount', { descuento: 20 }],
  ['fractional percent discount', { precio: 89.9, descuento: 12.5 }],
  ['fixed discount', { descuentoN: 15 }],
  ['fixed discount above the price', { precio: 10, descuentoN: 15 }],
  ['percent over fixed discount', { descuento: 10, descuentoN: 30 }],
  ['reviews', { resenasPromedio: 4.5, resenasCantidad: 12 }],
  ['one review, a half star by rounding', { resenasPromedio: 2.25, resenasCantidad: 1 }],
  ['reviews, one decimal', { resenasPromedio: 3.8, resenasCantidad: 2 }],
  ['reviews, five stars', { resenasPromedio: 5, resenasCantidad: 1000 }],
  ['a count without an average: no rating', { resenasPromedio: 0, resenasCantidad: 3 }],
  ['label Vegano', { etiquetalogo: 'Vegano' }],
  ['label No Testado en Animales', { etiquetalogo: 'no testado en animales' }],
  ['both labels', { etiquetalogo: 'Vegano, No Testado en Animales, Hipoalergénico' }],
  ['no label the shop shows', { etiquetalogo: 'Cruelty free' }],
  ['badge nuevo', { newores: 'Nuevo' }],
  ['badge reestok', { newores: 'reestok' }],
  ['badge preventa, padded', { newores: '  Preventa ' }],
  ['badge sale', { newores: 'SALE', descuento: 30 }],
  ['an unknown badge', { newores: 'Edición limitada' }],
  ['a badge with markup', { newores: `<b>"2x1" & 'más'</b>` }],
  ['a badge named like an inherited key', { newores: 'constructor' }],
  ['blank badge', { newores: '   ' }],
  ['store photo (jpg)', { img: storePhoto('jpg') }],
  ['store photos (png, webp hover)', { img: `${storePhoto('png')},${storePhoto('webp', 'ab'.repeat(32))}` }],
  ['store photo as the hover only', { img: `/demo/a-1.svg,${storePhoto('jpg')}` }],
  ['store svg and avif: no copies', { img: `${storePhoto('svg')},${storePhoto('avif')}` }],
  ['external URLs', { img: 'https://cdn.example.com/p/1.jpg?w=400&h=400,http://example.com/a"b\'c<d>.png' }],
  ['a data: URL', { img: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }],
  ['a javascript: URL', { img: 'javascript:alert(1),  JaVa\tScRiPt:alert(2)' }],
  ['names and brand with markup and accents', { nombre: `Crème "Ñandú" <b>&</b> 'Açaí'`, marca: `Rom&nd "Ö" <x> 'y'` }],
  ['brand with sub-delimiters', { marca: 'Dr. Jart+', nombre: 'Cicapair™ Tiger Grass 50 ml' }],
  [
    'everything at once',
    {
      idProducto: 987654,
      nombre: MARKUP,
      marca: MARKUP,
      img: `${storePhoto('jpg')},https://x.example/h.jpg?a=1&b=2`,
      newores: 'Preventa',
      fechaLlegada: '2026-11-30',
      stock: 0,
      descuento: 15,
      resenasPromedio: 4.26,
      resenasCantidad: 7,
      etiquetalogo: 'VEGANO; no testado en animales',
    },
  ],
];

/** Every combination of the card's options, defaults included. */
const VARIANTS: { label: string; options: Omit<CardHtmlOptions, 'sprite'> }[] = [undefined, false, true].flatMap((priority) =>
  [undefined, 'h2' as const, 'h3' as const].map((headingLevel) => ({
    label: `priority ${String(priority)}, heading ${String(headingLevel)}`,
    options: { ...(priority === undefined ? {} : { priority }), ...(headingLevel === undefined ? {} : { headingLevel }) },
  })),
);

/** What React writes for the card. */
const reactCard = (producto: Producto, options: Omit<CardHtmlOptions, 'sprite'>) =>
  renderToStaticMarkup(createElement(ProductCard, { producto, ...options }));

describe('productCardHtml: the markup of renderToStaticMarkup(<ProductCard />), byte for byte', () => {
  describe.each(CASES)('%s', (_name, overrides) => {
    it.each(VARIANTS)('$label', ({ options }) => {
      const producto = makeProducto(overrides);
      expect(productCardHtml(producto, { ...options, sprite })).toBe(reactCard(producto, options));
    });
  });

  it('covers every branch of the card (the cases above still reach them)', () => {
    const all = CASES.flatMap(([, overrides]) => VARIANTS.map(({ options }) => reactCard(makeProducto(overrides), options))).join('\n');
    for (const part of [
      '<link rel="preload"',
      '<picture class="photo">',
      'product-card__img--hover',
      'fetchPriority="high"',
      'product-card--sold-out',
      'disabled=""',
      'Reservar',
      'Llegada estimada: ',
      'product-card__badge--new',
      'product-card__badge--restock',
      'product-card__badge--presale',
      'product-card__badge--sale',
      'product-card__discount',
      'price--old',
      'product-card__rating',
      '--relleno:50%',
      'product-card__labels',
      '<h2 ',
      '<h3 ',
      '&#x27;',
      'React has blocked a javascript: URL',
    ]) {
      expect(all).toContain(part);
    }
  });
});

describe('escapeHtml', () => {
  const text = `a & b < c > d " e ' f &amp; ñ`;

  it('escapes text as React does', () => {
    expect(`<p>${escapeHtml(text)}</p>`).toBe(renderToStaticMarkup(createElement('p', null, text)));
  });

  it('escapes an attribute value as React does', () => {
    expect(`<p title="${escapeHtml(text)}"></p>`).toBe(renderToStaticMarkup(createElement('p', { title: text })));
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('Crema ñandú 100% — S/ 9.90')).toBe('Crema ñandú 100% — S/ 9.90');
  });
});
