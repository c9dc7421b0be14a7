import { describe, expect, it } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { priceOrder } from '../pricing/order.ts';
import { routineProducts } from '../../../tests/fixtures/rutina.ts';
import {
  addLine,
  addRoutineToCart,
  cartCount,
  lineFromProducto,
  lineOptions,
  lineRef,
  maxQuantity,
  parseStoredCart,
  removeLine,
  sameLine,
  stockCeiling,
  updateQuantity,
  type CartLine,
} from './lines.ts';

const crema = makeProducto({ idProducto: 7, precio: 100, descuento: 10, stock_total: 5, colores: 'Rojo,Rosa' });
/** A line whose stock is unknown: stored before lines kept `stock`, from a product without stock_total. */
const unknownStock = (line: CartLine): CartLine => ({ ...line, stock: undefined, stock_total: 0 });

describe('cart rules', () => {
  it('builds a line with final and original prices', () => {
    const line = lineFromProducto(crema, { color: 'Rojo' });
    expect(line).toMatchObject({
      idProducto: 7,
      cantidad: 1,
      selectedColor: 'Rojo',
      selectedSize: '',
      precio: 90,
      precioOriginal: 100,
      precio_unitario: 100,
      precio_con_descuento: 90,
    });
  });
  it('merges a matching line, capped at stock_total, refreshing prices', () => {
    let lines = addLine([], lineFromProducto(crema, { color: 'Rojo', cantidad: 3 }));
    lines = addLine(lines, lineFromProducto({ ...crema, descuento: 20 }, { color: 'Rojo', cantidad: 4 }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ cantidad: 5, precio: 80, descuento: 20 });
  });
  it('keeps colour and size variants apart', () => {
    let lines = addLine([], lineFromProducto(crema, { color: 'Rojo' }));
    lines = addLine(lines, lineFromProducto(crema, { color: 'Rosa' }));
    expect(lines).toHaveLength(2);
    expect(cartCount(lines)).toBe(2);
    expect(removeLine(lines, { idProducto: 7, selectedColor: 'Rojo', selectedSize: '' })).toHaveLength(1);
  });
  it('keeps quantities between 1 and stock_total, or 9999 when unknown', () => {
    const lines = [lineFromProducto(crema), unknownStock(lineFromProducto({ ...crema, idProducto: 8 }))];
    expect(updateQuantity(lines, lines[0]!, 0)[0]!.cantidad).toBe(1);
    expect(updateQuantity(lines, lines[0]!, 50)[0]!.cantidad).toBe(5);
    expect(updateQuantity(lines, lines[1]!, 50000)[1]!.cantidad).toBe(9999);
  });
  it('caps a merge at 9999 when the stock is unknown', () => {
    const item = unknownStock(lineFromProducto(crema, { color: 'Rojo', cantidad: 5 }));
    const full = addLine([], { ...item, cantidad: 20000 });
    expect(full[0]!.cantidad).toBe(9999);
    expect(addLine(full, item)[0]!.cantidad).toBe(9999);
    expect(addLine(addLine([], item), item)[0]!.cantidad).toBe(10);
  });
  it('caps every quantity at the lower of stock and stock_total, each when known', () => {
    const online = makeProducto({ idProducto: 9, stock: 3, stock_total: 10 });
    const merged = addLine(addLine([], lineFromProducto(online, { cantidad: 2 })), lineFromProducto(online, { cantidad: 2 }));
    expect(merged[0]!.cantidad).toBe(3);
    expect(updateQuantity(merged, merged[0]!, 50)[0]!.cantidad).toBe(3);
    expect(maxQuantity(lineFromProducto(makeProducto({ stock: 10, stock_total: 4 })))).toBe(4);
    expect(maxQuantity(lineFromProducto(makeProducto({ stock: 6, stock_total: 0 })))).toBe(6);
    expect(stockCeiling({ stock: undefined, stock_total: 0 })).toBeUndefined();
    expect(maxQuantity({ stock: 0, stock_total: 0 })).toBe(9999);
  });
  it('names a line by product, colour, size and routine, and shows its options', () => {
    const rojo = lineFromProducto(crema, { color: 'Rojo', tamano: '50 ml' });
    expect(lineRef(rojo)).toBe('7|Rojo|50 ml');
    expect(lineRef({ ...rojo, rutinaId: 'r1' })).toBe('7|Rojo|50 ml|r1');
    expect(sameLine(rojo, { idProducto: 7, selectedColor: 'Rojo', selectedSize: '50 ml' })).toBe(true);
    expect(sameLine(rojo, { ...rojo, selectedSize: '' })).toBe(false);
    expect(sameLine(rojo, { ...rojo, rutinaId: 'r1' })).toBe(false);
    expect(lineOptions(rojo)).toBe('Color: Rojo · Tamaño: 50 ml');
    expect(lineOptions(lineFromProducto(makeProducto()))).toBe('');
  });
  it('sums price times quantity', () => {
    const lines = [{ ...lineFromProducto(crema), cantidad: 2 }, lineFromProducto(makeProducto({ idProducto: 2, precio: 19.95 }))];
    expect(priceOrder(lines, { metodo: 'Recojo en Miraflores' }).subtotal).toBe(19_995);
  });
  it('restores a stored cart with numbers, and starts empty when unreadable', () => {
    const stored = JSON.stringify([{ ...lineFromProducto(crema), precio: '90.00', cantidad: '2', stock: '10' }]);
    expect(parseStoredCart(stored)[0]).toMatchObject({ precio: 90, cantidad: 2, stock: 10 });
    expect(parseStoredCart('{roto')).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
  });
});

