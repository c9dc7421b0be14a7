import { describe, expect, it } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { routineProducts } from '../../../tests/fixtures/rutina.ts';
import { addRoutineToCart, lineFromProducto, lineRef, removeLine } from '../cart/lines.ts';
import { priceOrder } from './order.ts';

const METODO = 'Recojo en Miraflores';
import {
  couponEligibleLines,
  discountStillApplies,
  evaluateCoupon,
  hasEligibleLines,
  isLineCouponEligible,
  MENSAJES_CUPON,
  todayInLima,
  valorCupon,
  type GlobalCoupon,
} from './coupons.ts';
import { parseGlobalCoupons } from '../cart/coupons.ts';

const plain = lineFromProducto(makeProducto({ idProducto: 1, precio: 100, idMarca: 7 }));
const plain2 = { ...lineFromProducto(makeProducto({ idProducto: 2, precio: 50, idMarca: 8 })), cantidad: 2 };
const discounted = lineFromProducto(makeProducto({ idProducto: 3, precio: 80, descuento: 10 }));
const fixed = lineFromProducto(makeProducto({ idProducto: 4, precio: 80, descuentoN: 5 }));
const sale = lineFromProducto(makeProducto({ idProducto: 5, precio: 80, newores: 'Sale' }));
const brands: Record<number, number> = { 1: 7, 2: 8, 3: 7 };
const marcaDe = (id: number) => brands[id];

const global = (overrides: Partial<GlobalCoupon> = {}): GlobalCoupon => ({
  codigo: 'KBEAUTY10',
  descuento: 10,
  fecha_inicio: '2026-01-01',
  fecha_fin: '2026-12-31',
  activo: true,
  usado: false,
  assignedProducts: [],
  assignedBrands: [],
  ...overrides,
});
const evaluate = (
  codigo: string,
  coupons: GlobalCoupon[],
  lines = [plain, plain2],
  userCoupon = null as null | { code: string; porcentaje: number; usado: boolean },
  hoy = '2026-06-15',
) => evaluateCoupon(codigo, { userCoupon, globalCoupons: coupons }, lines, marcaDe, hoy);

describe('coupon eligibility', () => {
  it('excludes products with a percent or fixed discount or flagged Sale', () => {
    expect(hasEligibleLines([discounted, fixed, sale])).toBe(false);
    expect(hasEligibleLines([discounted, plain])).toBe(true);
    expect(evaluate('kbeauty10', [global()], [discounted, fixed, sale])).toEqual({ ok: false, mensaje: MENSAJES_CUPON.todosInelegibles });
  });
  it('compares codes trimmed and case-insensitively', () => {
    const result = evaluate('  kBeauty10 ', [global()]);
    expect(result.ok && result.applied).toMatchObject({ kind: 'global', porcentaje: 10 });
  });
  it('rejects unknown, inactive or used codes as invalid', () => {
    expect(evaluate('NOPE', [global()])).toEqual({ ok: false, mensaje: 'Código de descuento inválido' });
    expect(evaluate('KBEAUTY10', [global({ activo: false })])).toEqual({ ok: false, mensaje: 'Código de descuento inválido' });
    expect(evaluate('KBEAUTY10', [global({ usado: true })])).toEqual({ ok: false, mensaje: 'Código de descuento inválido' });
    expect(evaluate('   ', [global()])).toEqual({ ok: false, mensaje: 'Código de descuento inválido' });
  });
  it('checks the dates', () => {
    expect(evaluate('KBEAUTY10', [global({ fecha_inicio: '2026-07-01' })])).toEqual({
      ok: false,
      mensaje: 'Descuento no vigente: Este descuento comienza el 01/07/2026',
    });
    expect(evaluate('KBEAUTY10', [global({ fecha_fin: '2026-06-14' })])).toEqual({
      ok: false,
      mensaje: 'Descuento expirado: El descuento global ya ha expirado.',
    });
    expect(evaluate('KBEAUTY10', [global({ fecha_inicio: '2026-06-15', fecha_fin: '2026-06-15' })]).ok).toBe(true);
  });
  it('needs a cart item among the assigned products or brands', () => {
    expect(evaluate('KBEAUTY10', [global({ assignedBrands: [99] })])).toEqual({ ok: false, mensaje: MENSAJES_CUPON.sinAsignados });
    const byBrand = evaluate('KBEAUTY10', [global({ assignedBrands: [8] })]);
    expect(byBrand.ok && byBrand.applied.lineas).toEqual(['2||']);
    expect(byBrand.ok && byBrand.applied.notas).toEqual(['Algunos productos no aplican a este descuento']);
    const byProduct = evaluate('KBEAUTY10', [global({ assignedProducts: [1] })]);
    expect(byProduct.ok && byProduct.applied.lineas).toEqual(['1||']);
    // A discounted product of the assigned brand does not count.
    expect(evaluate('KBEAUTY10', [global({ assignedBrands: [7] })], [discounted, plain2])).toEqual({
      ok: false,
      mensaje: MENSAJES_CUPON.sinAsignados,
    });
  });
  it('notes products that already had a discount', () => {
    const result = evaluate('KBEAUTY10', [global()], [plain, discounted]);
    expect(result.ok && result.applied.notas).toEqual([MENSAJES_CUPON.algunosConDescuento]);
  });
  it("applies the customer's own coupon unless used", () => {
    const mine = { code: 'BIENVENIDA-ANA', porcentaje: 15, usado: false };
    const ok = evaluate('bienvenida-ana', [], [plain], mine);
    expect(ok.ok && ok.applied).toMatchObject({ kind: 'user', porcentaje: 15 });
    expect(evaluate('BIENVENIDA-ANA', [], [plain], { ...mine, usado: true })).toEqual({ ok: false, mensaje: 'Cupón ya utilizado' });
  });
});

