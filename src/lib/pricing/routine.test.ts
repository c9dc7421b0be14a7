import { describe, expect, it } from 'vitest';
import { routineProducts } from '../../../tests/fixtures/rutina.ts';
import { addRoutineToCart, lineFromProducto, lineRef, removeLine } from '../cart/lines.ts';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { priceOrder } from './order.ts';
import { routineDiscounts, rutinasCompletas } from './routine.ts';

const RECOJO = 'Recojo en Miraflores';
const routine = (nivel: 'principiante' | 'intermedio' | 'avanzado', rutinaId = 'r1', firstId = 101) =>
  addRoutineToCart([], routineProducts(nivel, firstId), nivel, rutinaId);

describe('rutinasCompletas', () => {
  it('recognises a complete routine of each level', () => {
    expect(rutinasCompletas(routine('principiante'))).toEqual(new Map([['r1', 'principiante']]));
    expect(rutinasCompletas(routine('intermedio'))).toEqual(new Map([['r1', 'intermedio']]));
    expect(rutinasCompletas(routine('avanzado'))).toEqual(new Map([['r1', 'avanzado']]));
  });

  it('refuses a routine missing a line', () => {
    const lines = routine('intermedio');
    expect(rutinasCompletas(removeLine(lines, lines[2]!)).size).toBe(0);
  });

  it('refuses two lines of the same step, even with the right count', () => {
    const lines = routine('intermedio');
    const twice = lines.map((line, index) => (index === 1 ? { ...line, rutinaPaso: lines[0]!.rutinaPaso } : line));
    expect(rutinasCompletas(twice).size).toBe(0);
  });

  it('refuses a step outside the level and a line that claims another level', () => {
    const lines = routine('principiante');
    expect(rutinasCompletas(lines.map((line, i) => (i === 0 ? { ...line, rutinaPaso: 'serum' as const } : line))).size).toBe(0);
    expect(rutinasCompletas(lines.map((line, i) => (i === 0 ? { ...line, rutinaNivel: 'avanzado' } : line))).size).toBe(0);
    expect(rutinasCompletas(lines.map((line) => ({ ...line, rutinaNivel: 'experto' }))).size).toBe(0);
  });

  it('refuses a line with more than one unit, and lines without a step or not flagged', () => {
    const lines = routine('intermedio');
    expect(rutinasCompletas(lines.map((line, i) => (i === 0 ? { ...line, cantidad: 2 } : line))).size).toBe(0);
    expect(rutinasCompletas(lines.map((line, i) => (i === 0 ? { ...line, rutinaPaso: undefined } : line))).size).toBe(0);
    expect(rutinasCompletas(lines.map((line, i) => (i === 0 ? { ...line, esProductoRutina: false } : line))).size).toBe(0);
  });

  it('judges each rutinaId on its own', () => {
    const lines = [...routine('intermedio', 'a'), ...routine('avanzado', 'b', 201).slice(1)];
    expect(rutinasCompletas(lines)).toEqual(new Map([['a', 'intermedio']]));
  });
});

describe('routine pricing', () => {
  it('takes 0%, 5% and 10% off a complete routine, per unit, after product discounts', () => {
    expect(routineDiscounts(routine('principiante'))).toEqual([0, 0, 0]);
    expect(priceOrder(routine('intermedio'), { metodo: RECOJO }).descuento).toBe(Math.round(5 * (50 + 60 + 70 + 80 + 90)));
    const avanzado = priceOrder(routine('avanzado'), { metodo: RECOJO });
    expect(avanzado.lineas.map((line) => line.rutina)).toEqual(Array(7).fill(10));
    expect(avanzado).toMatchObject({ subtotal: 56_000, descuento: 5600, productos: 50_400 });
    const rebajado = addRoutineToCart(
      [],
      routineProducts('intermedio').map((p, i) => (i === 0 ? { ...p, descuento: 20 } : p)),
      'intermedio',
      'r',
    );
    // 50 − 20% = 40, then − 5% = 38.
    expect(priceOrder(rebajado, { metodo: RECOJO }).lineas[0]).toMatchObject({ conDescuento: 4000, cobrado: 3800 });
  });

  it('prices the rest as ordinary lines once one line of the routine is removed', () => {
    const lines = routine('avanzado');
    const rest = removeLine(lines, lines[3]!);
    expect(priceOrder(rest, { metodo: RECOJO }).descuento).toBe(0);
  });

  it('lets no coupon reach a bundled line, but a principiante line takes it like any other', () => {
    const ordinary = lineFromProducto(makeProducto({ idProducto: 9, precio: 100 }));
    const bundled = [...routine('intermedio'), ordinary];
    const quote = priceOrder(bundled, { cupon: { porcentaje: 20, lineas: bundled.map(lineRef) }, metodo: RECOJO });
    expect(quote.lineas.map((line) => line.cobrado)).toEqual([4750, 5700, 6650, 7600, 8550, 8000]);
    const principiante = routine('principiante');
    expect(
      priceOrder(principiante, { cupon: { porcentaje: 20, lineas: principiante.map(lineRef) }, metodo: RECOJO }).lineas.map(
        (line) => line.cobrado,
      ),
    ).toEqual([4000, 4800, 5600]);
  });
});