describe('routines in the cart', () => {
  const productos = routineProducts('intermedio').map((p, i) =>
    i === 0 ? { ...p, colores: 'Rosa, Azul', tamaños: '50 ml,150 ml', descuento: 10 } : p,
  );

  it('adds one line per step, one unit each, tagged with the routine, its level and step', () => {
    const lines = addRoutineToCart([], productos, 'intermedio', 'r1');
    expect(lines.map((line) => line.rutinaPaso)).toEqual(['limpieza', 'tonico', 'serum', 'hidratante', 'bloqueador']);
    expect(
      lines.every((line) => line.cantidad === 1 && line.esProductoRutina && line.rutinaNivel === 'intermedio' && line.rutinaId === 'r1'),
    ).toBe(true);
    expect(lines[0]).toMatchObject({
      idProducto: 101,
      nombre: productos[0]!.nombreProducto,
      selectedColor: 'Rosa',
      selectedSize: '50 ml',
      precio: 45,
      precioOriginal: 50,
      precio_unitario: 50,
    });
  });

  it('never merges a routine line with an ordinary line of the same product, nor two routines', () => {
    const ordinary = { ...lineFromProducto(makeProducto({ idProducto: 102, precio: 60 })), cantidad: 2 };
    let lines = addRoutineToCart([ordinary], productos, 'intermedio', 'r1');
    lines = addRoutineToCart(lines, productos, 'intermedio', 'r2');
    expect(lines).toHaveLength(11);
    expect(new Set(lines.map(lineRef)).size).toBe(11);
    expect(lines[0]).toEqual(ordinary);
    lines = addLine(lines, lineFromProducto(makeProducto({ idProducto: 102, precio: 60 })));
    expect(lines.filter((line) => line.idProducto === 102).map((line) => line.cantidad)).toEqual([3, 1, 1]);
  });

  it('replaces the lines when the same routine is added again', () => {
    const lines = addRoutineToCart(addRoutineToCart([], productos, 'intermedio', 'r1'), productos.slice(0, 3), 'principiante', 'r1');
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => line.rutinaNivel === 'principiante')).toBe(true);
  });

  it('keeps a routine line at one unit, and removes only the line asked for', () => {
    const lines = addRoutineToCart([], productos, 'intermedio', 'r1');
    expect(updateQuantity(lines, lines[1]!, 3)[1]!.cantidad).toBe(1);
    const rest = removeLine(lines, lines[1]!);
    expect(rest.map((line) => line.idProducto)).toEqual([101, 103, 104, 105]);
    expect(removeLine(lines, { idProducto: 102, selectedColor: '', selectedSize: '' })).toHaveLength(5);
  });
});
