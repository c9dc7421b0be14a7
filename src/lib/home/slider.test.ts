import { describe, expect, it } from 'vitest';
import { arrowTarget, easeInOut, pageStep } from './slider.ts';

// Two 300 px cards in view (gap included in the step), 10 cards in all.
const row = (scrollLeft: number) => ({ scrollLeft, clientWidth: 600, scrollWidth: 3000, cardStep: 300 });

describe('slider arrows', () => {
  it('moves by the cards fully in view', () => {
    expect(pageStep(row(0))).toBe(600);
    // Five 220 px cards with 16 px gaps and 2 px padding: a row of 1168 px, steps of 236 px.
    expect(pageStep({ ...row(0), clientWidth: 1168, cardStep: 236 })).toBe(5 * 236);
    // 2.1 cards in view on a phone: two per press.
    expect(pageStep({ ...row(0), clientWidth: 358, cardStep: 168 })).toBe(2 * 168);
    expect(pageStep({ ...row(0), clientWidth: 500 })).toBe(300);
    expect(pageStep({ ...row(0), cardStep: 0 })).toBe(600);
  });

  it('goes forward and wraps from the end to the start', () => {
    expect(arrowTarget(row(0), 1)).toBe(600);
    expect(arrowTarget(row(2100), 1)).toBe(2400);
    expect(arrowTarget(row(2400), 1)).toBe(0);
    expect(arrowTarget(row(2398.5), 1)).toBe(0);
  });

  it('goes back and wraps from the start to the end', () => {
    expect(arrowTarget(row(1200), -1)).toBe(600);
    expect(arrowTarget(row(300), -1)).toBe(0);
    expect(arrowTarget(row(0), -1)).toBe(2400);
    expect(arrowTarget(row(1.5), -1)).toBe(2400);
  });

  it('stays put when everything fits', () => {
    const all = { scrollLeft: 0, clientWidth: 600, scrollWidth: 600, cardStep: 300 };
    expect(arrowTarget(all, 1)).toBe(0);
    expect(arrowTarget(all, -1)).toBe(0);
  });

  it('eases from 0 to 1', () => {
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(0.5)).toBe(0.5);
    expect(easeInOut(1)).toBe(1);
  });
});
