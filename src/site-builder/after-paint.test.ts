import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_SCRIPT, ownScriptUrls, paintFirst } from './after-paint.ts';

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

  it("hands the page's own classic scripts to the loader too, and preloads them at low priority at the end of the head", () => {
    const html = page(
      '<p>a</p><script type="module" src="/_astro/Base.y.js"></script><script src="/_astro/producto.p.js" data-own></script>',
    );
    const own = ownScriptUrls(html);
    expect(own).toEqual(['/_astro/producto.p.js']);
    expect(ownScriptUrls(page('<script src="/otro.js"></script><script src="/_astro/owner.js"></script>'))).toEqual([]);
    const out = paintFirst(html, { classic: [], own, modules: ['/_astro/Base.y.js'], preload: ['/_astro/Base.y.js'] });
    expect(out).toBe(
      '<!DOCTYPE html><html><head><meta charset="utf-8">' +
        '<link rel="preload" as="script" fetchpriority="low" href="/_astro/producto.p.js"></head><body><p>a</p>' +
        `<script data-own="/_astro/producto.p.js" data-modules="/_astro/Base.y.js" data-preload="/_astro/Base.y.js">${AFTER_PAINT_SCRIPT}</script>` +
        '</body></html>',
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
