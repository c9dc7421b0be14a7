import { describe, expect, it } from 'vitest';
import { COMPROBANTES } from '../tienda.ts';
import { comprobanteSchema, preferenciaSchema } from './checkout-schemas.ts';
import { MENSAJES_COMPROBANTE, primerProblemaFactura, problemaFactura } from './comprobante-rules.ts';

/** A minimal preference body (checkout §7) as a client that knows nothing of receipts sends it. */
const base = {
  cart: [{ id: 1, cantidad: 1, precio: 10 }],
  Recojo: true,
  metadata: { id_usuario: 1, metodo_envio: 'Recojo en Miraflores', costo_envio: 0 },
};
const factura = {
  tipo: 'factura',
  ruc: '20131312955',
  razon_social: 'Superintendencia Nacional de Aduanas',
  direccion_fiscal: 'Av. Garcilaso de la Vega 1472, Lima',
};

/** The first message the route would answer with (parseBody takes the first issue). */
const refusal = (comprobante: unknown) => {
  const parsed = preferenciaSchema.safeParse({ ...base, comprobante });
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

describe('the comprobante asked for at checkout', () => {
  it('is a boleta when absent, null or asked for, so a client written from the spec keeps working', () => {
    expect(preferenciaSchema.parse(base).comprobante).toEqual({ tipo: 'boleta' });
    expect(preferenciaSchema.parse({ ...base, comprobante: null }).comprobante).toEqual({ tipo: 'boleta' });
    expect(preferenciaSchema.parse({ ...base, comprobante: { tipo: 'boleta' } }).comprobante).toEqual({ tipo: 'boleta' });
  });

  it('takes a factura with a valid RUC, razón social and dirección fiscal, trimmed', () => {
    const parsed = comprobanteSchema.parse({
      tipo: 'factura',
      ruc: ' 20131312955 ',
      razon_social: '  SUNAT ',
      direccion_fiscal: ' Av. Garcilaso de la Vega 1472 ',
    });
    expect(parsed).toEqual({
      tipo: 'factura',
      ruc: '20131312955',
      razon_social: 'SUNAT',
      direccion_fiscal: 'Av. Garcilaso de la Vega 1472',
    });
    expect(preferenciaSchema.parse({ ...base, comprobante: { ...factura, ruc: '10467793549' } }).comprobante).toMatchObject({
      tipo: 'factura',
      ruc: '10467793549',
    });
  });

  it('refuses a missing or blank RUC, and a wrong one with the RUC rule’s own message', () => {
    expect(refusal({ ...factura, ruc: undefined })).toBe('Escribe el RUC para tu factura.');
    expect(refusal({ ...factura, ruc: '   ' })).toBe('Escribe el RUC para tu factura.');
    expect(refusal({ ...factura, ruc: '20131312954' })).toBe('El RUC no es válido: revisa sus dígitos.');
    expect(refusal({ ...factura, ruc: '2013131295' })).toBe('El RUC debe tener 11 dígitos.');
    expect(refusal({ ...factura, ruc: '30131312955' })).toBe('El RUC debe empezar con 10, 15, 16, 17 o 20.');
  });

  it('refuses a missing, blank or too long razón social', () => {
    expect(refusal({ ...factura, razon_social: undefined })).toBe('Escribe la razón social para tu factura.');
    expect(refusal({ ...factura, razon_social: '   ' })).toBe('Escribe la razón social para tu factura.');
    expect(refusal({ ...factura, razon_social: 'x'.repeat(COMPROBANTES.razonSocialMaxima) })).toBeNull();
    expect(refusal({ ...factura, razon_social: 'x'.repeat(COMPROBANTES.razonSocialMaxima + 1) })).toBe(
      `La razón social puede tener como máximo ${COMPROBANTES.razonSocialMaxima} caracteres.`,
    );
  });

  it('refuses a missing, blank or too long dirección fiscal', () => {
    expect(refusal({ ...factura, direccion_fiscal: undefined })).toBe('Escribe la dirección fiscal para tu factura.');
    expect(refusal({ ...factura, direccion_fiscal: '' })).toBe('Escribe la dirección fiscal para tu factura.');
    expect(refusal({ ...factura, direccion_fiscal: 'x'.repeat(COMPROBANTES.direccionFiscalMaxima + 1) })).toBe(
      `La dirección fiscal puede tener como máximo ${COMPROBANTES.direccionFiscalMaxima} caracteres.`,
    );
  });

  it('refuses control characters, an unknown type and a comprobante that is not an object, in Spanish', () => {
    expect(refusal({ ...factura, razon_social: 'ACME\u0000 SAC' })).toBe('La razón social contiene caracteres no permitidos.');
    expect(refusal({ tipo: 'ticket' })).toBe(MENSAJES_COMPROBANTE.tipo);
    expect(refusal({})).toBe(MENSAJES_COMPROBANTE.tipo);
    expect(refusal('factura')).toBe(MENSAJES_COMPROBANTE.tipo);
    expect(refusal({ tipo: 'factura' })).toBe('Escribe el RUC para tu factura.');
  });

  it('gives the browser’s form the same messages as the server', () => {
    expect(problemaFactura('ruc', '')).toBe(refusal({ ...factura, ruc: '' }));
    expect(problemaFactura('ruc', '20131312954')).toBe(refusal({ ...factura, ruc: '20131312954' }));
    expect(problemaFactura('razonSocial', ' ')).toBe(refusal({ ...factura, razon_social: ' ' }));
    expect(problemaFactura('direccionFiscal', 'x'.repeat(301))).toBe(refusal({ ...factura, direccion_fiscal: 'x'.repeat(301) }));
    expect(primerProblemaFactura({ ruc: '20131312955', razonSocial: 'SUNAT', direccionFiscal: 'Lima' })).toBeNull();
    expect(primerProblemaFactura({ ruc: '20131312955', razonSocial: '', direccionFiscal: '' })).toEqual({
      campo: 'razonSocial',
      mensaje: 'Escribe la razón social para tu factura.',
    });
  });
});
