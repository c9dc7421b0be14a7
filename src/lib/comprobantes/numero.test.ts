import { describe, expect, it } from 'vitest';
import { leerNumeroComprobante, numeroComprobante } from './numero.ts';

describe('comprobante numbers', () => {
  it('prints the correlative in eight digits and reads it back as typed', () => {
    expect(numeroComprobante('B001', 42)).toBe('B001-00000042');
    expect(leerNumeroComprobante('b001-42')).toEqual({ serie: 'B001', correlativo: 42 });
    expect(leerNumeroComprobante(' F001-00000007 ')).toEqual({ serie: 'F001', correlativo: 7 });
    for (const wrong of ['B001', 'B001-0', 'B0011-1', '42', 'B001-123456789']) expect(leerNumeroComprobante(wrong)).toBeNull();
  });
});
