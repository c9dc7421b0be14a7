import { describe, expect, it } from 'vitest';
import { comprobanteSchema } from '../api/checkout-schemas.ts';
import { COMPROBANTE_INICIAL, comprobanteBody, problemaComprobante, readComprobante, sanitizeRuc } from './comprobante.ts';

const factura = { tipo: 'factura' as const, ruc: '20131312955', razonSocial: ' SUNAT ', direccionFiscal: 'Av. Garcilaso de la Vega 1472' };

describe('the receipt chosen at checkout', () => {
  it('reads the stored choice back, and a boleta when there is none or it is unreadable', () => {
    expect(readComprobante(JSON.stringify(factura))).toEqual(factura);
    expect(readComprobante(null)).toEqual(COMPROBANTE_INICIAL);
    expect(readComprobante('{no es json')).toEqual(COMPROBANTE_INICIAL);
    expect(readComprobante(JSON.stringify({ tipo: 'ticket', ruc: 42 }))).toEqual(COMPROBANTE_INICIAL);
  });

  it('keeps the RUC to 11 digits as typed', () => {
    expect(sanitizeRuc('20-131.312 9551')).toBe('20131312955');
  });

  it('sends a boleta as such and a factura trimmed, in the shape the server takes', () => {
    expect(comprobanteBody({ ...factura, tipo: 'boleta' })).toEqual({ tipo: 'boleta' });
    const body = comprobanteBody(factura);
    expect(body).toEqual({ tipo: 'factura', ruc: '20131312955', razon_social: 'SUNAT', direccion_fiscal: 'Av. Garcilaso de la Vega 1472' });
    expect(comprobanteSchema.safeParse(body).success).toBe(true);
  });

  it('finds nothing wrong with a boleta, and the first wrong field of a factura', () => {
    expect(problemaComprobante({ ...COMPROBANTE_INICIAL })).toBeNull();
    expect(problemaComprobante({ ...factura, ruc: '20131312954' })).toEqual({
      campo: 'ruc',
      mensaje: 'El RUC no es válido: revisa sus dígitos.',
    });
  });
});
