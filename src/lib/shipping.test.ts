import { describe, expect, it } from 'vitest';
import { ENVIO_PROVINCIA, isHomeDelivery, METODO_POR_DEFECTO, shippingCost, tariffFromText } from './shipping.ts';

describe('shipping', () => {
  it('defaults to pickup in Miraflores', () => {
    expect(METODO_POR_DEFECTO).toBe('Recojo en Miraflores');
    expect(isHomeDelivery(METODO_POR_DEFECTO)).toBe(false);
    expect(isHomeDelivery(ENVIO_PROVINCIA)).toBe(true);
  });
  it('charges the tariff only for province delivery at or below S/250', () => {
    expect(shippingCost(100, ENVIO_PROVINCIA, 15)).toBe(15);
    expect(shippingCost(250, ENVIO_PROVINCIA, 15)).toBe(15);
    expect(shippingCost(250.01, ENVIO_PROVINCIA, 15)).toBe(0);
    expect(shippingCost(100, 'Recojo CC. Plaza Norte', 15)).toBe(0);
  });
  it('reads the tariff number out of PRECIO text', () => {
    expect(tariffFromText('10.00')).toBe(10);
    expect(tariffFromText('S/. 12,50')).toBe(12.5);
    expect(tariffFromText('')).toBe(0);
    expect(tariffFromText(undefined)).toBe(0);
  });
});
