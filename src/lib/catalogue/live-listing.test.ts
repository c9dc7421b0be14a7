import { describe, expect, it } from 'vitest';
import { makeProducto as p } from '../../../tests/fixtures/producto.ts';
import type { Menu } from '../api/schemas.ts';
import { listingFromPath, liveListingRoute, LIVE_LISTING_PATH } from './live-listing.ts';

const menu: Menu = [{ linea: 'Corporal', categorias: [{ nombre: 'Cuerpo', hijas: ['Manos', 'Pies nuevos'] }] }];
const live = { menu, marcas: [{ nombre: 'Rom&nd' }, { nombre: 'Marca Nueva' }], productos: [p({ marca: 'COSRX', child: 'Ampolla' })] };

describe('listings the 404 page renders live', () => {
  it('reads the child category or brand of a path, decoded, and nothing else', () => {
    expect(listingFromPath('/categoria/Pies%20nuevos')).toEqual({ kind: 'child', name: 'Pies nuevos' });
    expect(listingFromPath('/marcas/Rom&nd/')).toEqual({ kind: 'marca', name: 'Rom&nd' });
    expect(listingFromPath('/marcas/Dr.%20Jart+')).toEqual({ kind: 'marca', name: 'Dr. Jart+' });
    expect(listingFromPath('/marcas')).toBeUndefined();
    expect(listingFromPath('/marcas/a/b')).toBeUndefined();
    expect(listingFromPath('/marcas/%E0%A4%A')).toBeUndefined();
    expect(listingFromPath('/producto/3-x')).toBeUndefined();
    expect(LIVE_LISTING_PATH.test('/categoria/Manos')).toBe(true);
  });

  it('finds a child category of the menu or of a product, with its breadcrumb, even without products', () => {
    const nueva = liveListingRoute({ kind: 'child', name: 'pies NUEVOS' }, live);
    expect(nueva).toMatchObject({
      param: 'Pies nuevos',
      source: { kind: 'child', name: 'Pies nuevos' },
      canonical: '/categoria/Pies%20nuevos',
    });
    expect(nueva!.trail.map((crumb) => crumb.label)).toEqual(['Inicio', 'Corporal', 'Cuerpo', 'Pies nuevos']);
    expect(liveListingRoute({ kind: 'child', name: 'Ampolla' }, live)?.source).toEqual({ kind: 'child', name: 'Ampolla' });
    expect(liveListingRoute({ kind: 'child', name: 'Inventada' }, live)).toBeUndefined();
  });

  it('finds a brand of the brand list or of a product, spelled as the catalogue spells it', () => {
    expect(liveListingRoute({ kind: 'marca', name: 'marca nueva' }, live)).toMatchObject({
      param: 'Marca Nueva',
      source: { kind: 'marca', name: 'Marca Nueva' },
    });
    expect(liveListingRoute({ kind: 'marca', name: 'COSRX' }, live)?.canonical).toBe('/marcas/COSRX');
    expect(liveListingRoute({ kind: 'marca', name: 'Inventada' }, live)).toBeUndefined();
    // A child category is never a brand, nor the other way round.
    expect(liveListingRoute({ kind: 'marca', name: 'Manos' }, live)).toBeUndefined();
  });
});
