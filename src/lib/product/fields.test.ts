import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE, productImages, productLabels, splitOptions } from './fields.ts';

describe('product fields', () => {
  it('splits comma-separated options', () => {
    expect(splitOptions(' 21 Light , 23 Natural,, ')).toEqual(['21 Light', '23 Natural']);
    expect(splitOptions('')).toEqual([]);
  });
  it('falls back to the default image', () => {
    expect(productImages({ img: '/a.svg, /b.svg' })).toEqual(['/a.svg', '/b.svg']);
    expect(productImages({ img: '', imagen: '' })).toEqual([DEFAULT_IMAGE]);
  });
  it('reads the vegan and cruelty-free labels', () => {
    expect(productLabels('Vegano, No Testado en Animales')).toEqual(['Vegano', 'No Testado en Animales']);
    expect(productLabels('no testado en animales')).toEqual(['No Testado en Animales']);
    expect(productLabels('')).toEqual([]);
  });
});
