import { describe, expect, it } from 'vitest';
import { foldAccents } from '../../lib/text.ts';
import type { DemoProduct, Envase } from '../types.ts';
import { GRUPOS_EDAD, INQUIETUDES_PIEL, TAXONOMY, TIPOS_PIEL } from '../taxonomy.ts';
import { DEMO_BRANDS, DEMO_PRODUCTS } from './index.ts';

const ENVASES: Envase[] = ['frasco', 'tubo', 'pote', 'gotero', 'spray', 'sobre', 'barra', 'paleta', 'cushion', 'herramienta', 'set'];
const TEXT_FIELDS = ['descripcion', 'modouso', 'beneficios', 'ingredientes'] as const;
const NO_ESPECIFICADO = 'No especificado.';
const ROUTINE_CATEGORIES = ['Limpieza', 'Tónico', 'Serúm', 'Crema', 'Bloqueador'];

/** categoría → its menu line. */
const lineOf = new Map<string, string>();
/** categoría → its child categories. */
const childrenOf = new Map<string, string[]>();
for (const line of TAXONOMY) {
  for (const cat of line.categorias) {
    lineOf.set(cat.nombre, line.linea);
    childrenOf.set(cat.nombre, cat.hijas);
  }
}

const countBy = <T>(items: T[], key: (item: T) => string): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

/** Sentences end with a period (or ! ?) followed by whitespace or the end of the text; "0.5%" is not an end. */
const sentenceCount = (text: string): number => (text.match(/[.!?](?=\s|$)/g) ?? []).length;

const fold = (s: string): string => foldAccents(s).toLowerCase();

const isSkincare = (p: DemoProduct): boolean => lineOf.get(p.categoria) === 'Cuidado';

describe('DEMO_BRANDS', () => {
  it('has at least 28 brands with unique names', () => {
    expect(DEMO_BRANDS.length).toBeGreaterThanOrEqual(28);
    const names = DEMO_BRANDS.map((b) => b.nombre);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name.trim()).toBe(name);
  });

  it('gives every brand two distinct #rrggbb colours', () => {
    for (const brand of DEMO_BRANDS) {
      expect(brand.colores, brand.nombre).toHaveLength(2);
      for (const colour of brand.colores) expect(colour, brand.nombre).toMatch(/^#[0-9a-f]{6}$/);
      expect(brand.colores[0], brand.nombre).not.toBe(brand.colores[1]);
    }
  });
});

describe('DEMO_PRODUCTS: counts and identity', () => {
  it('has at least 250 products', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(250);
  });

  it('has unique names, also ignoring case and accents', () => {
    const names = DEMO_PRODUCTS.map((p) => p.nombre);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(names.map(fold)).size).toBe(names.length);
    for (const name of names) {
      expect(name.trim(), name).toBe(name);
      expect(name, name).not.toMatch(/\s{2}/);
    }
  });

  it('has accented names so accent-insensitive search can be tested', () => {
    const accented = DEMO_PRODUCTS.filter((p) => fold(p.nombre) !== p.nombre.toLowerCase());
    expect(accented.length).toBeGreaterThanOrEqual(20);
    for (const word of ['Sérum', 'Tónico', 'Bálsamo']) {
      expect(
        DEMO_PRODUCTS.some((p) => p.nombre.includes(word)),
        word,
      ).toBe(true);
    }
  });

  it('uses only brands of DEMO_BRANDS, at least 25 of them, none with more than 20 products', () => {
    const brandNames = new Set(DEMO_BRANDS.map((b) => b.nombre));
    for (const p of DEMO_PRODUCTS) expect(brandNames.has(p.marca), `${p.nombre}: ${p.marca}`).toBe(true);
    const perBrand = countBy(DEMO_PRODUCTS, (p) => p.marca);
    expect(perBrand.size).toBeGreaterThanOrEqual(25);
    for (const [brand, n] of perBrand) expect(n, brand).toBeLessThanOrEqual(20);
  });
});

