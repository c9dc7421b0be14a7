import { describe, expect, it } from 'vitest';
import { confirmacionDe, isApproved, orderIdOf, readPaymentResult } from './payment-result.ts';

const back =
  '?collection_id=123&collection_status=approved&payment_id=123&status=approved&external_reference=42&payment_type=credit_card&merchant_order_id=9&preference_id=pref-1&site_id=MPE&processing_mode=aggregator';

describe('payment result pages', () => {
  it("reads Mercado Pago's back URL", () => {
    expect(readPaymentResult(back)).toEqual({
      status: 'approved',
      paymentId: '123',
      preferenceId: 'pref-1',
      externalReference: '42',
      paymentType: 'credit_card',
      merchantOrderId: '9',
    });
    expect(readPaymentResult('?collection_status=pending&collection_id=77')).toMatchObject({ status: 'pending', paymentId: '77' });
    expect(readPaymentResult('?payment_id=null&status=approved').paymentId).toBe('');
  });
  it('approves only with status approved and a payment id', () => {
    expect(isApproved(readPaymentResult(back))).toBe(true);
    expect(isApproved(readPaymentResult('?status=approved'))).toBe(false);
    expect(isApproved(readPaymentResult('?status=pending&payment_id=1'))).toBe(false);
    expect(isApproved(readPaymentResult(''))).toBe(false);
  });
  it('takes the order id from external_reference', () => {
    expect(orderIdOf(readPaymentResult(back))).toBe(42);
    expect(orderIdOf(readPaymentResult('?external_reference=abc'))).toBeNull();
    expect(orderIdOf(readPaymentResult(''))).toBeNull();
  });
  it('says confirmed once the order is paid, delayed after the wait', () => {
    expect(confirmacionDe({ pagado: true }, false)).toBe('confirmado');
    expect(confirmacionDe({ pagado: false }, false)).toBe('confirmando');
    expect(confirmacionDe(null, true)).toBe('demorado');
  });
});
