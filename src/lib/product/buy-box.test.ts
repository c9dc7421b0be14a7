import { describe, expect, it } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { lineFromProducto, maxQuantity } from '../cart/lines.ts';
import { availableUnits, buyError, buyOptions, forBuyBox, parseCantidad, stepCantidad } from './buy-box.ts';

const eleccion = (cantidad: string | number, color = '', tamano = '') => ({ cantidad, color, tamano });

describe('buy box options', () => {
  it('preselects a single colour or size and leaves several unchosen', () => {
    expect(buyOptions(makeProducto({ colores: ' Rojo ', tamaños: '50 ml, 100 ml' }))).toEqual({
      colores: ['Rojo'],
      tamanos: ['50 ml', '100 ml'],
      color: 'Rojo',
      tamano: '',
    });
    expect(buyOptions(makeProducto({ colores: '', tamaños: '' }))).toMatchObject({ color: '', tamano: '' });
  });
});

describe('buy box validation (storefront §5)', () => {
  const simple = makeProducto({ stock: 3 });

  it('requires a whole quantity above 0', () => {
    for (const bad of ['', '0', '-1', '1.5', 'dos', 0]) {
      expect(buyError(simple, eleccion(bad))).toBe('Ingresa una cantidad válida.');
    }
    expect(buyError(simple, eleccion('2'))).toBeUndefined();
  });

  it('refuses more than the stock', () => {
    expect(buyError(simple, eleccion(3))).toBeUndefined();
    expect(buyError(simple, eleccion(4))).toBe('Solo tenemos 3 unidad(es) disponibles.');
    expect(buyError(makeProducto({ stock: 0 }), eleccion(1))).toBe('Solo tenemos 0 unidad(es) disponibles.');
  });

  it('caps at the lower of stock and stock_total, as the cart does', () => {
    const inShops = makeProducto({ stock: 3, stock_total: 10 });
    expect(buyError(inShops, eleccion(4))).toBe('Solo tenemos 3 unidad(es) disponibles.');
    const counted = makeProducto({ stock: 10, stock_total: 4 });
    expect(buyError(counted, eleccion(4))).toBeUndefined();
    expect(buyError(counted, eleccion(5))).toBe('Solo tenemos 4 unidad(es) disponibles.');
    for (const producto of [inShops, counted, makeProducto({ stock: 6, stock_total: 0 })]) {
      expect(availableUnits(producto)).toBe(maxQuantity(lineFromProducto(producto)));
    }
  });

  it('offers nothing of a product sold out online, whatever the shops hold', () => {
    const soldOut = makeProducto({ stock: 0, stock_total: 7 });
    expect(availableUnits(soldOut)).toBe(0);
    expect(buyError(soldOut, eleccion(1))).toBe('Solo tenemos 0 unidad(es) disponibles.');
  });

  it('requires a colour, then a size, when there are several', () => {
    const tinted = makeProducto({ colores: 'Rosa,Coral', tamaños: 'S,M' });
    expect(buyError(tinted, eleccion(1))).toBe('Debes elegir un color.');
    expect(buyError(tinted, eleccion(1, 'Verde', 'S'))).toBe('Debes elegir un color.');
    expect(buyError(tinted, eleccion(1, 'Coral'))).toBe('Debes elegir un tamaño.');
    expect(buyError(tinted, eleccion(1, 'Coral', 'M'))).toBeUndefined();
  });

  it('checks quantity and stock before the options', () => {
    const tinted = makeProducto({ colores: 'Rosa,Coral', stock: 1 });
    expect(buyError(tinted, eleccion(0))).toBe('Ingresa una cantidad válida.');
    expect(buyError(tinted, eleccion(2))).toBe('Solo tenemos 1 unidad(es) disponibles.');
  });

  it('needs no choice for a single option', () => {
    expect(buyError(makeProducto({ colores: 'Rosa', tamaños: '30 ml' }), eleccion(1))).toBeUndefined();
  });
});

describe('quantity helpers', () => {
  it('parses whole quantities only', () => {
    expect(parseCantidad(' 7 ')).toBe(7);
    expect(parseCantidad('1e3')).toBeUndefined();
    expect(parseCantidad('')).toBeUndefined();
  });
  it('steps between 1 and the stock', () => {
    expect(stepCantidad('1', -1, 5)).toBe(1);
    expect(stepCantidad('4', 1, 5)).toBe(5);
    expect(stepCantidad('5', 1, 5)).toBe(5);
    expect(stepCantidad('', 1, 5)).toBe(2);
    expect(stepCantidad('9', -1, 5)).toBe(5);
    expect(stepCantidad('1', 1, 0)).toBe(1);
  });
});

describe('buy box props', () => {
  it('keep what the buy box and the cart need, and nothing else', () => {
    const producto = makeProducto({ descripcion: 'Larga.', ingredientes: 'Agua.', precio: 50, stock_total: 4, img: '/a.jpg, /b.jpg' });
    const slim = forBuyBox(producto);
    expect(slim).toMatchObject({ precio: 50, stock_total: 4, nombre: 'Crema Hidratante', img: '/a.jpg' });
    expect(Object.keys(slim)).not.toContain('descripcion');
    expect(Object.keys(slim)).not.toContain('ingredientes');
    // The cart line made from the slim product is the one made from the whole product.
    expect(lineFromProducto(slim, { cantidad: 2 })).toEqual(lineFromProducto(producto, { cantidad: 2 }));
  });
});
