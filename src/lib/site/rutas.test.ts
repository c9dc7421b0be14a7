import { describe, expect, it } from 'vitest';
import { destinoMismoOrigen, esRutaTienda } from './rutas.ts';

const ORIGEN = 'https://kbeauty.example';

describe('esRutaTienda', () => {
  it('accepts paths of the shop', () => {
    for (const ruta of ['/', '/Serúm', '/marcas/COSRX', '/imagenes/abc.png', '/registro?desde=popup', '/sale#top', '/a%2F%2Fb'])
      expect([ruta, esRutaTienda(ruta)]).toEqual([ruta, true]);
  });
  it('refuses what a browser would follow to another host, and anything not a plain path', () => {
    for (const ruta of [
      '/\\evil.com',
      '/\\/evil.com',
      '//evil.com',
      '/x\\evil',
      '\\evil.com',
      'https://evil.com',
      'evil.com',
      '',
      '/a b',
      '/\t/evil.com',
      '/\n/evil.com',
      '/\u0000x',
      '/x\u007f',
      '/x\u0085',
    ]) {
      expect([ruta, esRutaTienda(ruta)]).toEqual([ruta, false]);
    }
  });
});

describe('destinoMismoOrigen', () => {
  it('answers the path of a same-origin route and nothing for one that would leave the shop', () => {
    expect(destinoMismoOrigen('/marcas/COSRX?x=1#y', ORIGEN)).toBe('/marcas/COSRX?x=1#y');
    for (const ruta of ['/\\evil.com', '//evil.com', '/\t/evil.com', 'https://evil.com/'])
      expect([ruta, destinoMismoOrigen(ruta, ORIGEN)]).toEqual([ruta, undefined]);
  });
  it('shows what it guards against: the URL parser itself sends /\\evil.com to another host', () => {
    expect(new URL('/\\evil.com', ORIGEN).origin).toBe('https://evil.com');
    expect(new URL('/\t/evil.com', ORIGEN).origin).toBe('https://evil.com');
  });
});
