import { describe, expect, it } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { ALL_BRANDS, brandFilter, catalogueOrder, fromCard, initialPage, pageKey, toCard, toggleBrand } from './listing-state.ts';

describe('listing page memory', () => {
  it('keys the page by title', () => {
    expect(pageKey('Cuidado')).toBe('currentPage_Cuidado');
    expect(pageKey('Productos Nuevos')).not.toBe(pageKey('Cuidado'));
  });
  it('restores the stored page on reload and history moves only', () => {
    expect(initialPage('3', 'reload')).toBe(3);
    expect(initialPage('2', 'back_forward')).toBe(2);
    expect(initialPage('3', 'navigate')).toBe(1);
    expect(initialPage('3', undefined)).toBe(1);
  });
  it('ignores a stored value that is not a page', () => {
    for (const stored of [null, '', '0', '-2', '1.5', 'dos']) expect(initialPage(stored, 'reload')).toBe(1);
  });
});

describe('brand choice', () => {
  it("starts with 'Todas', meaning no brand filter", () => {
    expect(brandFilter(ALL_BRANDS)).toEqual([]);
  });
  it("picking a brand unchecks 'Todas' and filters by it", () => {
    const choice = toggleBrand(ALL_BRANDS, 'COSRX');
    expect(choice).toEqual({ todas: false, marcas: ['COSRX'] });
    expect(brandFilter(toggleBrand(choice, 'Anua'))).toEqual(['COSRX', 'Anua']);
  });
  it("unchecking the last brand, case-insensitively, checks 'Todas' again", () => {
    expect(toggleBrand({ todas: false, marcas: ['COSRX'] }, ' cosrx ')).toEqual(ALL_BRANDS);
  });
  it("'Todas' can be unchecked, and checking it clears the brands", () => {
    expect(toggleBrand(ALL_BRANDS, 'Todas')).toEqual({ todas: false, marcas: [] });
    expect(toggleBrand({ todas: false, marcas: ['COSRX', 'Anua'] }, 'Todas')).toEqual(ALL_BRANDS);
  });
});

describe('card fields', () => {
  it('keeps what a card, the filters and the sort read, and at most two images', () => {
    const producto = makeProducto({ img: '/a.svg,/b.svg,/c.svg', descripcion: 'Larga', fechaLlegada: '2026-12-30' });
    const card = toCard(producto);
    expect(Object.keys(card)).not.toContain('descripcion');
    expect(card).toMatchObject({
      idProducto: 1,
      precio: 100,
      marca: 'COSRX',
      stock: 10,
      fechaLlegada: '2026-12-30',
      img: '/a.svg,/b.svg',
      imagen: '',
    });
  });
  it('keeps the fallback image only when there is no img', () => {
    expect(toCard(makeProducto({ img: '', imagen: '/x.svg' })).imagen).toBe('/x.svg');
  });
  it('gives a whole product back, the other fields blank', () => {
    const producto = fromCard(toCard(makeProducto({ descuento: 20, newores: 'Sale' })));
    expect(producto).toMatchObject({ idProducto: 1, descuento: 20, newores: 'Sale', descripcion: '', colores: '', esSet: false });
    expect(Object.keys(producto).sort()).toEqual(Object.keys(makeProducto()).sort());
  });
});

describe('catalogueOrder', () => {
  it('orders by id, whatever order the products came in', () => {
    const ids = catalogueOrder([10, 2, 100, 1].map((idProducto) => makeProducto({ idProducto }))).map((p) => p.idProducto);
    expect(ids).toEqual([1, 2, 10, 100]);
  });
});
