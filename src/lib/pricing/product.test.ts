import { describe, expect, it } from 'vitest';
import { descuentoEnFechas, etiquetaDescuento, formatSoles, precioFinal, tieneDescuento } from './index.ts';

describe('precioFinal', () => {
  it('applies a percent discount', () => {
    expect(precioFinal({ precio: 100, descuento: 20, descuentoN: 0 })).toBe(80);
    expect(precioFinal({ precio: 89.9, descuento: 15, descuentoN: 0 })).toBe(76.42);
  });
  it('applies a fixed discount, never below zero', () => {
    expect(precioFinal({ precio: 59.9, descuento: 0, descuentoN: 10 })).toBe(49.9);
    expect(precioFinal({ precio: 5, descuento: 0, descuentoN: 10 })).toBe(0);
  });
  it('gives the percent discount precedence over the fixed one', () => {
    expect(precioFinal({ precio: 100, descuento: 10, descuentoN: 30 })).toBe(90);
  });
  it('leaves undiscounted prices alone', () => {
    expect(precioFinal({ precio: 45.5, descuento: 0, descuentoN: 0 })).toBe(45.5);
  });
});

describe('discount labels', () => {
  it('tells whether and how a product is discounted', () => {
    expect(tieneDescuento({ precio: 1, descuento: 0, descuentoN: 0 })).toBe(false);
    expect(tieneDescuento({ precio: 1, descuento: 0, descuentoN: 2 })).toBe(true);
    expect(etiquetaDescuento({ precio: 1, descuento: 25, descuentoN: 5 })).toBe('-25%');
    expect(etiquetaDescuento({ precio: 1, descuento: 0, descuentoN: 5 })).toBe('-S/ 5.00');
    expect(etiquetaDescuento({ precio: 1, descuento: 0, descuentoN: 0 })).toBe('');
  });
  it('formats soles with two decimals', () => {
    expect(formatSoles(89.9)).toBe('S/ 89.90');
    expect(formatSoles(0.005)).toBe('S/ 0.01');
  });
});

describe('descuentoEnFechas', () => {
  it('applies from the first to the last Lima day, both included, an open end being no limit', () => {
    expect(descuentoEnFechas('2026-12-01', '2026-12-01', '2026-12-31')).toBe(true);
    expect(descuentoEnFechas('2026-12-31', '2026-12-01', '2026-12-31')).toBe(true);
    expect(descuentoEnFechas('2026-11-30', '2026-12-01', '2026-12-31')).toBe(false);
    expect(descuentoEnFechas('2027-01-01', '2026-12-01', '2026-12-31')).toBe(false);
    expect(descuentoEnFechas('2030-01-01', '2026-12-01', null)).toBe(true);
    expect(descuentoEnFechas('2020-01-01', null, '2026-12-31')).toBe(true);
    expect(descuentoEnFechas('2020-01-01', null, null)).toBe(true);
  });
});
