import { describe, expect, it } from 'vitest';
import { shippingCentimos } from '../pricing/shipping.ts';
import { ENVIO_PROVINCIA, isHomeDelivery, METODO_POR_DEFECTO, tariffFromText } from './methods.ts';

describe('shipping', () => {
  it('defaults to pickup in Miraflores', () => {
    expect(METODO_POR_DEFECTO).toBe('Recojo en Miraflores');
    expect(isHomeDelivery(METODO_POR_DEFECTO)).toBe(false);
    expect(isHomeDelivery(ENVIO_PROVINCIA)).toBe(true);
  });
  it('charges the tariff only for province delivery at or below S/250', () => {
    expect(shippingCentimos(10_000, ENVIO_PROVINCIA, 15)).toBe(1500);
    expect(shippingCentimos(25_000, ENVIO_PROVINCIA, 15)).toBe(1500);
    expect(shippingCentimos(25_001, ENVIO_PROVINCIA, 15)).toBe(0);
    expect(shippingCentimos(10_000, 'Recojo CC. Plaza Norte', 15)).toBe(0);
    expect(shippingCentimos(10_000, ENVIO_PROVINCIA, null)).toBeNull();
  });
  it('reads the tariff number out of PRECIO text', () => {
    expect(tariffFromText('10.00')).toBe(10);
    expect(tariffFromText('S/. 12,50')).toBe(12.5);
    expect(tariffFromText('')).toBe(0);
    expect(tariffFromText(undefined)).toBe(0);
  });
});
