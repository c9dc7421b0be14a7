import { describe, expect, it } from 'vitest';
import { csvTexto } from '../csv.ts';
import { codigoDeObservacion, CODIGOS_SUNAT, explicarCodigoSunat, normalizarCodigoSunat } from './sunat-codigos.ts';

describe("SUNAT's codes in plain words", () => {
  it('reads a code as SUNAT writes it, whatever the padding', () => {
    expect(normalizarCodigoSunat('109')).toBe('0109');
    expect(normalizarCodigoSunat(' 0109 ')).toBe('0109');
    expect(normalizarCodigoSunat('0')).toBe('0');
    expect(normalizarCodigoSunat('00')).toBe('0');
    expect(normalizarCodigoSunat('2017')).toBe('2017');
    expect(normalizarCodigoSunat('soap-env:Client')).toBeNull();
    expect(normalizarCodigoSunat(null)).toBeNull();
  });

  it("says the common ones in a sentence, and nothing for one it does not know (the screens show SUNAT's message)", () => {
    expect(explicarCodigoSunat('2017')).toMatch(/^Una factura necesita el RUC del comprador/);
    expect(explicarCodigoSunat('109')).toBe(CODIGOS_SUNAT['0109']);
    expect(explicarCodigoSunat('0')).toBe('SUNAT aceptó el comprobante: es válido.');
    expect(explicarCodigoSunat('3999')).toBeNull();
    expect(explicarCodigoSunat(null)).toBeNull();
  });

  it('tells by its words what each range means: exceptions resend, rejections need a new number, observations are valid', () => {
    for (const [codigo, texto] of Object.entries(CODIGOS_SUNAT)) {
      const n = Number(codigo);
      if (n >= 100 && n < 1000) expect(texto, codigo).toMatch(/mismo número|proveedor/);
      if (n >= 4000) expect(texto, codigo).toMatch(/^Aceptado con una observación/);
      expect(texto, codigo).toMatch(/\.$/);
    }
    expect(codigoDeObservacion('4287 - El precio unitario ingresado no corresponde')).toBe('4287');
    expect(codigoDeObservacion('Sin código')).toBeNull();
  });
});

describe('a CSV text cell', () => {
  it('keeps a text a spreadsheet would run as a formula as text, and quotes the separators', () => {
    expect(csvTexto('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvTexto('-2+3')).toBe("'-2+3");
    expect(csvTexto('Botica; =1+1')).toBe(`"Botica;' =1+1"`);
    expect(csvTexto('Sol, S.A.C.')).toBe('"Sol, S.A.C."');
    expect(csvTexto('Ana Quispe')).toBe('Ana Quispe');
  });
});
