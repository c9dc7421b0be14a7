import { describe, expect, it } from 'vitest';
import { isValidRuc, rucCheckDigit, rucRefusal } from './ruc.ts';

describe('RUC', () => {
  it("accepts real taxpayers' RUCs (SUNAT's module 11)", () => {
    // SUNAT itself, a bank and a person's RUC (10 + DNI).
    for (const ruc of ['20131312955', '20100047218', '10467793549']) expect(isValidRuc(ruc)).toBe(true);
    expect(rucCheckDigit('2013131295')).toBe(5);
  });
  it('refuses a wrong check digit, length or prefix, in Spanish', () => {
    expect(rucRefusal('20131312954')).toBe('El RUC no es válido: revisa sus dígitos.');
    expect(rucRefusal('2013131295')).toBe('El RUC debe tener 11 dígitos.');
    expect(rucRefusal('2013131295a')).toBe('El RUC debe tener 11 dígitos.');
    expect(rucRefusal('30131312955')).toBe('El RUC debe empezar con 10, 15, 16, 17 o 20.');
  });
});
