import { describe, expect, it } from 'vitest';
import { makeProducto as p } from '../../../tests/fixtures/producto.ts';
import type { Menu } from '../api/schemas.ts';
import {
  brandPath,
  escapedSpelling,
  escapedSpellingRedirects,
  brandRoute,
  brandRoutes,
  childPath,
  childRoutes,
  isProductPath,
  listingPath,
  pagePath,
  pathSegment,
  productIdFromPath,
  productPath,
  productTrail,
  searchPath,
  topLevelRoutes,
} from './routes.ts';

const menu: Menu = [
  {
    linea: 'Cuidado',
    categorias: [
      { nombre: 'Serúm', hijas: ['Ampolla'] },
      { nombre: 'Contorno de ojos', hijas: ['Crema de ojos'] },
    ],
  },
  { linea: 'Corporal', categorias: [{ nombre: 'Cuerpo', hijas: ['Manos', 'Pies'] }] },
  { linea: 'Accesorios', categorias: [{ nombre: 'Accesorios', hijas: ['Brochas'] }] },
];

describe('listing paths', () => {
  it('percent-encodes spaces and accents but keeps the characters a path segment allows', () => {
    expect(listingPath('Contorno de ojos')).toBe('/Contorno%20de%20ojos');
    expect(listingPath('Serúm')).toBe('/Ser%C3%BAm');
    expect(brandPath('Rom&nd')).toBe('/marcas/Rom&nd');
    expect(brandPath('Dr. Jart+')).toBe('/marcas/Dr.%20Jart+');
    expect(brandPath('Ma:nyo')).toBe('/marcas/Ma:nyo');
    expect(brandPath(' COSRX ')).toBe('/marcas/COSRX');
    expect(childPath('Bálsamo labial')).toBe('/categoria/B%C3%A1lsamo%20labial');
    expect(pathSegment('a/b?c#d')).toBe('a%2Fb%3Fc%23d');
    expect(listingPath('Cuidado')).toBe('/Cuidado');
    expect(childPath('Baño y ducha')).toBe('/categoria/Ba%C3%B1o%20y%20ducha');
    expect(brandPath("d'Alba")).toBe("/marcas/d'Alba");
    expect(brandPath('Beauty of Joseon')).toBe('/marcas/Beauty%20of%20Joseon');
  });
  it('decodes back to the name with decodeURI', () => {
    for (const name of ['Rom&nd', 'Dr. Jart+', 'Ma:nyo', "I'm From", 'Mise en Scène', 'Serúm']) {
      expect(decodeURI(pathSegment(name))).toBe(name);
    }
  });
});

describe('product and search paths', () => {
  it('builds the product path from the id and the slugified name', () => {
    expect(productPath({ idProducto: 7, nombre: 'Mist' })).toBe('/producto/7-mist');
    expect(productPath({ idProducto: 9, nombre: 'Sérum Glow' })).toBe('/producto/9-serum-glow');
  });
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
  it('encodes the search text as a query, and links the bare page for a blank one', () => {
    expect(searchPath(' crema & tónico ')).toBe('/search?q=crema%20%26%20t%C3%B3nico');
    expect(searchPath('  ')).toBe('/search');
  });
  it('names a built page without the trailing slash of its folder', () => {
    expect(pagePath('/tienda-fisica/')).toBe('/tienda-fisica');
    expect(pagePath('/producto/7-mist/')).toBe('/producto/7-mist');
    expect(pagePath('/')).toBe('/');
  });
});

describe('topLevelRoutes', () => {
  const routes = topLevelRoutes(menu);
  const params = routes.map((route) => route.param);
  it('lists lines, categorías, specials and lowercase line aliases, each once', () => {
    expect(params).toEqual([
      'Cuidado',
      'Serúm',
      'Contorno de ojos',
      'Corporal',
      'Cuerpo',
      'Accesorios',
      'ofertas',
      'nuevo',
      'preventa',
      'sale',
      'set',
      'cuidado',
      'corporal',
      'accesorios',
    ]);
  });
  it('maps each route to its listing source and canonical path', () => {
    const byParam = Object.fromEntries(routes.map((route) => [route.param, route]));
    expect(byParam['Serúm']!.source).toEqual({ kind: 'categoria', name: 'Serúm' });
    expect(byParam['nuevo']!.source).toEqual({ kind: 'special', name: 'nuevo' });
    expect(byParam['cuidado']!.source).toEqual({ kind: 'categoria', name: 'Cuidado' });
    expect(byParam['cuidado']!.canonical).toBe('/Cuidado');
    expect(byParam['Contorno de ojos']!.canonical).toBe('/Contorno%20de%20ojos');
  });
  it('builds breadcrumbs through the line', () => {
    const byParam = Object.fromEntries(routes.map((route) => [route.param, route]));
    expect(byParam['Serúm']!.trail).toEqual([{ label: 'Inicio', href: '/' }, { label: 'Cuidado', href: '/Cuidado' }, { label: 'Serúm' }]);
    expect(byParam['nuevo']!.trail.at(-1)).toEqual({ label: 'Productos Nuevos' });
    expect(byParam['Accesorios']!.trail).toEqual([{ label: 'Inicio', href: '/' }, { label: 'Accesorios' }]);
  });
});

