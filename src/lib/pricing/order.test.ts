import { describe, expect, it } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { lineFromProducto, lineRef } from '../cart/lines.ts';
import { toSoles } from './money.ts';
import { priceOrder, repartirMonto } from './order.ts';

const PROVINCIA = 'Envío a provincia (2-5 días hábiles)';
const RECOJO = 'Recojo en Miraflores';
const line = (precio: number, cantidad: number, extra: Parameters<typeof makeProducto>[0] = {}) => ({
  ...lineFromProducto(makeProducto({ idProducto: Math.round(precio * 100), precio, ...extra })),
  cantidad,
});

describe('priceOrder', () => {
  it('rounds the coupon once per unit, so lines always add up to the total', () => {
    const tres = line(33.33, 3);
    const quote = priceOrder([tres], { cupon: { porcentaje: 10, lineas: [lineRef(tres)] }, metodo: RECOJO });
    expect(quote.lineas[0]).toMatchObject({ unitario: 3333, conDescuento: 3333, cobrado: 3000, descuento: 999, total: 9000 });
    expect(quote).toMatchObject({ subtotal: 9999, descuento: 999, productos: 9000, envio: 0, total: 9000 });
    expect(quote.lineas.reduce((sum, l) => sum + l.cobrado * l.cantidad, 0)).toBe(quote.total);
  });

  it('gives the coupon only to the lines it reaches that are eligible', () => {
    const plain = line(50, 2);
    const onSale = line(80, 1, { newores: 'Sale' });
    const discounted = line(40, 1, { descuento: 25 });
    const quote = priceOrder([plain, onSale, discounted], {
      cupon: { porcentaje: 20, lineas: [plain, onSale, discounted].map(lineRef) },
      metodo: RECOJO,
    });
    expect(quote.lineas.map((l) => l.cobrado)).toEqual([4000, 8000, 3000]);
    expect(quote.descuento).toBe(2000);
  });

  it('ships free only above S/250 of products after the coupon', () => {
    const big = line(130, 2);
    expect(priceOrder([big], { metodo: PROVINCIA, tarifa: 15 })).toMatchObject({
      envio: 0,
      envioGratis: true,
      total: 26_000,
      faltaParaEnvioGratis: 0,
    });
    const withCoupon = priceOrder([big], { cupon: { porcentaje: 10, lineas: [lineRef(big)] }, metodo: PROVINCIA, tarifa: 15 });
    expect(withCoupon).toMatchObject({ productos: 23_400, envio: 1500, total: 24_900, envioGratis: false, faltaParaEnvioGratis: 1600 });
    expect(priceOrder([line(125, 2)], { metodo: PROVINCIA, tarifa: 15 })).toMatchObject({ envio: 1500, faltaParaEnvioGratis: 1 });
  });

  it('charges nothing for pickup and leaves an unknown tariff pending', () => {
    expect(priceOrder([line(20, 1)], { metodo: RECOJO, tarifa: 15 }).envio).toBe(0);
    const pending = priceOrder([line(20, 1)], { metodo: PROVINCIA, tarifa: null });
    expect(pending.envio).toBeNull();
    expect(toSoles(pending.total)).toBe(20);
  });

  it('gives no routine bundle discount to a line that merely claims one', () => {
    const claimed = { ...line(60, 1), esProductoRutina: true, rutinaNivel: 'avanzado', rutinaId: 'r1', rutinaPaso: 'serum' as const };
    expect(priceOrder([claimed], { metodo: RECOJO }).total).toBe(6000);
    // Seven lines claiming an avanzado routine without filling its seven steps are no routine either.
    const seven = [1, 2, 3, 4, 5, 6, 7].map((n) => ({
      ...line(60 + n, 1),
      esProductoRutina: true,
      rutinaNivel: 'avanzado',
      rutinaId: 'r1',
      rutinaPaso: 'serum' as const,
    }));
    expect(priceOrder(seven, { metodo: RECOJO }).descuento).toBe(0);
  });
});

describe('a fixed-amount coupon (issue 37)', () => {
  it('shares the amount among the lines it reaches in proportion, unit × quantity, summing to it exactly', () => {
    const a = line(100, 1);
    const b = line(50, 2);
    const onSale = line(80, 1, { newores: 'Sale' });
    const quote = priceOrder([a, b, onSale], { cupon: { porcentaje: 0, monto: 20, lineas: [a, b, onSale].map(lineRef) }, metodo: RECOJO });
    expect(quote.lineas.map((l) => l.cobrado)).toEqual([9000, 4500, 8000]);
    expect(quote.descuento).toBe(2000);
    expect(quote.total).toBe(quote.lineas.reduce((sum, l) => sum + l.cobrado * l.cantidad, 0));
  });
  it('puts the rounding céntimos on the lines with the fewest units', () => {
    const tres = line(33.33, 3);
    const uno = line(10, 1);
    const quote = priceOrder([tres, uno], { cupon: { porcentaje: 0, monto: 10, lineas: [tres, uno].map(lineRef) }, metodo: RECOJO });
    expect(quote.descuento).toBe(1000);
    expect(repartirMonto(1000, [{ precio: 3333, cantidad: 3 }])).toEqual([333]);
  });
  it('never takes more than the lines cost', () => {
    const a = line(15, 1);
    const quote = priceOrder([a], { cupon: { porcentaje: 0, monto: 20, lineas: [lineRef(a)] }, metodo: RECOJO });
    expect(quote).toMatchObject({ descuento: 1500, productos: 0, total: 0 });
  });
});
