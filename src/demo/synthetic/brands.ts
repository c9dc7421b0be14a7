import { slugify } from '../../lib/slug.ts';
import { pick } from '../random.ts';
import { BRAND_HEADS, BRAND_TAILS, BRAND_WORDS } from './names.ts';

/** `count` invented Korean-sounding brand names ('Haneul', 'Boram Lab'), none equal to `existing` or each other. */
export function syntheticBrandNames(count: number, existing: string[], random: () => number): string[] {
  const taken = new Set(existing.map(slugify));
  const names: string[] = [];
  while (names.length < count) {
    const nombre = inventBrand(random);
    if (taken.has(slugify(nombre))) continue;
    taken.add(slugify(nombre));
    names.push(nombre);
  }
  return names;
}

/** One of about two million names: syllables, alone, with a word, or two joined by '&'. */
function inventBrand(random: () => number): string {
  const stem = () => pick(random, BRAND_HEADS) + pick(random, BRAND_TAILS);
  const roll = random();
  if (roll < 0.45) return stem();
  if (roll < 0.8) return `${stem()} ${pick(random, BRAND_WORDS)}`;
  if (roll < 0.9) return `${pick(random, BRAND_WORDS)} ${stem()}`;
  return `${stem()} & ${stem()}`;
}
