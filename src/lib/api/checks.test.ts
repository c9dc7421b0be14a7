import { describe, expect, it } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { isProducto } from './catalogue-client.ts';
import { anyJson, fieldsOf, isTrue, listOf, recordOf } from './checks.ts';

describe('answer checks', () => {
  it("accepts an object whose named fields have their schema's kinds, whatever else it holds", () => {
    const check = fieldsOf<{ id: number; nombre: string; activo: boolean; tags: string[]; extra: { a: number } }>({
      id: 'number',
      nombre: 'string',
      activo: 'boolean',
      tags: 'array',
      extra: 'object',
    });
    expect(check({ id: 1, nombre: 'a', activo: false, tags: [], extra: {}, otro: 'x' })).toBe(true);
    expect(check({ id: '1', nombre: 'a', activo: false, tags: [], extra: {} })).toBe(false);
    expect(check({ id: 1, nombre: 'a', activo: false, tags: {}, extra: {} })).toBe(false);
    expect(check({ id: 1, nombre: 'a', activo: false, tags: [], extra: [] })).toBe(false);
    expect(check({ id: 1, nombre: 'a', activo: false, tags: [] })).toBe(false);
    expect(check([])).toBe(false);
    expect(check(null)).toBe(false);
  });

  it('nests: fields checked by checks of their own, lists and records', () => {
    const check = fieldsOf<{ ok: true; items: Record<string, number[]> }>({
      ok: isTrue,
      items: recordOf(listOf((v): v is number => typeof v === 'number')),
    });
    expect(check({ ok: true, items: { a: [1, 2], b: [] } })).toBe(true);
    expect(check({ ok: false, items: {} })).toBe(false);
    expect(check({ ok: true, items: { a: ['1'] } })).toBe(false);
    expect(check({ ok: true, items: [[1]] })).toBe(false);
    expect(anyJson(null)).toBe(true);
    expect(anyJson(undefined)).toBe(false);
  });

  it('accepts a product of the shared schema and refuses one without its prices', () => {
    expect(listOf(isProducto)([makeProducto(), makeProducto({ idProducto: 2 })])).toBe(true);
    const { precio: _precio, ...sinPrecio } = makeProducto();
    expect(isProducto(sinPrecio)).toBe(false);
  });
});
