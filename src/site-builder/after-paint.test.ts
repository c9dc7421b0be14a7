import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_SCRIPT, paintFirst } from './after-paint.ts';

describe('paintFirst', () => {
  const page = (body: string) => `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`;

  it('hands the listed scripts to one loader in the place of the first, and keeps every other script', () => {
    const html = page(
      '<script src="/_astro/astro-island.x.js" async></script><p>a</p>' +
        '<script type="module" src="/_astro/Base.y.js"></script><script src="/otro.js"></script>' +
        '<script type="module">console.log(1)</script>',
    );
    const out = paintFirst(html, {
      classic: ['/_astro/astro-island.x.js'],
      modules: ['/_astro/Base.y.js'],
      preload: ['/_astro/Base.y.js', '/_astro/shop.z.js', '/_astro/Base.y.js'],
    });
    expect(out).toBe(
      page(
        `<script data-classic="/_astro/astro-island.x.js" data-modules="/_astro/Base.y.js" data-preload="/_astro/Base.y.js /_astro/shop.z.js">${AFTER_PAINT_SCRIPT}</script><p>a</p>` +
          '<script src="/otro.js"></script><script type="module">console.log(1)</script>',
      ),
    );
  });

  it('leaves a page with nothing to hand over as it was', () => {
    const html = page('<script src="/otro.js"></script>');
    expect(paintFirst(html, { classic: [], modules: [], preload: ['/_astro/a.js'] })).toBe(html);
  });

  it('writes a loader the browser can parse', () => {
    expect(() => new Function(AFTER_PAINT_SCRIPT)).not.toThrow();
  });
});