describe('DEMO_PRODUCTS: taxonomy', () => {
  it('pairs every product with a valid categoría and one of its child categories', () => {
    for (const p of DEMO_PRODUCTS) {
      const children = childrenOf.get(p.categoria);
      expect(children, `${p.nombre}: ${p.categoria}`).toBeDefined();
      expect(children, `${p.nombre}: ${p.child}`).toContain(p.child);
    }
  });

  it('gives every categoría products and every child category at least 2 products', () => {
    const perCategory = countBy(DEMO_PRODUCTS, (p) => p.categoria);
    const perChild = countBy(DEMO_PRODUCTS, (p) => `${p.categoria}/${p.child}`);
    for (const [categoria, children] of childrenOf) {
      expect(perCategory.get(categoria) ?? 0, categoria).toBeGreaterThan(0);
      for (const child of children) expect(perChild.get(`${categoria}/${child}`) ?? 0, `${categoria}/${child}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('puts the bulk in skincare and sizes the other lines as planned', () => {
    const perLine = countBy(DEMO_PRODUCTS, (p) => lineOf.get(p.categoria) ?? '?');
    const cuidado = perLine.get('Cuidado') ?? 0;
    expect(cuidado).toBeGreaterThan(DEMO_PRODUCTS.length / 2);
    expect(perLine.get('Maquillaje') ?? 0).toBeGreaterThanOrEqual(40);
    expect(perLine.get('Maquillaje') ?? 0).toBeLessThanOrEqual(50);
    expect(perLine.get('Corporal') ?? 0).toBeGreaterThanOrEqual(22);
    expect(perLine.get('Corporal') ?? 0).toBeLessThanOrEqual(30);
    expect(perLine.get('Accesorios') ?? 0).toBeGreaterThanOrEqual(12);
    expect(perLine.get('Accesorios') ?? 0).toBeLessThanOrEqual(20);
  });
});

describe('DEMO_PRODUCTS: texts', () => {
  it('writes every text as non-empty sentences ending with a period', () => {
    for (const p of DEMO_PRODUCTS) {
      for (const field of TEXT_FIELDS) {
        const text = p[field];
        const label = `${p.nombre}.${field}`;
        expect(text.trim(), label).toBe(text);
        expect(text.length, label).toBeGreaterThan(0);
        expect(text.endsWith('.'), label).toBe(true);
        expect(text, label).not.toMatch(/\s{2}|\.\./);
        expect(text, label).toMatch(/^[A-ZÁÉÍÓÚÑ0-9]/u);
        expect(sentenceCount(text), label).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('keeps descriptions to 1–3 sentences and benefits to 2–4 sentences', () => {
    for (const p of DEMO_PRODUCTS) {
      const d = sentenceCount(p.descripcion);
      expect(d, p.nombre).toBeGreaterThanOrEqual(1);
      expect(d, p.nombre).toBeLessThanOrEqual(3);
      const b = sentenceCount(p.beneficios);
      expect(b, p.nombre).toBeGreaterThanOrEqual(2);
      expect(b, p.nombre).toBeLessThanOrEqual(4);
    }
  });

  it('leaves ingredients unspecified on about 8 products and usage on 2–3', () => {
    const noIngredients = DEMO_PRODUCTS.filter((p) => p.ingredientes === NO_ESPECIFICADO).length;
    expect(noIngredients).toBeGreaterThanOrEqual(6);
    expect(noIngredients).toBeLessThanOrEqual(10);
    const noUsage = DEMO_PRODUCTS.filter((p) => p.modouso === NO_ESPECIFICADO).length;
    expect(noUsage).toBeGreaterThanOrEqual(2);
    expect(noUsage).toBeLessThanOrEqual(3);
    for (const p of DEMO_PRODUCTS) {
      expect(p.descripcion, p.nombre).not.toBe(NO_ESPECIFICADO);
      expect(p.beneficios, p.nombre).not.toBe(NO_ESPECIFICADO);
    }
  });
});

describe('DEMO_PRODUCTS: prices and packaging', () => {
  it('prices everything in positive soles with at most 2 decimals', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.precio, p.nombre).toBeGreaterThan(0);
      expect(Number.isFinite(p.precio), p.nombre).toBe(true);
      expect(Math.round(p.precio * 100) / 100, p.nombre).toBe(p.precio);
      expect(p.precio, p.nombre).toBeLessThanOrEqual(p.esSet ? 260 : 190);
    }
  });

  it('keeps most prices between 25 and 190 soles and uses .90 endings often', () => {
    const inRange = DEMO_PRODUCTS.filter((p) => p.precio >= 25 && p.precio <= 190).length;
    expect(inRange / DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(0.9);
    const ninety = DEMO_PRODUCTS.filter((p) => Math.round(p.precio * 100) % 100 === 90).length;
    expect(ninety / DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(0.5);
  });

  it('uses a known envase, and envase "set" exactly on sets', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(ENVASES, p.nombre).toContain(p.envase);
      expect(p.envase === 'set', p.nombre).toBe(p.esSet === true);
    }
  });

  it('matches the envase to the product type', () => {
    const expected: Record<string, Envase[]> = {
      Ampolla: ['gotero'],
      'Bruma facial': ['spray'],
      'Mascarilla en tela': ['sobre'],
      'Bloqueador en barra': ['barra'],
      'Bloqueador en crema': ['tubo'],
      'Bloqueador en gel': ['tubo'],
      Cushion: ['cushion'],
      Sombras: ['paleta'],
      Labial: ['barra'],
      'Limpiador en aceite': ['frasco'],
      'Agua micelar': ['frasco'],
    };
    for (const p of DEMO_PRODUCTS) {
      const allowed = expected[p.child];
      if (allowed && !p.esSet) expect(allowed, `${p.nombre}: ${p.envase}`).toContain(p.envase);
      if (p.categoria === 'Accesorios' && !p.esSet) expect(p.envase, p.nombre).toBe('herramienta');
      if (p.envase === 'herramienta') expect(p.categoria, p.nombre).toBe('Accesorios');
    }
  });
});

describe('DEMO_PRODUCTS: variants and flags', () => {
  it('gives at least 20 products 2–5 distinct shades', () => {
    const withColours = DEMO_PRODUCTS.filter((p) => p.colores !== undefined);
    expect(withColours.length).toBeGreaterThanOrEqual(20);
    for (const p of withColours) {
      const colores = p.colores ?? [];
      expect(colores.length, p.nombre).toBeGreaterThanOrEqual(2);
      expect(colores.length, p.nombre).toBeLessThanOrEqual(5);
      expect(new Set(colores).size, p.nombre).toBe(colores.length);
      for (const c of colores) expect(c.trim().length, p.nombre).toBeGreaterThan(0);
    }
  });

  it('gives at least 15 products two or more sizes, a few with shades too', () => {
    const withSizes = DEMO_PRODUCTS.filter((p) => p.tamaños !== undefined);
    expect(withSizes.length).toBeGreaterThanOrEqual(15);
    for (const p of withSizes) {
      const sizes = p.tamaños ?? [];
      expect(sizes.length, p.nombre).toBeGreaterThanOrEqual(2);
      expect(new Set(sizes).size, p.nombre).toBe(sizes.length);
      for (const s of sizes) expect(s, p.nombre).toMatch(/^\d+(\.\d+)? (ml|g)$/);
    }
    expect(withSizes.filter((p) => p.colores !== undefined).length).toBeGreaterThanOrEqual(2);
  });

  it('marks about 30 products vegan and about 60 cruelty-free', () => {
    const vegan = DEMO_PRODUCTS.filter((p) => p.vegano === true);
    const crueltyFree = DEMO_PRODUCTS.filter((p) => p.crueltyFree === true);
    expect(vegan.length).toBeGreaterThanOrEqual(25);
    expect(vegan.length).toBeLessThanOrEqual(40);
    expect(crueltyFree.length).toBeGreaterThanOrEqual(50);
    expect(crueltyFree.length).toBeLessThanOrEqual(80);
    const both = vegan.filter((p) => p.crueltyFree === true).length;
    expect(both / vegan.length).toBeGreaterThanOrEqual(0.8);
  });

  it('flags as vegan every product whose texts call it vegan', () => {
    for (const p of DEMO_PRODUCTS) {
      if (/vegan[oa]/i.test(`${p.descripcion} ${p.beneficios}`)) expect(p.vegano, p.nombre).toBe(true);
    }
  });

  it('has at least 10 sets spread across lines and categorías', () => {
    const sets = DEMO_PRODUCTS.filter((p) => p.esSet === true);
    expect(sets.length).toBeGreaterThanOrEqual(10);
    expect(new Set(sets.map((p) => lineOf.get(p.categoria))).size).toBe(TAXONOMY.length);
    expect(new Set(sets.map((p) => p.categoria)).size).toBeGreaterThanOrEqual(8);
  });
});

describe('DEMO_PRODUCTS: skin tags', () => {
  it('uses only tags from the taxonomy lists, without repeats', () => {
    const tipos = new Set<string>(TIPOS_PIEL);
    const edades = new Set<string>(GRUPOS_EDAD);
    const inquietudes = new Set<string>(INQUIETUDES_PIEL);
    for (const p of DEMO_PRODUCTS) {
      for (const [tags, allowed] of [
        [p.tipo_piel, tipos],
        [p.edad, edades],
        [p.inquietud_piel, inquietudes],
      ] as const) {
        expect(new Set(tags).size, p.nombre).toBe(tags.length);
        for (const tag of tags) expect(allowed.has(tag), `${p.nombre}: ${tag}`).toBe(true);
      }
    }
  });

  it('tags every skincare product with at least one skin type, age group and concern', () => {
    for (const p of DEMO_PRODUCTS.filter(isSkincare)) {
      expect(p.tipo_piel.length, p.nombre).toBeGreaterThan(0);
      expect(p.edad.length, p.nombre).toBeGreaterThan(0);
      expect(p.inquietud_piel.length, p.nombre).toBeGreaterThan(0);
    }
  });

  it('covers every skin type in every routine categoría', () => {
    for (const categoria of ROUTINE_CATEGORIES) {
      for (const tipo of TIPOS_PIEL) {
        const n = DEMO_PRODUCTS.filter((p) => p.categoria === categoria && p.tipo_piel.includes(tipo)).length;
        expect(n, `${categoria} × ${tipo}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('puts every age group and every concern on at least 8 products', () => {
    for (const edad of GRUPOS_EDAD) {
      expect(DEMO_PRODUCTS.filter((p) => p.edad.includes(edad)).length, edad).toBeGreaterThanOrEqual(8);
    }
    for (const inquietud of INQUIETUDES_PIEL) {
      expect(DEMO_PRODUCTS.filter((p) => p.inquietud_piel.includes(inquietud)).length, inquietud).toBeGreaterThanOrEqual(8);
    }
  });

  it('covers every skin type × age group somewhere in skincare', () => {
    const skincare = DEMO_PRODUCTS.filter(isSkincare);
    for (const tipo of TIPOS_PIEL) {
      for (const edad of GRUPOS_EDAD) {
        const n = skincare.filter((p) => p.tipo_piel.includes(tipo) && p.edad.includes(edad)).length;
        expect(n, `${tipo} × ${edad}`).toBeGreaterThanOrEqual(3);
      }
    }
  });
});
