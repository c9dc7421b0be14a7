import { describe, expect, it } from 'vitest';
import { makeProducto as p } from '../../../tests/fixtures/producto.ts';
import { DETAIL_SECTIONS, sentences } from './details.ts';
import { isProductPath, productBreadcrumb, productIdFromPath } from './paths.ts';
import { mergeSearchResults } from './search-results.ts';

describe('detail sentences', () => {
  it('splits on periods and drops the final one', () => {
    expect(sentences('Aplica sobre el rostro. Masajea suavemente.  Enjuaga.')).toEqual([
      'Aplica sobre el rostro',
      'Masajea suavemente',
      'Enjuaga',
    ]);
    expect(sentences('Sin punto final')).toEqual(['Sin punto final']);
  });
  it("keeps decimals and treats 'No especificado.' as empty", () => {
    expect(sentences('Contiene 0.5% de retinol. Úsalo de noche.')).toEqual(['Contiene 0.5% de retinol', 'Úsalo de noche']);
    expect(sentences('No especificado.')).toEqual([]);
    expect(sentences(' no especificado ')).toEqual([]);
    expect(sentences('')).toEqual([]);
  });
  it('lists the four sections of the spec', () => {
    expect(DETAIL_SECTIONS.map((s) => s.label)).toEqual(['Información general', 'Modo de uso', 'Beneficios', 'Ingredientes']);
  });
});

describe('product paths', () => {
  it('reads the id of product paths and URLs only', () => {
    expect(productIdFromPath('/producto/3-otro-nombre')).toBe(3);
    expect(productIdFromPath('/producto/42-crema/')).toBe(42);
    expect(productIdFromPath('http://localhost:4321/producto/7-mist/?x=1')).toBe(7);
    expect(productIdFromPath('/producto/no-existe')).toBeUndefined();
    expect(productIdFromPath('/marcas/COSRX')).toBeUndefined();
    expect(productIdFromPath('/producto/%E0%A4%A-x')).toBeUndefined();
    expect(isProductPath('/producto/abc')).toBe(true);
    expect(isProductPath('/productos')).toBe(false);
  });
  it('builds the breadcrumb of storefront §2', () => {
    expect(productBreadcrumb(p({ idProducto: 9, nombre: 'Sérum Glow', categoria: 'Serúm', child: 'Sérum hidratante' }))).toEqual([
      { name: 'Inicio', href: '/' },
      { name: 'Serúm', href: '/Ser%C3%BAm' },
      { name: 'Sérum hidratante', href: '/categoria/S%C3%A9rum%20hidratante' },
      { name: 'Sérum Glow', href: '/producto/9-serum-glow' },
    ]);
    expect(productBreadcrumb(p({ idProducto: 1, nombre: 'X', categoria: 'Crema', child: '' })).map((c) => c.name)).toEqual([
      'Inicio',
      'Crema',
      'X',
    ]);
  });
});

describe('search results', () => {
  const catalogue = [
    p({ idProducto: 1, nombre: 'Crema Centella', marca: 'Serum Lab' }),
    p({ idProducto: 2, nombre: 'Sérum Vitamina C', marca: 'Anua' }),
    p({ idProducto: 3, nombre: 'Tónico', marca: 'COSRX', descripcion: 'Prepara la piel para el sérum.' }),
    p({ idProducto: 4, nombre: 'Ampolla', marca: 'Axis-Y' }),
  ];
  it('puts name matches first, then brand matches, then what only Pagefind found', () => {
    expect(mergeSearchResults(catalogue, 'serum', [3, 2, 99]).map((x) => x.idProducto)).toEqual([2, 1, 3]);
  });
  it('finds everything the contains-match finds even without Pagefind', () => {
    expect(mergeSearchResults(catalogue, 'SÉRUM', []).map((x) => x.idProducto)).toEqual([2, 1]);
    expect(mergeSearchResults(catalogue, '   ', [4]).map((x) => x.idProducto)).toEqual([4]);
  });
});
