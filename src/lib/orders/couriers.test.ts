import { describe, expect, it } from 'vitest';
import { courierPorNombre, GUIA, seguimientoDe } from './couriers.ts';

describe('couriers', () => {
  it('finds a courier by id, name or first word, ignoring case and accents', () => {
    expect(courierPorNombre('Olva')?.id).toBe('olva');
    expect(courierPorNombre('olva courier')?.id).toBe('olva');
    expect(courierPorNombre(' SHALOM ')?.id).toBe('shalom');
    expect(courierPorNombre('tienda')?.nombre).toBe('Reparto de K-Beauty Perú');
    expect(courierPorNombre('DHL')).toBeUndefined();
    expect(courierPorNombre('')).toBeUndefined();
  });
  it('links the tracking page when the courier has one', () => {
    expect(seguimientoDe('olva', '123456789')).toEqual({ courier: 'Olva Courier', guia: '123456789', url: 'https://www.olvacourier.com/' });
    expect(seguimientoDe('tienda', 'R-0042')).toEqual({ courier: 'Reparto de K-Beauty Perú', guia: 'R-0042', url: null });
    expect(seguimientoDe(null, null)).toBeNull();
    expect(GUIA.test('12 34')).toBe(false);
  });
});
