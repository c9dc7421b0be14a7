import { describe, expect, it } from 'vitest';
import { badgeModifier } from './product-card.ts';

describe('badgeModifier', () => {
  it("names each badge's kind, whatever its case, and draws any other badge as 'Nuevo'", () => {
    expect(['Nuevo', 'REESTOK', 'preventa', 'Sale'].map(badgeModifier)).toEqual(['new', 'restock', 'presale', 'sale']);
    // An object's inherited keys are no badge kinds.
    expect(['Edición limitada', 'constructor', 'toString', '__proto__'].map(badgeModifier)).toEqual(['new', 'new', 'new', 'new']);
  });
});
