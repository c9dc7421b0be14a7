import { slugify } from '../../lib/slug.ts';
import { decorateProduct, demoBrands, type SeedCatalogue, type SeedProduct } from '../catalogue.ts';
import { DEMO_PRODUCTS } from '../data/index.ts';
import type { DemoProduct } from '../types.ts';
import { hashString, pick, sample, seededRandom, shuffle } from '../random.ts';
import { GRUPOS_EDAD, INQUIETUDES_PIEL, TAXONOMY, TIPOS_PIEL } from '../taxonomy.ts';
import { syntheticBrandNames } from './brands.ts';
import { COLLECTIONS, EDITIONS, INGREDIENT_KEYS, MAKEUP_KEYS, MATERIAL_KEYS, SET_PREFIXES, TYPES_BY_CHILD } from './names.ts';
import { SHADE_WORDS, SIZES, WORDS_BY_LINE } from './phrases.ts';
import { writeTexts } from './texts.ts';

/** Average products per brand of the synthetic catalogue. */
const PRODUCTS_PER_BRAND = 40;

const LINE_OF = new Map(TAXONOMY.flatMap((line) => line.categorias.map((categoria) => [categoria.nombre, line.linea] as const)));
const KEYS_BY_LINE: Record<string, readonly string[]> = {
  Cuidado: INGREDIENT_KEYS,
  Corporal: INGREDIENT_KEYS,
  Maquillaje: MAKEUP_KEYS,
  Accesorios: MATERIAL_KEYS,
};

/**
 * A catalogue of `count` invented products for benchmarks, the same on every machine: unique names
 * and texts written from vocabulary, one brand per 40 products (the demo's 52 real brands with their
 * logos, plus generated Korean-sounding ones without a logo when there are more), spread over the taxonomy as the
 * demo catalogue is (each block of 278 products takes every demo product's categoría, child
 * category, packaging and artwork once, in a shuffled order), with varied prices, tags and variants.
 */
export function syntheticCatalogue(count: number, now = new Date()): SeedCatalogue {
  const random = seededRandom(hashString(`sintetico-${count}`));
  const real = demoBrands();
  const inventedCount = Math.max(0, Math.round(count / PRODUCTS_PER_BRAND) - real.length);
  const invented = syntheticBrandNames(
    inventedCount,
    real.map((brand) => brand.nombre),
    random,
  );
  const brands = [...real, ...invented.map((nombre) => ({ nombre, logo: null }))];
  const brandOf = brandPicker(
    brands.map((brand) => brand.nombre),
    random,
  );
  const takenNames = new Set<string>();

  const products: SeedProduct[] = [];
  let templates: DemoProduct[] = [];
  for (let index = 0; index < count; index++) {
    if (templates.length === 0) templates = shuffle(random, DEMO_PRODUCTS);
    const template = templates.pop()!;
    const product = inventProduct(template, brandOf(index), takenNames, random);
    products.push(decorateProduct(product, template.nombre, index, count, now));
  }
  return { brands, products };
}

/** Every brand gets a product first; then brands are picked with uneven weights, as real shops stock them. */
function brandPicker(names: string[], random: () => number): (index: number) => string {
  const order = shuffle(random, names);
  const cumulative: number[] = [];
  let total = 0;
  for (const _ of order) cumulative.push((total += 0.3 + 1.4 * random()));
  return (index) => {
    if (index < order.length) return order[index]!;
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return order[low]!;
  };
}

/** A new product of `template`'s kind (categoría, child category, packaging, set or not) with its own name, brand and texts. */
function inventProduct(template: DemoProduct, marca: string, takenNames: Set<string>, random: () => number): DemoProduct {
  const linea = LINE_OF.get(template.categoria)!;
  const type = pick(random, TYPES_BY_CHILD[template.child]!);
  const collection = pick(random, COLLECTIONS);
  const key = pick(random, KEYS_BY_LINE[linea]!);
  const nombre = uniqueName(template, type, collection, key, takenNames, random);
  const vegano = random() < 0.11;
  return {
    nombre,
    marca,
    categoria: template.categoria,
    child: template.child,
    precio: priceNear(template.precio, template.esSet === true, random),
    envase: template.envase,
    ...writeTexts({ type, collection, key, child: template.child, words: WORDS_BY_LINE[linea]! }, random),
    ...skinTags(linea, random),
    ...(template.colores ? { colores: shades(random) } : {}),
    ...(template.tamaños ? { tamaños: sizes(random) } : {}),
    vegano,
    crueltyFree: vegano ? random() < 0.9 : random() < 0.17,
    esSet: template.esSet ?? false,
  };
}

/** '{type} {collection} {key}' (a set's prefix instead of the type), with an edition, numbered while its slug is taken. */
function uniqueName(
  template: DemoProduct,
  type: string,
  collection: string,
  key: string,
  taken: Set<string>,
  random: () => number,
): string {
  const head = template.esSet ? pick(random, SET_PREFIXES) : type;
  for (let attempt = 0; ; attempt++) {
    const edition = attempt > 0 || random() < 0.45 ? ` ${pick(random, EDITIONS)}` : '';
    const number = attempt > 8 ? ` No. ${attempt - 7}` : '';
    const nombre = `${head} ${collection} ${key}${edition}${number}`;
    const slug = slugify(nombre);
    if (!taken.has(slug)) {
      taken.add(slug);
      return nombre;
    }
  }
}

/** A price around the template's, in soles ending mostly in .90, within the demo's ranges. */
function priceNear(base: number, esSet: boolean, random: () => number): number {
  const raw = base * (0.7 + 0.65 * random());
  const ending = random();
  const precio = ending < 0.75 ? Math.floor(raw / 5) * 5 + 4.9 : ending < 0.9 ? Math.round(raw) + 0.5 : Math.round(raw);
  return Math.min(Math.max(precio, 9.9), esSet ? 259.9 : 189.9);
}

/** Skin types, age groups and concerns: every skincare product has all three, accessories none. */
function skinTags(linea: string, random: () => number): Pick<DemoProduct, 'tipo_piel' | 'edad' | 'inquietud_piel'> {
  if (linea === 'Accesorios') return { tipo_piel: [], edad: [], inquietud_piel: [] };
  const skincare = linea === 'Cuidado';
  const inOrder = <T extends string>(all: readonly T[], chosen: T[]) => all.filter((item) => chosen.includes(item));
  const firstAge = Math.floor(random() * GRUPOS_EDAD.length);
  const lastAge = firstAge + Math.floor(random() * (GRUPOS_EDAD.length - firstAge));
  return {
    tipo_piel: inOrder(TIPOS_PIEL, sample(random, TIPOS_PIEL, (skincare ? 1 : 0) + Math.floor(random() * 5))),
    edad: GRUPOS_EDAD.slice(firstAge, lastAge + 1),
    inquietud_piel:
      linea === 'Corporal'
        ? []
        : inOrder(INQUIETUDES_PIEL, sample(random, INQUIETUDES_PIEL, (skincare ? 1 : 0) + Math.floor(random() * 3))),
  };
}

/** 2–5 shades, numbered or not. */
function shades(random: () => number): string[] {
  const numbered = random() < 0.5;
  return sample(random, SHADE_WORDS, 2 + Math.floor(random() * 4)).map((shade, index) => (numbered ? `0${index + 1} ${shade}` : shade));
}

/** Two sizes of the same unit, smaller first. */
function sizes(random: () => number): string[] {
  const unit = random() < 0.8 ? ' ml' : ' g';
  const options = SIZES.filter((size) => size.endsWith(unit));
  return sample(random, options, 2).sort((a, b) => parseFloat(a) - parseFloat(b));
}
