import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { slugify } from '../../lib/slug.ts';
import { foldAccents } from '../../lib/text.ts';
import { demoAssets } from '../assets.ts';
import { demoCatalogue } from '../catalogue.ts';
import { DEMO_PRODUCTS } from '../data/index.ts';
import { GRUPOS_EDAD, INQUIETUDES_PIEL, TAXONOMY, TIPOS_PIEL } from '../taxonomy.ts';
import { syntheticCatalogue } from './catalogue.ts';

const N = 2000;
const NOW = new Date('2026-03-01T12:00:00Z');
const { brands, products } = syntheticCatalogue(N, NOW);

const lineOf = new Map(TAXONOMY.flatMap((line) => line.categorias.map((c) => [c.nombre, line.linea] as const)));
const childrenOf = new Map(TAXONOMY.flatMap((line) => line.categorias.map((c) => [c.nombre, c.hijas] as const)));
const fold = (s: string) => foldAccents(s).toLowerCase();
const sentenceCount = (text: string) => (text.match(/[.!?](?=\s|$)/g) ?? []).length;
const list = (field: string) => (field === '' ? [] : field.split(','));

describe(`synthetic catalogue of ${N} products (npm run seed -- --products N)`, () => {
  it('has N products with unique names and slugs, also ignoring case and accents', () => {
    expect(products).toHaveLength(N);
    expect(new Set(products.map((p) => fold(p.nombre))).size).toBe(N);
    expect(new Set(products.map((p) => slugify(p.nombre))).size).toBe(N);
    for (const p of products) expect(p.nombre, p.nombre).toMatch(/^\S+( \S+)*$/);
  });

  it('has at least N/60 brands with unique names, every one with products', () => {
    expect(brands.length).toBeGreaterThanOrEqual(N / 60);
    expect(new Set(brands.map((b) => slugify(b.nombre))).size).toBe(brands.length);
    const used = new Set(products.map((p) => p.marca));
    expect([...used].sort()).toEqual(brands.map((b) => b.nombre).sort());
    // The demo coupons name COSRX, and the demo brands keep their drawn logos.
    expect(brands.find((b) => b.nombre === 'COSRX')?.logo).toMatch(/^\/demo\/marcas\//);
  });

  it('gives about N/40 brands to a large catalogue, with generated names', () => {
    const large = syntheticCatalogue(8000, NOW);
    expect(large.brands.length).toBe(200);
    expect(large.brands.filter((b) => b.logo === null).length).toBe(200 - 52);
  });

  it('spreads products over every categoría and child category, each child with one of its categoría', () => {
    for (const p of products) expect(childrenOf.get(p.categoria), `${p.nombre}: ${p.categoria}/${p.child}`).toContain(p.child);
    const children = new Set(products.map((p) => `${p.categoria}/${p.child}`));
    for (const [categoria, hijas] of childrenOf) {
      for (const hija of hijas) expect(children.has(`${categoria}/${hija}`), `${categoria}/${hija}`).toBe(true);
    }
  });

  it('shows demo artwork that exists, main and hover shots', () => {
    const paths = new Set(demoAssets().map((asset) => asset.path));
    for (const p of products) {
      expect(p.img, p.nombre).toBe(`${p.imagen},${p.imgHover}`);
      expect(paths.has(p.imagen) && paths.has(p.imgHover), p.nombre).toBe(true);
    }
  });

  it('writes every text as sentences: descriptions 1–3, benefits 2–4', () => {
    for (const p of products) {
      for (const text of [p.descripcion, p.beneficios, p.modouso, p.ingredientes]) {
        expect(text, p.nombre).toMatch(/^[A-ZÁÉÍÓÚÑ0-9].*\.$/u);
        expect(text, p.nombre).not.toMatch(/\s{2}|\.\.|undefined/);
      }
      expect(sentenceCount(p.descripcion), p.descripcion).toBeGreaterThanOrEqual(1);
      expect(sentenceCount(p.descripcion), p.descripcion).toBeLessThanOrEqual(3);
      expect(sentenceCount(p.beneficios), p.beneficios).toBeGreaterThanOrEqual(2);
      expect(sentenceCount(p.beneficios), p.beneficios).toBeLessThanOrEqual(4);
    }
    expect(new Set(products.map((p) => p.descripcion)).size).toBe(N);
  });

  it('prices in soles with at most 2 decimals, varied, with discounts and stock like the demo', () => {
    for (const p of products) {
      expect(p.precio, p.nombre).toBeGreaterThan(0);
      expect(Math.round(p.precio * 100) / 100, p.nombre).toBe(p.precio);
      expect(p.precio, p.nombre).toBeLessThanOrEqual(p.esSet ? 260 : 190);
      expect(p.stock, p.nombre).toBeGreaterThanOrEqual(0);
      expect(p.stockTotal, p.nombre).toBeGreaterThanOrEqual(p.stock);
    }
    expect(new Set(products.map((p) => p.precio)).size).toBeGreaterThan(100);
    expect(products.filter((p) => p.descuento > 0 || p.descuentoN > 0).length).toBeGreaterThan(N / 10);
    expect(products.filter((p) => p.stock === 0).length).toBeGreaterThan(0);
    expect(products.filter((p) => p.esSet).length).toBeGreaterThan(N / 40);
  });

  it('tags products with the taxonomy lists only, skincare with all three', () => {
    for (const p of products) {
      for (const [tags, allowed] of [
        [list(p.tipoPiel), TIPOS_PIEL],
        [list(p.edad), GRUPOS_EDAD],
        [list(p.inquietudPiel), INQUIETUDES_PIEL],
      ] as const) {
        expect(new Set(tags).size, p.nombre).toBe(tags.length);
        for (const tag of tags) expect(allowed, p.nombre).toContain(tag);
      }
      if (lineOf.get(p.categoria) === 'Cuidado') {
        expect(
          [p.tipoPiel, p.edad, p.inquietudPiel].every((tags) => tags !== ''),
          p.nombre,
        ).toBe(true);
      }
      for (const size of list(p.tamanos)) expect(size, p.nombre).toMatch(/^\d+(\.\d+)? (ml|g)$/);
    }
  });

  it('is not repetitive: its JSON compresses with brotli (quality 9, as the API serves it) at most 12.5×', () => {
    const json = Buffer.from(JSON.stringify(products));
    const compressed = brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    // Measured 12.0× (the demo's 278 hand-written products: 7.6×; the demo repeated with lot numbers: 33×).
    expect(json.length / compressed.length).toBeLessThanOrEqual(12.5);
  });

  it('is the same on every run', () => {
    expect(JSON.stringify(syntheticCatalogue(300, NOW))).toBe(JSON.stringify(syntheticCatalogue(300, NOW)));
  });

  it('leaves the demo catalogue (no --products) as written', () => {
    expect(demoCatalogue(NOW).products.map((p) => p.nombre)).toEqual(DEMO_PRODUCTS.map((p) => p.nombre));
  });
});
