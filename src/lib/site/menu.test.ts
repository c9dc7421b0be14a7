import { describe, expect, it } from 'vitest';
import { brandLinks, desktopMenu, mobileMenu, sortBrands } from './menu.ts';

const MENU = [
  {
    linea: 'Cuidado',
    categorias: [
      { nombre: 'Serúm', hijas: ['Ampolla'] },
      { nombre: 'Contorno de ojos', hijas: ['Crema de ojos'] },
    ],
  },
  { linea: 'Corporal', categorias: [{ nombre: 'Cuerpo', hijas: ['Cabello', 'Manos', 'Pies', 'Baño y ducha'] }] },
  { linea: 'Accesorios', categorias: [{ nombre: 'Accesorios', hijas: ['Brochas'] }] },
];

describe('menu links', () => {
  it('nests lines, categorías and children', () => {
    const [cuidado] = desktopMenu(MENU);
    expect(cuidado).toMatchObject({ label: 'Cuidado', href: '/Cuidado' });
    expect(cuidado!.children.map((c) => c.href)).toEqual(['/Ser%C3%BAm', '/Contorno%20de%20ojos']);
    expect(cuidado!.children[0]!.children).toEqual([{ label: 'Ampolla', href: '/categoria/Ampolla', children: [] }]);
    expect(desktopMenu(MENU)[1]!.children[0]!.children.map((c) => c.href)).toContain('/categoria/Ba%C3%B1o%20y%20ducha');
  });

  it('lists the children of a line whose only categoría is itself', () => {
    expect(desktopMenu(MENU)[2]!.children.map((c) => c.href)).toEqual(['/categoria/Brochas']);
  });

  it('shows only Manos, Pies and Cabello under Corporal on mobile', () => {
    expect(desktopMenu(MENU)[1]!.children.map((c) => c.label)).toEqual(['Cuerpo']);
    expect(mobileMenu(MENU)[1]!.children.map((c) => c.href)).toEqual(['/categoria/Manos', '/categoria/Pies', '/categoria/Cabello']);
  });

  it('sorts brands alphabetically, ignoring case', () => {
    expect(sortBrands(['innisfree', 'Anua', 'COSRX', '3CE', 'Beauty of Joseon'])).toEqual([
      '3CE',
      'Anua',
      'Beauty of Joseon',
      'COSRX',
      'innisfree',
    ]);
  });

  it('links the brands in that order, each to its brand page', () => {
    expect(brandLinks(['COSRX', 'Beauty of Joseon'])).toEqual([
      { label: 'Beauty of Joseon', href: '/marcas/Beauty%20of%20Joseon', children: [] },
      { label: 'COSRX', href: '/marcas/COSRX', children: [] },
    ]);
  });
});
