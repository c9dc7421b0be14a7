import { describe, expect, it } from 'vitest';
import { importeEnLetras, numeroEnLetras } from './letras.ts';

describe('amounts in words', () => {
  it('writes the numbers of a comprobante in Spanish', () => {
    const casos: [number, string][] = [
      [0, 'CERO'],
      [1, 'UNO'],
      [15, 'QUINCE'],
      [16, 'DIECISÉIS'],
      [20, 'VEINTE'],
      [21, 'VEINTIUNO'],
      [22, 'VEINTIDÓS'],
      [30, 'TREINTA'],
      [31, 'TREINTA Y UNO'],
      [99, 'NOVENTA Y NUEVE'],
      [100, 'CIEN'],
      [101, 'CIENTO UNO'],
      [120, 'CIENTO VEINTE'],
      [200, 'DOSCIENTOS'],
      [555, 'QUINIENTOS CINCUENTA Y CINCO'],
      [777, 'SETECIENTOS SETENTA Y SIETE'],
      [999, 'NOVECIENTOS NOVENTA Y NUEVE'],
      [1000, 'MIL'],
      [1001, 'MIL UNO'],
      [1100, 'MIL CIEN'],
      [2021, 'DOS MIL VEINTIUNO'],
      [21_000, 'VEINTIÚN MIL'],
      [31_000, 'TREINTA Y UN MIL'],
      [100_000, 'CIEN MIL'],
      [101_000, 'CIENTO UN MIL'],
      [999_999, 'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE'],
      [1_000_000, 'UN MILLÓN'],
      [1_000_001, 'UN MILLÓN UNO'],
      [2_500_000, 'DOS MILLONES QUINIENTOS MIL'],
      [21_000_000, 'VEINTIÚN MILLONES'],
      [1_001_000_000, 'MIL UN MILLONES'],
    ];
    for (const [n, letras] of casos) expect(numeroEnLetras(n), String(n)).toBe(letras);
  });

  it('writes a total in céntimos as SUNAT asks: the soles in words and the céntimos over 100', () => {
    expect(importeEnLetras(12_050)).toBe('CIENTO VEINTE CON 50/100 SOLES');
    expect(importeEnLetras(100)).toBe('UNO CON 00/100 SOLES');
    expect(importeEnLetras(5)).toBe('CERO CON 05/100 SOLES');
    expect(importeEnLetras(2_100_099)).toBe('VEINTIÚN MIL CON 99/100 SOLES');
    expect(importeEnLetras(150_000_000)).toBe('UN MILLÓN QUINIENTOS MIL CON 00/100 SOLES');
  });

  it('refuses what is not a whole non-negative amount', () => {
    for (const wrong of [-1, 1.5, Number.NaN, 1e15]) expect(() => numeroEnLetras(wrong)).toThrow(RangeError);
    expect(() => importeEnLetras(10.5)).toThrow(RangeError);
  });
});
