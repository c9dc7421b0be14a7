import { describe, expect, it } from 'vitest';
import { readStoredCode } from '../checkout/stored-payload.ts';
import { parseGlobalCoupons, parseUserCoupon, splitMensaje, toIdList } from './coupons.ts';

describe('coupon wire data', () => {
  it('converts the comma-separated assignments to number arrays', () => {
    expect(toIdList('1, 2,x,,3')).toEqual([1, 2, 3]);
    expect(toIdList('')).toEqual([]);
    expect(toIdList(null)).toEqual([]);
    expect(toIdList(7)).toEqual([7]);
    const [coupon] = parseGlobalCoupons([
      {
        codigo: 'COSRX20',
        descuento: '20',
        fecha_inicio: '2026-01-01',
        fecha_fin: '2026-12-31',
        activo: true,
        usado: 0,
        assignedProducts: '',
        assignedBrands: '7',
      },
      { nada: true },
    ]);
    expect(coupon).toEqual({
      codigo: 'COSRX20',
      descuento: 20,
      fecha_inicio: '2026-01-01',
      fecha_fin: '2026-12-31',
      activo: true,
      usado: false,
      assignedProducts: [],
      assignedBrands: [7],
    });
    expect(parseGlobalCoupons({})).toEqual([]);
  });
  it('leaves out coupons with a field it cannot read', () => {
    const ok = {
      codigo: 'X',
      descuento: 10,
      fecha_inicio: '2026-01-01',
      fecha_fin: '2026-12-31',
      activo: '1',
      usado: null,
      assignedProducts: [3, '4'],
      assignedBrands: null,
    };
    expect(parseGlobalCoupons([ok])).toEqual([{ ...ok, activo: true, usado: false, assignedProducts: [3, 4], assignedBrands: [] }]);
    for (const broken of [
      { descuento: 'diez' },
      { descuento: undefined },
      { activo: undefined },
      { usado: {} },
      { assignedBrands: true },
      { assignedProducts: [{}] },
      { fecha_fin: 20261231 },
    ]) {
      expect(parseGlobalCoupons([{ ...ok, ...broken }]), JSON.stringify(broken)).toEqual([]);
    }
    expect(parseUserCoupon({ code: 'A', porcentaje: 'x', usado: false })).toBeNull();
    expect(parseUserCoupon({ code: 'A', porcentaje: '15' })).toBeNull();
    expect(parseUserCoupon(null)).toBeNull();
  });
  it('reads the user coupon', () => {
    expect(parseUserCoupon({ code: 'BIENVENIDA-ANA', porcentaje: 10, usado: '1' })).toEqual({
      code: 'BIENVENIDA-ANA',
      porcentaje: 10,
      usado: true,
    });
    expect(parseUserCoupon({ mensaje: 'No tienes cupones disponibles.' })).toBeNull();
  });
  it('splits "Title: text" messages', () => {
    expect(splitMensaje('Descuento expirado: El descuento global ya ha expirado.')).toEqual({
      title: 'Descuento expirado',
      text: 'El descuento global ya ha expirado.',
    });
    expect(splitMensaje('Código de descuento inválido')).toEqual({ title: 'Código de descuento inválido', text: '' });
  });
  it('restores the stored code', () => {
    expect(readStoredCode(JSON.stringify({ codigo: 'KBEAUTY10' }))).toBe('KBEAUTY10');
    expect(readStoredCode('{roto')).toBe('');
  });
});
