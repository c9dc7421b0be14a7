import { describe, expect, it } from 'vitest';
import { diasHabilesEntre, esDiaHabil, sumarDiasHabiles } from '../../lib/dias-habiles.ts';
import { RECLAMOS } from '../../lib/tienda.ts';
import { serverConfig } from '../config.ts';
import { esFeriadoPeru, feriadosPeru, noLaborables } from './calendario.ts';

describe("the complaints book's calendar", () => {
  const peru = noLaborables();

  it("has Peru's public holidays past 2027: Jueves and Viernes Santo 2028 (13 and 14 April), 2030's too", () => {
    expect(esFeriadoPeru('2028-04-13')).toBe(true);
    expect(esFeriadoPeru('2028-04-14')).toBe(true);
    expect(esFeriadoPeru('2028-04-12')).toBe(false);
    expect(esDiaHabil('2028-04-13', peru)).toBe(false);
    expect(esDiaHabil('2028-04-17', peru)).toBe(true);
    for (const dia of [
      '2030-01-01',
      '2030-04-18',
      '2030-04-19',
      '2030-05-01',
      '2030-06-07',
      '2030-06-29',
      '2030-07-23',
      '2030-07-28',
      '2030-07-29',
      '2030-08-06',
      '2030-08-30',
      '2030-10-08',
      '2030-11-01',
      '2030-12-08',
      '2030-12-09',
      '2030-12-25',
    ]) {
      expect(esFeriadoPeru(dia), dia).toBe(true);
    }
    // The national holidays of Ley 27985 and the later laws (7 June, 23 July, 6 August, 9 December), every year.
    expect([...feriadosPeru(2026)]).toEqual(
      expect.arrayContaining(['2026-01-01', '2026-04-02', '2026-04-03', '2026-06-07', '2026-07-23', '2026-08-06', '2026-12-09']),
    );
  });

  it('counts 15 working days across 2028 Semana Santa and 1 May', () => {
    // Monday 10 April 2028: 11, 12 (2); 13 and 14 holidays; 17–21 (7); 24–28 (12); 1 May holiday; 2, 3, 4 (15).
    expect(sumarDiasHabiles('2028-04-10', RECLAMOS.plazoDiasHabiles, peru)).toBe('2028-05-04');
    expect(sumarDiasHabiles('2028-04-10', RECLAMOS.plazoDiasHabiles, () => false)).toBe('2028-05-01');
    expect(diasHabilesEntre('2028-04-12', '2028-04-17', peru)).toBe(1);
  });

  it('counts 15 working days in 2030 across the Fuerza Aérea, Independencia and Junín holidays', () => {
    // Monday 22 July 2030: 23 holiday; 24–26 (3); 29 holiday; 30, 31, 1, 2 Aug (7); 5 (8); 6 holiday; 7–9 (11); 12–15 (15).
    expect(sumarDiasHabiles('2030-07-22', RECLAMOS.plazoDiasHabiles, peru)).toBe('2030-08-15');
  });

  it("adds the shop's own non-working days (SHOP_NON_WORKING_DAYS), refusing what is not a list of dates", () => {
    const { diasNoLaborables } = serverConfig({ SHOP_NON_WORKING_DAYS: ' 2030-08-14, 2030-08-13 ,' }).reclamos;
    expect(diasNoLaborables).toEqual(['2030-08-13', '2030-08-14']);
    expect(sumarDiasHabiles('2030-07-22', RECLAMOS.plazoDiasHabiles, noLaborables(diasNoLaborables))).toBe('2030-08-19');
    expect(serverConfig({}).reclamos.diasNoLaborables).toEqual([]);
    for (const malo of ['14/08/2030', '2030-02-30', 'mañana']) {
      expect(() => serverConfig({ SHOP_NON_WORKING_DAYS: malo })).toThrow(
        /^SHOP_NON_WORKING_DAYS debe ser una lista de fechas AAAA-MM-DD separadas por comas/,
      );
    }
  });
});