describe('childRoutes', () => {
  it('lists every menu child once, then the products’ other children', () => {
    const routes = childRoutes(menu, ['manos', 'Toallitas', ' ']);
    expect(routes.map((route) => route.param)).toEqual(['Ampolla', 'Crema de ojos', 'Manos', 'Pies', 'Brochas', 'Toallitas']);
    expect(routes[2]!.source).toEqual({ kind: 'child', name: 'Manos' });
    expect(routes[2]!.canonical).toBe('/categoria/Manos');
    expect(routes[2]!.trail.map((crumb) => crumb.label)).toEqual(['Inicio', 'Corporal', 'Cuerpo', 'Manos']);
    expect(routes[4]!.trail.map((crumb) => crumb.label)).toEqual(['Inicio', 'Accesorios', 'Brochas']);
  });
});

describe('brandRoute', () => {
  it('lists the brand under Marcas', () => {
    const route = brandRoute('Beauty of Joseon');
    expect(route.source).toEqual({ kind: 'marca', name: 'Beauty of Joseon' });
    expect(route.canonical).toBe('/marcas/Beauty%20of%20Joseon');
    expect(route.trail.map((crumb) => crumb.href)).toEqual(['/', '/marcas', undefined]);
  });
});

describe('brandRoutes', () => {
  it('lists the catalogue’s brands, then the other brands products name, each once', () => {
    const routes = brandRoutes([{ nombre: 'COSRX' }, { nombre: ' Rom&nd ' }], [{ marca: 'cosrx' }, { marca: 'Nueva' }, { marca: ' ' }]);
    expect(routes.map((route) => route.param)).toEqual(['COSRX', 'Rom&nd', 'Nueva']);
    expect(routes[1]!.canonical).toBe('/marcas/Rom&nd');
  });
});

describe('productTrail', () => {
  it('builds the breadcrumb of storefront §2', () => {
    expect(productTrail(p({ idProducto: 9, nombre: 'Sérum Glow', categoria: 'Serúm', child: 'Sérum hidratante' }))).toEqual([
      { label: 'Inicio', href: '/' },
      { label: 'Serúm', href: '/Ser%C3%BAm' },
      { label: 'Sérum hidratante', href: '/categoria/S%C3%A9rum%20hidratante' },
      { label: 'Sérum Glow' },
    ]);
    expect(productTrail(p({ idProducto: 1, nombre: 'X', categoria: 'Crema', child: '' })).map((c) => c.label)).toEqual([
      'Inicio',
      'Crema',
      'X',
    ]);
  });
});

describe('escapedSpellingRedirects', () => {
  it('sends the escaped spelling of each built page with & + : , ; = @ $ to the page, and leaves the others', () => {
    expect(
      escapedSpellingRedirects([
        'marcas/Dr. Jart+',
        'marcas/Ma:nyo',
        'marcas/Rom&nd',
        'marcas/COSRX',
        'Contorno de ojos',
        'producto/7-serum',
      ]),
    ).toEqual([
      '/marcas/Dr.%20Jart%2B /marcas/Dr.%20Jart+ 301',
      '/marcas/Ma%3Anyo /marcas/Ma:nyo 301',
      '/marcas/Rom%26nd /marcas/Rom&nd 301',
    ]);
  });

  it('names the page as brandPath does, so a rule points at the built page’s own URL', () => {
    for (const nombre of ['Dr. Jart+', 'Ma:nyo', 'Marca: Edición; Nueva', 'A=B@C', 'Pay$,Co']) {
      const [rule] = escapedSpellingRedirects([`marcas/${nombre}`]);
      const [from, to, status] = rule!.split(' ');
      expect([to, status]).toEqual([brandPath(nombre), '301']);
      expect(decodeURIComponent(from!)).toBe(`/marcas/${nombre}`);
      expect(escapedSpelling(from!)).toBeUndefined();
    }
  });
});
