import { describe, expect, it } from 'vitest';
import { buildDemoProducts } from './catalogue.ts';

describe('demo catalogue stock (docs/decisions/0041-stock-and-stock-total.md)', () => {
  const productos = buildDemoProducts();

  it('counts the units on the shops’ shelves in stock_total, never fewer than stock', () => {
    for (const p of productos) expect(p.stockTotal, p.nombre).toBeGreaterThanOrEqual(p.stock);
    const inShops = productos.filter((p) => p.stockTotal > p.stock);
    expect(inShops.length).toBeGreaterThan(productos.length / 5);
    for (const p of inShops) expect(p.sedes, p.nombre).not.toBe('');
  });

  it('has products sold out online while a shop still holds some', () => {
    expect(productos.filter((p) => p.stock === 0 && p.stockTotal > 0).length).toBeGreaterThan(0);
  });

  it('keeps a presale’s quota as both fields: it is in no shop yet', () => {
    const presales = productos.filter((p) => p.newores === 'Preventa');
    expect(presales.length).toBeGreaterThan(0);
    for (const p of presales) expect(p.stockTotal, p.nombre).toBe(p.stock);
  });
});