describe('coupon amount and reset', () => {
  it('takes the percent off the reached lines only', () => {
    const result = evaluate('KBEAUTY10', [global()], [plain, plain2, discounted]);
    if (!result.ok) throw new Error(result.mensaje);
    const lines = [plain, plain2, discounted];
    expect(priceOrder(lines, { cupon: result.applied, metodo: METODO }).descuento).toBe(2000);
    expect(priceOrder([plain], { cupon: null, metodo: METODO }).descuento).toBe(0);
  });
  it('resets when the cart is empty or no reached line remains', () => {
    const result = evaluate('KBEAUTY10', [global({ assignedProducts: [1] })], [plain, plain2]);
    if (!result.ok) throw new Error(result.mensaje);
    expect(discountStillApplies([plain, plain2], result.applied)).toBe(true);
    expect(discountStillApplies([plain2], result.applied)).toBe(false);
    expect(discountStillApplies([], result.applied)).toBe(false);
  });
  it("knows Lima's date", () => {
    expect(todayInLima(new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-21');
  });
});

describe('coupons and routines', () => {
  const intermedio = addRoutineToCart([], routineProducts('intermedio'), 'intermedio', 'r1');
  const principiante = addRoutineToCart([], routineProducts('principiante', 201), 'principiante', 'r2');

  it('never reaches a line of a complete routine with a bundle discount', () => {
    expect(hasEligibleLines(intermedio)).toBe(false);
    expect(evaluate('KBEAUTY10', [global()], intermedio)).toEqual({ ok: false, mensaje: MENSAJES_CUPON.todosInelegibles });
    const result = evaluate('KBEAUTY10', [global()], [...intermedio, plain]);
    expect(result.ok && result.applied.lineas).toEqual([lineRef(plain)]);
    expect(isLineCouponEligible(intermedio[0]!, [...intermedio, plain])).toBe(false);
  });

  it('treats principiante lines (0%) and the lines of an incomplete routine as ordinary', () => {
    expect(couponEligibleLines(principiante)).toEqual(principiante);
    const incomplete = removeLine(intermedio, intermedio[0]!);
    expect(couponEligibleLines(incomplete)).toEqual(incomplete);
  });

  it('drops the coupon when only bundled lines remain', () => {
    const result = evaluate('KBEAUTY10', [global()], [...intermedio, plain]);
    if (!result.ok) throw new Error(result.mensaje);
    expect(discountStillApplies([...intermedio, plain], result.applied)).toBe(true);
    expect(discountStillApplies(intermedio, result.applied)).toBe(false);
  });
});

describe('shop coupon rules of the back office (issue 37)', () => {
  it('applies a fixed amount and says it as soles', () => {
    const result = evaluate('KBEAUTY10', [global({ tipo: 'monto', monto: 20, descuento: 0 })]);
    expect(result.ok && result.applied).toMatchObject({ kind: 'global', porcentaje: 0, monto: 20 });
    expect(result.ok && valorCupon(result.applied)).toBe('S/ 20.00');
    expect(valorCupon({ porcentaje: 15 })).toBe('15%');
  });
  it('refuses an order below the minimum, naming what is missing, and drops the coupon when the cart falls below it', () => {
    // plain 100 + plain2 2 × 50 = S/ 200 of products.
    expect(evaluate('KBEAUTY10', [global({ minimo: 250 })])).toEqual({ ok: false, mensaje: MENSAJES_CUPON.minimo(250, 50) });
    expect(MENSAJES_CUPON.minimo(250, 50)).toBe(
      'Pedido mínimo no alcanzado: Este cupón es para pedidos desde S/ 250.00 en productos; te faltan S/ 50.00.',
    );
    const result = evaluate('KBEAUTY10', [global({ minimo: 200 })]);
    expect(result.ok && result.applied.minimo).toBe(200);
    const applied = result.ok ? result.applied : null;
    expect(discountStillApplies([plain, plain2], applied)).toBe(true);
    expect(discountStillApplies([plain, { ...plain2, cantidad: 1 }], applied)).toBe(false);
  });
  it('says a coupon this customer already used, or whose uses are all taken', () => {
    expect(evaluate('KBEAUTY10', [global({ usadoPorTi: true })])).toEqual({ ok: false, mensaje: 'Cupón ya utilizado' });
    expect(evaluate('KBEAUTY10', [global({ agotado: true })])).toEqual({ ok: false, mensaje: MENSAJES_CUPON.agotado });
  });
  it('reads the rules from the wire, and a shop API without them as the percent coupons they were', () => {
    const wire = {
      codigo: 'X20',
      descuento: 0,
      fecha_inicio: '2026-01-01',
      fecha_fin: '2026-12-31',
      activo: true,
      usado: false,
      assignedProducts: '',
      assignedBrands: '',
    };
    expect(parseGlobalCoupons([{ ...wire, tipo: 'monto', monto: 20, minimo: 100, agotado: true, usadoPorTi: false }])).toEqual([
      { ...wire, assignedProducts: [], assignedBrands: [], tipo: 'monto', monto: 20, minimo: 100, agotado: true },
    ]);
    expect(parseGlobalCoupons([wire])).toEqual([{ ...wire, assignedProducts: [], assignedBrands: [] }]);
  });
});
