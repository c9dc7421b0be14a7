import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from './icons.tsx';

describe('icon sprite', () => {
  it('holds one symbol for every icon name, and no other', () => {
    const sprite = readFileSync(new URL('./icons.svg', import.meta.url), 'utf8');
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((match) => match[1]);
    expect(ids.sort()).toEqual([...ICON_NAMES].sort());
    // And the two forms of the logo (Logo.astro).
    expect(sprite).toContain('<symbol id="logo-mark" viewBox="0 0 40 40">');
    expect(sprite).toContain('<symbol id="logo" viewBox="0 0 212 40">');
  });
});
