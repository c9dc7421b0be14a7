import { describe, expect, it } from 'vitest';
import { fechaLima } from './dates.ts';
import { diasHabilesEntre, esDiaHabil, sumarDiasHabiles } from './dias-habiles.ts';

/** The holidays these dates cross (the server's calendar has them all: server/reclamos/calendario.test.ts). */
const feriados = (dia: string) => ['2026-07-28', '2026-07-29', '2026-12-08', '2026-12-09', '2026-12-25'].includes(dia);
const ninguno = () => false;

describe('fechaLima', () => {
  it('takes the date in Lima (UTC−5): late evening there is already tomorrow in UTC', () => {
    expect(fechaLima(new Date('2026-11-27T03:00:00Z'))).toBe('2026-11-26');
    expect(fechaLima(new Date('2026-11-27T05:00:00Z'))).toBe('2026-11-27');
    expect(fechaLima('2026-11-27')).toBe('2026-11-27');
  });
});

describe('esDiaHabil', () => {
  it('refuses Saturdays, Sundays and holidays', () => {
    expect(esDiaHabil('2026-11-27', feriados)).toBe(true); // Friday
    expect(esDiaHabil('2026-11-28', feriados)).toBe(false); // Saturday
    expect(esDiaHabil('2026-11-29', feriados)).toBe(false); // Sunday
    expect(esDiaHabil('2026-12-08', feriados)).toBe(false); // Inmaculada Concepción, a Tuesday
  });
});

describe('sumarDiasHabiles', () => {
  it('skips a weekend', () => {
    // Thursday + 2 working days: Friday, (weekend), Monday.
    expect(sumarDiasHabiles('2026-11-26', 2, feriados)).toBe('2026-11-30');
    expect(sumarDiasHabiles('2026-11-26', 2, ninguno)).toBe('2026-11-30');
  });

  it('skips a weekend and two holidays: 15 working days from Friday 27 November 2026', () => {
    // Nov 30, Dec 1-4 (5), Dec 7, 10, 11 (8: 8 and 9 are holidays), Dec 14-18 (13), Dec 21-22 (15).
    expect(sumarDiasHabiles('2026-11-27', 15, feriados)).toBe('2026-12-22');
    expect(sumarDiasHabiles('2026-11-27', 15, ninguno)).toBe('2026-12-18');
  });

  it('counts from the Lima date of an instant', () => {
    // 23:30 on Friday in Lima is Saturday in UTC: the count still starts after Friday.
    expect(sumarDiasHabiles(new Date('2026-11-28T04:30:00Z'), 1, feriados)).toBe('2026-11-30');
  });

  it('filed on a holiday or weekend, counts from the next working day', () => {
    expect(sumarDiasHabiles('2026-07-28', 1, feriados)).toBe('2026-07-30');
    expect(sumarDiasHabiles('2026-11-28', 1, feriados)).toBe('2026-11-30');
  });
});

describe('diasHabilesEntre', () => {
  it('counts working days up to the deadline, and backwards when it is past', () => {
    expect(diasHabilesEntre('2026-11-27', '2026-12-22', feriados)).toBe(15);
    expect(diasHabilesEntre('2026-12-22', '2026-12-22', feriados)).toBe(0);
    expect(diasHabilesEntre('2026-12-07', '2026-12-10', feriados)).toBe(1);
    expect(diasHabilesEntre('2026-12-23', '2026-12-22', feriados)).toBe(-1);
    expect(diasHabilesEntre('2026-11-30', '2026-11-27', feriados)).toBe(-1);
  });
});
