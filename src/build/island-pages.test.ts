import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eagerIslandUrls, finishIslandPages, islandRuntime, withPreloads } from './island-pages.ts';

describe('finishIslandPages', () => {
  let dir: string;
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const page = (islands: string) => `<!DOCTYPE html><html><head><meta charset="utf-8"><title>t</title></head><body>${islands}</body></html>`;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kbeauty-preload-'));
    write('_astro/BuyBox.a.js', 'import{a as e}from"./vendor.b.js";import"./shop.c.js";const l=()=>import("./Lazy.d.js");export default e;');
    write('_astro/vendor.b.js', 'export const a=1;');
    write('_astro/shop.c.js', 'import{a}from"./vendor.b.js";export const s=a;');
    write('_astro/Lazy.d.js', 'export default 1;');
    write('_astro/client.e.js', 'import{a}from"./vendor.b.js";export default a;');
    write('_astro/Idle.f.js', 'export default 1;');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists the static import chain of client:load islands first in the head, not lazy imports or idle islands', async () => {
    const islands =
      '<astro-island uid="1" component-url="/_astro/BuyBox.a.js" renderer-url="/_astro/client.e.js" client="load"></astro-island>' +
      '<astro-island uid="2" component-url="/_astro/Idle.f.js" renderer-url="/_astro/client.e.js" client="idle"></astro-island>';
    write('producto/1/index.html', page(islands));
    write('acerca/index.html', page('<astro-island component-url="/_astro/Idle.f.js" client="idle"></astro-island>'));
    expect(await finishIslandPages(dir, [join(dir, 'producto/1/index.html'), join(dir, 'acerca/index.html')])).toBe(1);
    const html = readFileSync(join(dir, 'producto/1/index.html'), 'utf8');
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" fetchpriority="low">/g)].map((match) => match[1]);
    expect(preloaded).toEqual(['/_astro/BuyBox.a.js', '/_astro/vendor.b.js', '/_astro/shop.c.js', '/_astro/client.e.js']);
    expect(html.indexOf('modulepreload')).toBeGreaterThan(html.indexOf('<meta charset="utf-8">'));
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('<title>'));
    expect(readFileSync(join(dir, 'acerca/index.html'), 'utf8')).not.toContain('modulepreload');
  });

  it('adds its links once', () => {
    const once = withPreloads(page(''), '<link rel="modulepreload" href="/a.js">');
    expect(withPreloads(once, '<link rel="modulepreload" href="/a.js">')).toBe(once);
    expect(eagerIslandUrls('<astro-island client="load" component-url="/x.js" renderer-url="/r.js">')).toEqual(['/x.js', '/r.js']);
  });

  it("moves Astro's inline island runtime into one shared file, except on pages with client:load islands", async () => {
    const runtime = '(()=>{class f extends HTMLElement{};customElements.get("astro-island")||customElements.define("astro-island",f)})();';
    const directive = '(()=>{(self.Astro||(self.Astro={})).idle=()=>{};window.dispatchEvent(new Event("astro:idle"));})();';
    const islands = `<script>${directive}</script><script>${runtime}</script><astro-island component-url="/_astro/Idle.f.js" client="idle"></astro-island>`;
    write('a/index.html', page(islands));
    write('b/index.html', page(islands));
    write('c/index.html', page('<p>sin islas</p>'));
    const eager = `<script>${runtime}</script><astro-island component-url="/_astro/BuyBox.a.js" renderer-url="/_astro/client.e.js" client="load"></astro-island>`;
    write('d/index.html', page(eager));
    const pages = ['a', 'b', 'c', 'd'].map((name) => join(dir, name, 'index.html'));
    expect(await finishIslandPages(dir, pages)).toBe(3);
    const [a, b, c, d] = pages.map((path) => readFileSync(path, 'utf8'));
    // The buy box's page keeps the runtime inline (and gets its preloads).
    expect(d).toContain(`<script>${runtime}</script>`);
    expect(d).toContain('rel="modulepreload"');
    const src = /<script src="(\/_astro\/astro-island\.[\w-]+\.js)" async><\/script>/.exec(a!)?.[1];
    expect(src).toBeDefined();
    expect(b).toContain(`<script src="${src}" async></script>`);
    expect(readFileSync(join(dir, src!), 'utf8')).toBe(runtime);
    expect(a).not.toContain('customElements.define');
    // The directive stays inline, before the island it starts.
    expect(a).toContain(`<script>${directive}</script>`);
    expect(islandRuntime(a!)).toBeUndefined();
    expect(c).toBe(page('<p>sin islas</p>'));
  });
});
