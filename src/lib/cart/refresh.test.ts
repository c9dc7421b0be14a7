import { describe, expect, it } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { lineFromProducto } from './lines.ts';
import { brandLookup, linesChanged, needsReview, refreshLines, refreshNotice } from './refresh.ts';

const tonico = makeProducto({ idProducto: 1, nombre: 'Tónico', precio: 50, stock: 10, stock_total: 10, idMarca: 7 });
const crema = makeProducto({ idProducto: 2, nombre: 'Crema', precio: 80, stock: 3, stock_total: 3 });
const lines = [
  { ...lineFromProducto(tonico, { color: 'Rosa' }), cantidad: 2 },
  lineFromProducto(crema),
  lineFromProducto(makeProducto({ idProducto: 3, nombre: 'Viejo' })),
];

describe('cart refresh', () => {
  it('keeps unchanged lines and needs no review', () => {
    const result = refreshLines(lines.slice(0, 2), [tonico, crema]);
    expect(needsReview(result)).toBe(false);
    expect(refreshNotice(result)).toBeNull();
    expect(linesChanged(lines.slice(0, 2), result)).toBe(false);
  });
  it('takes new prices and discounts, keeping colour and quantity', () => {
    const result = refreshLines(lines.slice(0, 1), [{ ...tonico, descuento: 20 }]);
    expect(result.lines[0]).toMatchObject({
      selectedColor: 'Rosa',
      cantidad: 2,
      precio: 40,
      precioOriginal: 50,
      descuento: 20,
      precio_con_descuento: 40,
    });
    expect(result.precios).toEqual([{ nombre: 'Tónico', antes: 50, ahora: 40 }]);
    expect(refreshNotice(result)?.title).toBe('¡Algunos productos cambiaron de precio!');
    expect(refreshNotice(result)?.text).toContain('Tónico: antes S/ 50.00, ahora S/ 40.00');
  });
  it('removes products gone from the list or sold out, and lowers quantities above stock', () => {
    const result = refreshLines(
      [...lines.slice(0, 1), { ...lines[1]!, cantidad: 3 }, lines[2]!],
      [
        { ...tonico, stock: 0 },
        { ...crema, stock: 1, stock_total: 1 },
      ],
    );
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatchObject({ idProducto: 2, cantidad: 1 });
    expect(result.retirados).toEqual([
      { nombre: 'Tónico', motivo: 'agotado' },
      { nombre: 'Viejo', motivo: 'no-disponible' },
    ]);
    expect(result.ajustados).toEqual([{ nombre: 'Crema', cantidad: 1 }]);
    const notice = refreshNotice(result);
    expect(notice?.title).toBe('Actualizamos tu carrito');
    expect(notice?.text).toContain('Viejo: ya no está disponible');
  });
  it('lowers a quantity to the live stock when stock_total is higher, and fills in a stored line’s stock', () => {
    const stored = { ...lineFromProducto(tonico), cantidad: 5, stock: undefined };
    const result = refreshLines([stored], [{ ...tonico, stock: 2, stock_total: 9 }]);
    expect(result.lines[0]).toMatchObject({ cantidad: 2, stock: 2, stock_total: 9 });
    expect(result.ajustados).toEqual([{ nombre: 'Tónico', cantidad: 2 }]);
  });
  it('keeps a routine line at its routine price', () => {
    const rutina = { ...lines[0]!, precio: 45, esProductoRutina: true, rutinaNivel: 'avanzado' };
    const result = refreshLines([rutina], [{ ...tonico, stock_total: 8 }]);
    expect(result.lines[0]).toMatchObject({ precio: 45, stock_total: 8 });
    expect(result.precios).toEqual([]);
  });
  it('keeps a line whose product was not looked up, and removes one that was but did not come back', () => {
    const result = refreshLines(lines, [tonico], new Set([1, 3]));
    expect(result.lines.map((line) => line.idProducto)).toEqual([1, 2]);
    expect(result.lines[1]).toBe(lines[1]);
    expect(result.retirados).toEqual([{ nombre: 'Viejo', motivo: 'no-disponible' }]);
  });
  it('finds brands by product id', () => {
    expect(brandLookup([tonico])(1)).toBe(7);
    expect(brandLookup([tonico])(2)).toBeUndefined();
  });
});
