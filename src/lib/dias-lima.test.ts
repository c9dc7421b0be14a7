import { describe, expect, it } from 'vitest';
import { ayerEnLima, diasEntre, inicioDiaLima, sumarDias } from './dias-lima.ts';

describe('Lima days', () => {
  it('begin at midnight in Lima, five hours after UTC', () => {
    expect(inicioDiaLima('2026-11-28').toISOString()).toBe('2026-11-28T05:00:00.000Z');
  });

  it('move across months and years, and count both ends', () => {
    expect(sumarDias('2026-02-28', 1)).toBe('2026-03-01');
    expect(sumarDias('2027-01-01', -1)).toBe('2026-12-31');
    expect(diasEntre('2026-11-28', '2026-11-28')).toBe(1);
    expect(diasEntre('2026-11-01', '2026-11-30')).toBe(30);
  });

  it("say yesterday as Lima's calendar does (at 02:00 UTC it is still the day before in Lima)", () => {
    expect(ayerEnLima(new Date('2026-11-29T02:00:00Z'))).toBe('2026-11-27');
    expect(ayerEnLima(new Date('2026-11-29T05:00:00Z'))).toBe('2026-11-28');
  });
});
