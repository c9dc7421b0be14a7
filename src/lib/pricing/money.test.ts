import { describe, expect, it } from 'vitest';
import { atMostTwoDecimals, formatCentimos, lessPercent, toCentimos, toSoles } from './money.ts';

describe('céntimos', () => {
  it('converts soles without float drift', () => {
    expect(toCentimos(1.005)).toBe(101);
    expect(toCentimos(33.33)).toBe(3333);
    expect(toCentimos(0.1 + 0.2)).toBe(30);
  });
  it('converts céntimos to soles and writes them as a shopper reads them', () => {
    expect(toSoles(8990)).toBe(89.9);
    expect(toSoles(toCentimos(33.33))).toBe(33.33);
    expect(formatCentimos(8990)).toBe('S/ 89.90');
    expect(formatCentimos(5)).toBe('S/ 0.05');
    expect(formatCentimos(0)).toBe('S/ 0.00');
  });
  it('takes a percent off, the price rounded half up, the percent clamped to 0–100', () => {
    expect(lessPercent(3333, 10)).toBe(3000);
    expect(lessPercent(8990, 15)).toBe(7642);
    expect(lessPercent(25, 10)).toBe(23);
    expect(lessPercent(1000, 12.5)).toBe(875);
    expect(lessPercent(1000, 150)).toBe(0);
    expect(lessPercent(1000, -5)).toBe(1000);
  });
  it('accepts figures with at most two decimals, float noise included', () => {
    expect([49.9, 0.1 + 0.2, 33.33, 100, 12.5].every(atMostTwoDecimals)).toBe(true);
    expect([49.999, 0.005, 1.001].some(atMostTwoDecimals)).toBe(false);
  });
});
