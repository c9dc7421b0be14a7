import { describe, expect, it } from 'vitest';
import { makeProducto as p } from '../../../tests/fixtures/producto.ts';
import { applyFilters, brandsPresent, clampRange, listingTitle, paginate, priceBounds, sortProducts } from './listing.ts';
import { normalizeSpec, searchProducts, suggestBrands } from './search.ts';
import { allSlider, newSlider, relatedIndex, saleSlider, selectListing } from './selection.ts';

const ids = (list: { idProducto: number }[]) => list.map((x) => x.idProducto);

describe('listing selection', () => {
  const catalogue = [
    p({ idProducto: 1, newores: 'Nuevo', categoria: 'Limpieza', child: 'Agua micelar', marca: 'COSRX' }),
    p({ idProducto: 2, newores: 'Sale', descuento: 20, categoria: 'Serúm', marca: ' anua ' }),
    p({ idProducto: 3, newores: 'Preventa', categoria: 'Labios', linea: 'Maquillaje', marca: 'Rom&nd' }),
    p({ idProducto: 4, descuentoN: 5, esSet: true, categoria: 'Cuerpo', child: 'Manos', linea: 'Corporal' }),
  ];
  it('selects the special listings', () => {
    expect(ids(selectListing(catalogue, { kind: 'special', name: 'nuevo' }))).toEqual([1]);
    expect(ids(selectListing(catalogue, { kind: 'special', name: 'sale' }))).toEqual([2]);
    expect(ids(selectListing(catalogue, { kind: 'special', name: 'preventa' }))).toEqual([3]);
    expect(ids(selectListing(catalogue, { kind: 'special', name: 'ofertas' }))).toEqual([2, 4]);
    expect(ids(selectListing(catalogue, { kind: 'special', name: 'set' }))).toEqual([4]);
  });
  it('selects by categoría or line, child and brand, ignoring case and spaces', () => {
    expect(ids(selectListing(catalogue, { kind: 'categoria', name: 'serúm' }))).toEqual([2]);
    expect(ids(selectListing(catalogue, { kind: 'categoria', name: 'Maquillaje' }))).toEqual([3]);
    expect(ids(selectListing(catalogue, { kind: 'child', name: 'manos' }))).toEqual([4]);
    expect(ids(selectListing(catalogue, { kind: 'marca', name: 'ANUA' }))).toEqual([2]);
  });
});

describe('home sliders', () => {
  const catalogue = [
    p({ idProducto: 1, newores: 'Sale', descuento: 10 }),
    p({ idProducto: 2, newores: 'sale', descuentoN: 5, stock: 0 }),
    p({ idProducto: 3, newores: 'Sale' }),
    p({ idProducto: 4, newores: 'Sale', descuento: 30 }),
    p({ idProducto: 5, newores: 'Nuevo', stock: 0 }),
    p({ idProducto: 6, newores: 'Nuevo' }),
    p({ idProducto: 7, newores: 'Nuevo' }),
  ];
  it('sale slider: Sale with a discount, in stock newest first, then sold out, limited', () => {
    expect(ids(saleSlider(catalogue, 12))).toEqual([4, 1, 2]);
    expect(ids(saleSlider(catalogue, 2))).toEqual([4, 1]);
  });
  it('new slider: new only, in stock first then id descending, limited', () => {
    expect(ids(newSlider(catalogue, 10))).toEqual([7, 6, 5]);
    expect(ids(newSlider(catalogue, 2))).toEqual([7, 6]);
  });
  it('all slider: in stock first, limited', () => {
    expect(ids(allSlider(catalogue, 20)).slice(-2)).toEqual([5, 2]);
    expect(allSlider(catalogue, 3)).toHaveLength(3);
  });
});

describe('related products', () => {
  it('prefers brand, then child, then categoría, then any; in stock only; never itself', () => {
    const self = p({ idProducto: 1, marca: 'A', child: 'X', categoria: 'C' });
    const catalogue = [
      self,
      p({ idProducto: 2, marca: 'Z', child: 'Y', categoria: 'D' }),
      p({ idProducto: 3, marca: 'Z', child: 'Y', categoria: 'C' }),
      p({ idProducto: 4, marca: 'Z', child: 'X', categoria: 'C' }),
      p({ idProducto: 5, marca: 'A', child: 'Y', categoria: 'D' }),
      p({ idProducto: 6, marca: 'A', stock: 0 }),
    ];
    const related = relatedIndex(catalogue);
    expect(ids(related(self, 5))).toEqual([5, 4, 3, 2]);
    expect(ids(related(self, 2))).toEqual([5, 4]);
  });
});

