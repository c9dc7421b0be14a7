import { describe, expect, it } from 'vitest';
import type { Popup, Social } from '../api/schemas.ts';
import { wrapIndex } from './carousel.ts';
import { bannersEnOrden, marcasConLogo, popupAccion, primerPopupPublico, socialGroups } from './home.ts';

const banner = (n: number) => ({ img_url: `/b${n}.svg`, rutabutton: null, alt: `B${n}` });
const popup = (visible: number, img: string): Popup => ({ visible, img_url: img, rutabutton: '/registro', alt: '' });

describe('home', () => {
  it('shows the banners reversed without touching the input', () => {
    const input = [banner(1), banner(2), banner(3)];
    expect(bannersEnOrden(input).map((b) => b.alt)).toEqual(['B3', 'B2', 'B1']);
    expect(input[0]!.alt).toBe('B1');
  });

  it('wraps slide indexes both ways', () => {
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(2, 4)).toBe(2);
    expect(wrapIndex(3, 0)).toBe(0);
  });

  it('splits social items 1-3 for TikTok and 4-9 for Instagram', () => {
    const items: Social[] = Array.from({ length: 11 }, (_, i) => ({ tipo: 'image', url: `/s${i + 1}` }));
    const { tiktok, instagram } = socialGroups(items);
    expect(tiktok.map((s) => s.url)).toEqual(['/s1', '/s2', '/s3']);
    expect(instagram.map((s) => s.url)).toEqual(['/s4', '/s5', '/s6', '/s7', '/s8', '/s9']);
    expect(socialGroups(items.slice(0, 2))).toEqual({ tiktok: items.slice(0, 2), instagram: [] });
  });

  it('links brands with a logo to their listing as its page is named, alphabetically', () => {
    const marcas = marcasConLogo([
      { idMarca: 1, nombre: 'Dr. Jart+', logo: '/l.svg' },
      { idMarca: 2, nombre: 'Sin logo', logo: null },
      { idMarca: 3, nombre: 'abib', logo: '/a.svg' },
      { idMarca: 4, nombre: 'Rom&nd', logo: '/r.svg' },
    ]);
    expect(marcas).toEqual([
      { idMarca: 3, nombre: 'abib', logo: '/a.svg', href: '/marcas/abib' },
      { idMarca: 1, nombre: 'Dr. Jart+', logo: '/l.svg', href: '/marcas/Dr.%20Jart+' },
      { idMarca: 4, nombre: 'Rom&nd', logo: '/r.svg', href: '/marcas/Rom&nd' },
    ]);
  });

  it('keeps at most a number of brands, those with the most products, still alphabetically', () => {
    const marcas = [
      { idMarca: 1, nombre: 'Zeta', logo: '/z.svg' },
      { idMarca: 2, nombre: 'Alfa', logo: '/a.svg' },
      { idMarca: 3, nombre: 'Beta', logo: '/b.svg' },
      { idMarca: 4, nombre: 'Gama', logo: null },
    ];
    const productos: Record<string, number> = { Zeta: 9, Alfa: 1, Beta: 5, Gama: 50 };
    expect(marcasConLogo(marcas, 2, (nombre) => productos[nombre] ?? 0).map((marca) => marca.nombre)).toEqual(['Beta', 'Zeta']);
  });

  it('picks the first public popup', () => {
    expect(primerPopupPublico([popup(0, '/a'), popup(1, '/b'), popup(1, '/c')])?.img_url).toBe('/b');
    expect(primerPopupPublico([popup(0, '/a')])).toBeUndefined();
  });

  it('opens the registration modal for /registro routes, navigates otherwise', () => {
    expect(popupAccion('/registro')).toEqual({ tipo: 'registro' });
    expect(popupAccion('/registro?ref=popup')).toEqual({ tipo: 'registro' });
    expect(popupAccion(null)).toEqual({ tipo: 'registro' });
    expect(popupAccion(' /sale ')).toEqual({ tipo: 'navegar', href: '/sale' });
  });

  it('never follows a stored route that leads to another site', () => {
    for (const ruta of ['/\\evil.com', '//evil.com', '/\t/evil.com', 'https://evil.com'])
      expect([ruta, popupAccion(ruta)]).toEqual([ruta, { tipo: 'registro' }]);
  });
});
