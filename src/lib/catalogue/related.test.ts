import { describe, expect, it } from 'vitest';
import { makeProducto, productosFromSeeds } from '../../../tests/fixtures/producto.ts';
import { demoCatalogue } from '../../demo/catalogue.ts';
import { syntheticCatalogue } from '../../demo/synthetic/catalogue.ts';
import type { Producto } from '../api/schemas.ts';
import { isSoldOut, listingsByName, relatedIndex, sameName, selectListing } from './selection.ts';

/** The rule of 'También te puede gustar' written plainly (the shop's first version): one pass over the catalogue per tier. */
function referenceRelated(producto: Producto, productos: Producto[], limit: number): Producto[] {
  const candidates = productos.filter((p) => p.idProducto !== producto.idProducto && !isSoldOut(p));
  const tiers = [
    (p: Producto) => sameName(p.marca, producto.marca),
    (p: Producto) => producto.child !== '' && sameName(p.child, producto.child),
    (p: Producto) => sameName(p.categoria, producto.categoria),
    () => true,
  ];
  const chosen = new Set<Producto>();
  for (const tier of tiers) {
    for (const p of candidates) {
      if (chosen.size >= limit) return [...chosen];
      if (tier(p)) chosen.add(p);
    }
  }
  return [...chosen];
}

const ids = (list: Producto[]) => list.map((p) => p.idProducto);

function expectSameAsReference(productos: Producto[], limits: number[], every = 1) {
  const related = relatedIndex(productos);
  let compared = 0;
  productos.forEach((producto, index) => {
    for (const limit of limits) {
      if (limit > 10 && index % every !== 0) continue;
      expect(ids(related(producto, limit)), `${producto.idProducto} × ${limit}`).toEqual(ids(referenceRelated(producto, productos, limit)));
      compared++;
    }
  });
  return compared;
}

describe('relatedIndex chooses exactly what the plain rule chooses', () => {
  it('on the demo catalogue, for every product and several limits', () => {
    const productos = productosFromSeeds(demoCatalogue().products);
    expect(productos.filter(isSoldOut).length).toBeGreaterThan(0);
    expect(expectSameAsReference(productos, [0, 1, 5, 12, 40])).toBe(productos.length * 5);
  });

  it('on a synthetic catalogue of 2,000 with names in other cases and spacing, some without child category', () => {
    const productos = productosFromSeeds(syntheticCatalogue(2000).products).map((p, index) => ({
      ...p,
      marca: index % 7 === 0 ? p.marca.toUpperCase() : p.marca,
      child: index % 11 === 0 ? '' : p.child,
      categoria: index % 13 === 0 ? `  ${p.categoria.toLowerCase()} ` : p.categoria,
    }));
    expect(expectSameAsReference(productos, [1, 5, 60], 20)).toBeGreaterThan(4000);
  });

  it('answers in catalogue order within each tier and never the product itself, even sold out', () => {
    const self = makeProducto({ idProducto: 9, marca: 'A', stock: 0 });
    const catalogue = [makeProducto({ idProducto: 3, marca: 'a ' }), self, makeProducto({ idProducto: 1, marca: 'B' })];
    expect(ids(relatedIndex(catalogue)(self, 5))).toEqual([3, 1]);
  });
});

describe('listingsByName gives each brand and child listing exactly what selectListing gives it', () => {
  it('on a synthetic catalogue with names in other cases and spacing, and on names no product has', () => {
    const productos = productosFromSeeds(syntheticCatalogue(2000).products).map((p, index) => ({
      ...p,
      marca: index % 7 === 0 ? ` ${p.marca.toUpperCase()}` : p.marca,
      child: index % 11 === 0 ? '' : p.child,
    }));
    for (const kind of ['marca', 'child'] as const) {
      const listing = listingsByName(productos, kind);
      const names = [...new Set(productos.map((p) => (kind === 'marca' ? p.marca : p.child)))];
      expect(names.length).toBeGreaterThan(20);
      for (const name of [...names, 'Ninguna'])
        expect(ids(listing(name)), `${kind} ${name}`).toEqual(ids(selectListing(productos, { kind, name })));
    }
  });
});
