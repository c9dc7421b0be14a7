import { describe, expect, it } from 'vitest';
import { paymentLine, paymentStatusText } from './pagos.ts';

describe("an order's payments as the operator reads them", () => {
  it("says the provider's status in Spanish, and when the amount did not match the order", () => {
    expect(paymentStatusText('refunded')).toBe('devuelto');
    expect(paymentStatusText('no-coincide:approved')).toBe('aprobado, no coincide con el pedido');
    expect(paymentStatusText('estado_nuevo')).toBe('estado_nuevo');
  });

  it('puts one payment in a line: id, status in both words, amount, means and whether it paid the order', () => {
    const pago = {
      id: '123',
      estado: 'approved',
      detalle: 'accredited',
      monto: 120.5,
      moneda: 'PEN',
      tipo: 'credit_card',
      fecha: '2026-11-29T00:00:00.000Z',
      del_pedido: true,
    };
    expect(paymentLine(pago)).toBe('123  aprobado (approved, accredited) · S/ 120.50 · credit_card · pagó el pedido');
    expect(paymentLine({ ...pago, estado: 'charged_back', detalle: '', moneda: 'USD', tipo: '', del_pedido: false })).toBe(
      '123  contracargo (charged_back) · 120.5 USD',
    );
  });
});
