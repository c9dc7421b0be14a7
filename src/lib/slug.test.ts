import { describe, expect, it } from 'vitest';
import { idFromSlug, productSlug, slugify } from './slug.ts';

describe('slugify', () => {
  it('strips accents, punctuation and case', () => {
    expect(slugify('Sérum Glow Deep: Arroz + Alfa-Arbutina')).toBe('serum-glow-deep-arroz-alfa-arbutina');
    expect(slugify('  Tónico  ñandú 100% ')).toBe('tonico-nandu-100');
  });
  it('never leaves leading or trailing hyphens', () => {
    expect(slugify('--¡Nuevo!--')).toBe('nuevo');
    expect(slugify('***')).toBe('');
  });
});

describe('product slugs', () => {
  it('joins id and slugified name', () => {
    expect(productSlug({ idProducto: 42, nombre: 'Crema Água' })).toBe('42-crema-agua');
  });
  it('reads the id before the first hyphen', () => {
    expect(idFromSlug('42-crema-agua')).toBe(42);
    expect(idFromSlug('42')).toBe(42);
    expect(idFromSlug('abc-42')).toBeUndefined();
    expect(idFromSlug('0-x')).toBeUndefined();
    expect(idFromSlug('-5-x')).toBeUndefined();
  });
});
