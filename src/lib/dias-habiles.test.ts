import { describe, expect, it } from 'vitest';
import { fechaLima } from './dates.ts';
import { diasHabilesEntre, esDiaHabil, plazoHabil, sumarDiasHabiles } from './dias-habiles.ts';

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

describe('plazoHabil', () => {
  const plazo = (instante: string, dias = 1) => plazoHabil(new Date(instante), dias, feriados).toISOString();

  it('keeps the time of day of an instant on a working day, across a weekend and holidays', () => {
    // Friday 27 November, 15:00 in Lima → Monday 30, 15:00.
    expect(plazo('2026-11-27T20:00:00Z')).toBe('2026-11-30T20:00:00.000Z');
    // Friday, 23:59 in Lima (Saturday in UTC) → Monday, 23:59.
    expect(plazo('2026-11-28T04:59:00Z')).toBe('2026-12-01T04:59:00.000Z');
    // Monday 7 December, 10:00 → the 8th and 9th are holidays → Thursday 10, 10:00.
    expect(plazo('2026-12-07T15:00:00Z')).toBe('2026-12-10T15:00:00.000Z');
  });

  it("counts an instant on a day off from the next working day's start: the whole of that day is given", () => {
    // Saturday 28 November at 15:00, and Sunday 29 at 00:40 (Monday 05:40 UTC): due when Monday 30 ends.
    expect(plazo('2026-11-28T20:00:00Z')).toBe('2026-12-01T05:00:00.000Z');
    expect(plazo('2026-11-29T05:40:00Z')).toBe('2026-12-01T05:00:00.000Z');
    // On a holiday (Tuesday 8 December): the 9th is one too, so Thursday 10 is the working day given.
    expect(plazo('2026-12-08T15:00:00Z')).toBe('2026-12-11T05:00:00.000Z');
    // Never earlier than an instant paid before it on a working day.
    expect(Date.parse(plazo('2026-11-28T20:00:00Z'))).toBeGreaterThan(Date.parse(plazo('2026-11-28T04:59:00Z')));
    // Two working days from Sunday: Monday is the first day's start, then Tuesday and Wednesday.
    expect(plazo('2026-11-29T15:00:00Z', 2)).toBe('2026-12-02T05:00:00.000Z');
  });
});
