import { describe, expect, it } from 'vitest';
import { noLaborables } from '../reclamos/calendario.ts';
import { hace, periodosLima } from './inicio.ts';
import { estaAtrasado, limitePreparacion } from './queries.ts';

describe("the home's periods and an order's lateness (Lima time)", () => {
  it("cuts days and Monday-based weeks at Lima's midnight, not UTC's", () => {
    // 03:30 UTC on Monday 30 November is still Sunday 29 November, 22:30, in Lima.
    const p = periodosLima(new Date('2026-11-30T03:30:00Z'));
    expect(p.hoy.map((d) => d.toISOString())).toEqual(['2026-11-29T05:00:00.000Z', '2026-11-30T05:00:00.000Z']);
    expect(p.ayer[0].toISOString()).toBe('2026-11-28T05:00:00.000Z');
    expect(p.semana.map((d) => d.toISOString())).toEqual(['2026-11-23T05:00:00.000Z', '2026-11-30T05:00:00.000Z']);
    expect(p.semanaAnterior.map((d) => d.toISOString())).toEqual(['2026-11-16T05:00:00.000Z', '2026-11-23T05:00:00.000Z']);
    // On a Monday the week starts that morning.
    expect(periodosLima(new Date('2026-11-30T15:00:00Z')).semana[0].toISOString()).toBe('2026-11-30T05:00:00.000Z');
  });

  it('flags a paid order unprepared one working day after its payment, skipping weekends and holidays', () => {
    const calendario = noLaborables();
    // Paid Friday 27 November at 15:00 Lima: late from Monday 30 at 15:00.
    const viernes = new Date('2026-11-27T20:00:00Z');
    expect(limitePreparacion(viernes, calendario).toISOString()).toBe('2026-11-30T20:00:00.000Z');
    expect(estaAtrasado({ estado: 'EN PREPARACION', pagado: viernes }, new Date('2026-11-30T19:59:00Z'), calendario)).toBe(false);
    expect(estaAtrasado({ estado: 'EN PREPARACION', pagado: viernes }, new Date('2026-11-30T20:01:00Z'), calendario)).toBe(true);
    // Paid Monday 7 December at 10:00: the 8th (Inmaculada Concepción) and the 9th (Batalla de Ayacucho) do not count.
    expect(limitePreparacion(new Date('2026-12-07T15:00:00Z'), calendario).toISOString()).toBe('2026-12-10T15:00:00.000Z');
    // The shop's own non-working days (SHOP_NON_WORKING_DAYS) do not count either.
    expect(limitePreparacion(viernes, noLaborables(['2026-11-30'])).toISOString()).toBe('2026-12-01T20:00:00.000Z');
    // Shipped, or never paid, is never late.
    expect(estaAtrasado({ estado: 'EN TRANSITO', pagado: viernes }, new Date('2027-01-01'), calendario)).toBe(false);
    expect(estaAtrasado({ estado: 'EN PREPARACION', pagado: null }, new Date('2027-01-01'), calendario)).toBe(false);
  });

  it('says how long ago in a few words', () => {
    const ahora = new Date('2026-11-30T12:00:00Z');
    expect(hace(new Date('2026-11-30T11:30:00Z'), ahora)).toBe('hace menos de una hora');
    expect(hace(new Date('2026-11-30T11:00:00Z'), ahora)).toBe('hace 1 hora');
    expect(hace(new Date('2026-11-29T12:00:00Z'), ahora)).toBe('hace 24 horas');
    expect(hace(new Date('2026-11-27T12:00:00Z'), ahora)).toBe('hace 3 días');
  });
});
