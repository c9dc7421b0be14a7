// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { makeProducto } from '../../tests/fixtures/producto.ts';
import { fromCard, toCard } from '../lib/catalogue/listing-state.ts';
import type { ResenaPublica } from '../lib/api/resenas-schemas.ts';
import ProductCard from './ProductCard.tsx';
import ResenaCard from './ResenaCard.tsx';

/** The card as a document fragment, to query. */
function card(overrides: Parameters<typeof makeProducto>[0]) {
  const template = document.createElement('template');
  template.innerHTML = renderToStaticMarkup(<ProductCard producto={makeProducto(overrides)} />);
  return template.content;
}

describe('ProductCard rating (issue 25)', () => {
  it('shows the stars and the count, read out as one rating', () => {
    const rating = card({ resenasPromedio: 4.5, resenasCantidad: 12 }).querySelector('.product-card__rating')!;
    const stars = rating.querySelector('[role="img"]')!;
    expect(stars.getAttribute('aria-label')).toBe('4,5 de 5 estrellas, 12 reseñas');
    expect(stars.getAttribute('style')).toContain('--relleno:90%');
    // The visible count repeats the label: hidden from screen readers.
    expect(rating.querySelector('[aria-hidden="true"]')?.textContent).toBe('(12)');
  });

  it('shows nothing without approved reseñas', () => {
    expect(card({ resenasPromedio: 0, resenasCantidad: 0 }).querySelector('.product-card__rating')).toBeNull();
    expect(card({}).querySelector('[role="img"]')).toBeNull();
  });

  it("keeps the rating through a listing page's embedded card fields", () => {
    const producto = fromCard(toCard(makeProducto({ resenasPromedio: 3.8, resenasCantidad: 2, descripcion: 'Larga' })));
    expect(producto).toMatchObject({ resenasPromedio: 3.8, resenasCantidad: 2, descripcion: '' });
    const template = document.createElement('template');
    template.innerHTML = renderToStaticMarkup(<ProductCard producto={producto} />);
    expect(template.content.querySelector('.product-card__rating [role="img"]')?.getAttribute('aria-label')).toBe(
      '3,8 de 5 estrellas, 2 reseñas',
    );
  });
});

describe('ResenaCard', () => {
  const resena: ResenaPublica = {
    id: 1,
    estrellas: 4,
    titulo: 'Muy buena',
    texto: 'Suave.\nSin brillo.',
    autor: 'María G.',
    fecha: '2026-11-26T03:00:00Z',
    foto: '/imagenes/abc.jpg',
    compraVerificada: true,
  };

  it("shows the stars, the title, the buyer's name and initial, the Lima date, 'Compra verificada', the text and the photo", () => {
    const template = document.createElement('template');
    template.innerHTML = renderToStaticMarkup(<ResenaCard resena={resena} />);
    const article = template.content.querySelector('article')!;
    expect(article.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('4 de 5 estrellas');
    expect(article.querySelector('h3')?.textContent).toBe('Muy buena');
    expect(article.querySelector('.resena__autor')?.textContent).toBe('María G.');
    expect(article.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-25');
    expect(article.querySelector('time')?.textContent).toBe('25 de noviembre de 2026');
    expect(article.querySelector('.resena__verificada')?.textContent).toBe('✓Compra verificada');
    expect(article.querySelector('.resena__texto')?.textContent).toBe('Suave.\nSin brillo.');
    expect(article.querySelector('img')?.getAttribute('alt')).toBe('Foto de la reseña de María G.');
    expect(article.querySelector('img')?.getAttribute('src')).toBe('/imagenes/abc.jpg');
  });
});
