import { describe, expect, it } from 'vitest';
import { marqueeDurationMs } from './marquee.ts';

describe('marqueeDurationMs', () => {
  it('travels at 0.09 px per ms by default', () => {
    expect(marqueeDurationMs(900)).toBe(10_000);
    expect(marqueeDurationMs(1800)).toBe(20_000);
  });
  it('uses the given speed', () => expect(marqueeDurationMs(100, 0.5)).toBe(200));
  it('is 0 for nothing to travel or a bad speed', () => {
    expect(marqueeDurationMs(0)).toBe(0);
    expect(marqueeDurationMs(Number.NaN)).toBe(0);
    expect(marqueeDurationMs(100, 0)).toBe(0);
  });
});
