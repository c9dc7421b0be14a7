import { describe, expect, it } from 'vitest';
import type { Menu } from '../api/schemas.ts';
import { brandPath, brandRoute, breadcrumbJsonLd, childPath, childRoutes, listingPath, pathSegment, topLevelRoutes } from './routes.ts';

const menu: Menu = [
  { linea: 'Cuidado', categorias: [{ nombre: 'Serúm', hijas: ['Ampolla'] }, { nombre: 'Contorno de ojos', hijas: ['Crema de ojos'] }] },
  { linea: 'Corporal', categorias: [{ nombre: 'Cuerpo', hijas: ['Manos', 'Pies'] }] },
  { linea: 'Accesorios', categorias: [{ nombre: 'Accesorios', hijas: ['Brochas'] }] },
];

describe('listing paths', () => {
  it('percent-encodes spaces and accents but keeps the characters a path segment allows', () => {
    expect(listingPath('Contorno de ojos')).toBe('/Contorno%20de%20ojos');
    expect(listingPath('Serúm')).toBe('/Ser%C3%BAm');
    expect(brandPath('Rom&nd')).toBe('/marcas/Rom&nd');
    expect(brandPath('Dr. Jart+')).toBe('/marcas/Dr.%20Jart+');
    expect(brandPath("Ma:nyo")).toBe('/marcas/Ma:nyo');
    expect(brandPath(' COSRX ')).toBe('/marcas/COSRX');
    expect(childPath('Bálsamo labial')).toBe('/categoria/B%C3%A1lsamo%20labial');
    expect(pathSegment('a/b?c#d')).toBe('a%2Fb%3Fc%23d');
  });
  it('decodes back to the name with decodeURI', () => {
    for (const name of ['Rom&nd', 'Dr. Jart+', 'Ma:nyo', "I'm From", 'Mise en Scène', 'Serúm']) {
      expect(decodeURI(pathSegment(name))).toBe(name);
    }
  });
});

describe('topLevelRoutes', () => {
  const routes = topLevelRoutes(menu);
  const params = routes.map((route) => route.param);
  it('lists lines, categorías, specials and lowercase line aliases, each once', () => {
    expect(params).toEqual([
      'Cuidado', 'Serúm', 'Contorno de ojos', 'Corporal', 'Cuerpo', 'Accesorios',
      'ofertas', 'nuevo', 'preventa', 'sale', 'set',
      'cuidado', 'corporal', 'accesorios',
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

describe('breadcrumbJsonLd', () => {
  it('gives absolute URLs, the last one the current page', () => {
    const data = breadcrumbJsonLd(brandRoute('COSRX').trail, '/marcas/COSRX', 'https://tienda.pe');
    expect(data.itemListElement.map((item) => item.item)).toEqual(['https://tienda.pe/', 'https://tienda.pe/marcas', 'https://tienda.pe/marcas/COSRX']);
    expect(data.itemListElement[2]).toMatchObject({ position: 3, name: 'COSRX' });
  });
});