describe('listing filters, sort and pagination', () => {
  const catalogue = [
    p({ idProducto: 1, nombre: 'Bálsamo', precio: 50, marca: 'COSRX' }),
    p({ idProducto: 2, nombre: 'agua', precio: 100, descuento: 40, marca: 'Anua' }),
    p({ idProducto: 3, nombre: 'Crema', precio: 80, marca: 'cosrx ' }),
  ];
  it('titles the listing per the spec', () => {
    expect(listingTitle('nuevo')).toBe('Productos Nuevos');
    expect(listingTitle('contorno-de-ojos')).toBe('Contorno de ojos');
    expect(listingTitle('sale')).toBe('Sale');
    expect(listingTitle('  ')).toBe('Título no disponible');
    expect(listingTitle(undefined)).toBe('Título no disponible');
  });
  it('bounds prices by the final prices of the loaded products', () => {
    expect(priceBounds(catalogue)).toEqual({ min: 50, max: 80 });
    expect(priceBounds([])).toEqual({ min: 0, max: 0 });
  });
  it('lists each brand once, case-insensitively and trimmed', () => {
    expect(brandsPresent(catalogue)).toEqual(['Anua', 'COSRX']);
  });
  it('never lets min exceed max', () => {
    expect(clampRange(90, 60, 'min')).toEqual({ min: 60, max: 60 });
    expect(clampRange(90, 60, 'max')).toEqual({ min: 90, max: 90 });
    expect(clampRange(10, 60, 'max')).toEqual({ min: 10, max: 60 });
  });
  it('filters by price and brand', () => {
    expect(ids(applyFilters(catalogue, { min: 0, max: 1000, marcas: [], orden: 'relevancia' }))).toEqual([1, 2, 3]);
    expect(ids(applyFilters(catalogue, { min: 0, max: 1000, marcas: ['COSRX'], orden: 'relevancia' }))).toEqual([1, 3]);
    expect(ids(applyFilters(catalogue, { min: 51, max: 80, marcas: [], orden: 'relevancia' }))).toEqual([2, 3]);
  });
  it('sorts by final price and by name', () => {
    expect(ids(sortProducts(catalogue, 'precio-asc'))).toEqual([1, 2, 3]);
    expect(ids(sortProducts(catalogue, 'precio-desc'))).toEqual([3, 2, 1]);
    expect(ids(sortProducts(catalogue, 'a-z'))).toEqual([2, 1, 3]);
    expect(ids(sortProducts(catalogue, 'z-a'))).toEqual([3, 1, 2]);
  });
  it('paginates, clamping the page', () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(paginate(items, 1, 20)).toMatchObject({ page: 1, pages: 3 });
    expect(paginate(items, 3, 20).items).toEqual([40, 41, 42, 43, 44]);
    expect(paginate(items, 9, 20).page).toBe(3);
    expect(paginate([], 1, 20)).toEqual({ items: [], page: 1, pages: 1 });
  });
});

describe('search', () => {
  const catalogue = [
    p({ idProducto: 1, nombre: 'Sérum Glow Deep', marca: 'Beauty of Joseon' }),
    p({ idProducto: 2, nombre: 'Tónico AHA-BHA', marca: 'COSRX', descripcion: 'Con centella.' }),
    p({ idProducto: 3, nombre: 'Cushion', marca: 'Rom&nd' }),
  ];
  it('normalises as the spec says', () => {
    expect(normalizeSpec('AHA-BHA: 7 days, ok; a&b_c+d.e')).toBe('ahabha7daysokabcde');
  });
  it('finds by name or brand with the spec punctuation removed', () => {
    expect(ids(searchProducts(catalogue, 'aha bha'))).toEqual([2]);
    expect(ids(searchProducts(catalogue, 'romnd'))).toEqual([3]);
    expect(ids(searchProducts(catalogue, 'of jos'))).toEqual([1]);
  });
  it('is accent-insensitive both ways', () => {
    expect(ids(searchProducts(catalogue, 'serum'))).toEqual([1]);
    expect(ids(searchProducts(catalogue, 'tónico'))).toEqual([2]);
  });
  it('finds nothing for a blank query', () => {
    expect(searchProducts(catalogue, '  ')).toEqual([]);
  });
  it('suggests the brands whose name contains the query (products come from Pagefind: search-terms.test.ts)', () => {
    expect(suggestBrands(['COSRX', 'Rom&nd'], 'cos')).toEqual(['COSRX']);
    expect(suggestBrands(['COSRX', 'Rom&nd'], 'rom nd')).toEqual(['Rom&nd']);
    expect(suggestBrands(['COSRX', 'Rom&nd'], ' ')).toEqual([]);
  });
});
