import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';
import { AFTER_PAINT_SCRIPT } from './after-paint.ts';
import { eagerIslandUrls, finishIslandPages, islandScripts, withPreloads } from './island-pages.ts';

describe('finishIslandPages', () => {
  let dir: string;
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const page = (islands: string) =>
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>t</title></head><body>${islands}</body></html>`;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kbeauty-preload-'));
    write(
      '_astro/BuyBox.a.js',
      'import{a as e}from"./vendor.b.js";import"./shop.c.js";const l=()=>import("./Lazy.d.js");export default e;',
    );
    write('_astro/vendor.b.js', 'export const a=1;');
    write('_astro/shop.c.js', 'import{a}from"./vendor.b.js";export const s=a;');
    write('_astro/Lazy.d.js', 'export default 1;');
    write('_astro/client.e.js', 'import{a}from"./vendor.b.js";export default a;');
    write('_astro/Idle.f.js', 'export default 1;');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const loaderOf = (html: string) => {
    const tag = /<script((?: data-\w+="[^"]*")*)>/.exec(html.slice(html.indexOf('<script data-')))?.[1] ?? '';
    const list = (name: string) => new RegExp(` data-${name}="([^"]*)"`).exec(tag)?.[1]?.split(' ') ?? [];
    return { classic: list('classic'), modules: list('modules'), preload: list('preload') };
  };

  it("hands a storefront page's scripts to the after-paint loader, with the static chains of its modules and client:load islands", async () => {
    const islands =
      '<astro-island uid="1" component-url="/_astro/BuyBox.a.js" renderer-url="/_astro/client.e.js" client="load"></astro-island>' +
      '<astro-island uid="2" component-url="/_astro/Idle.f.js" renderer-url="/_astro/client.e.js" client="idle"></astro-island>' +
      '<script type="module" src="/_astro/client.e.js"></script>';
    write('producto/1/index.html', page(`<script>${islandRuntime}</script>${islands}`));
    write('acerca/index.html', page('<astro-island component-url="/_astro/Idle.f.js" client="idle"></astro-island><p>sin scripts</p>'));
    expect(await finishIslandPages(dir, [join(dir, 'producto/1/index.html'), join(dir, 'acerca/index.html')])).toBe(1);
    const html = readFileSync(join(dir, 'producto/1/index.html'), 'utf8');
    // No script tag the browser would fetch before the paint, no preload link: one loader, with the lists.
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html.match(/<script data-/g)).toHaveLength(1);
    expect(html).toContain(`>${AFTER_PAINT_SCRIPT}</script>`);
    const loader = loaderOf(html);
    expect(loader.classic).toEqual([expect.stringMatching(/^\/_astro\/astro-island\.[\w-]+\.js$/)]);
    expect(loader.modules).toEqual(['/_astro/client.e.js']);
    // The module's chain, then the client:load island's (not its lazy import, not the idle island).
    expect(loader.preload).toEqual(['/_astro/client.e.js', '/_astro/vendor.b.js', '/_astro/BuyBox.a.js', '/_astro/shop.c.js']);
    expect(readFileSync(join(dir, 'acerca/index.html'), 'utf8')).not.toContain('<script');
  });

  it("preloads the back office's whole module chain (an app page) and keeps its script tag", async () => {
    const script = '<script type="module" src="/_astro/BuyBox.a.js"></script>';
    write('admin/index.html', page(script));
    expect(await finishIslandPages(dir, [join(dir, 'admin/index.html')])).toBe(1);
    const html = readFileSync(join(dir, 'admin/index.html'), 'utf8');
    const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1]);
    expect(preloaded).toEqual(['/_astro/BuyBox.a.js', '/_astro/vendor.b.js', '/_astro/shop.c.js']);
    expect(html).toContain(script);
    expect(html).not.toContain(AFTER_PAINT_SCRIPT);
  });

  it('adds its links once', () => {
    const once = withPreloads(page(''), '<link rel="modulepreload" href="/a.js">');
    expect(withPreloads(once, '<link rel="modulepreload" href="/a.js">')).toBe(once);
    expect(eagerIslandUrls('<astro-island client="load" component-url="/x.js" renderer-url="/r.js">')).toEqual(['/x.js', '/r.js']);
  });

  it("moves Astro's inline island runtime and directives into one shared file per set of directives", async () => {
    const islands = `<script>${idle}</script><script>${islandRuntime}</script><astro-island component-url="/_astro/Idle.f.js" client="idle"></astro-island>`;
    write('a/index.html', page(islands));
    write('b/index.html', page(islands));
    write('c/index.html', page('<p>sin islas</p>'));
    const eager = `<script>${idle}</script><script>${islandRuntime}</script><astro-island component-url="/_astro/Idle.f.js" client="idle"></astro-island><script>${load}</script><astro-island component-url="/_astro/BuyBox.a.js" renderer-url="/_astro/client.e.js" client="load"></astro-island><script>${visible}</script><astro-island component-url="/_astro/Idle.f.js" client="visible"></astro-island><script>console.log(1)</script>`;
    write('d/index.html', page(eager));
    const pages = ['a', 'b', 'c', 'd'].map((name) => join(dir, name, 'index.html'));
    expect(await finishIslandPages(dir, pages)).toBe(3);
    const [a, b, c, d] = pages.map((path) => readFileSync(path, 'utf8'));
    const src = (html: string) => loaderOf(html).classic[0];
    expect(src(a!)).toBeDefined();
    expect(src(b!)).toBe(src(a!));
    expect(readFileSync(join(dir, src(a!)!), 'utf8')).toBe(`${idle}\n${islandRuntime}`);
    expect(a).not.toContain('customElements.define');
    expect(a).not.toContain(`<script>${idle}</script>`);
    // The buy box's page: its own file with its three directives, its loader in the place of the first script; other scripts kept.
    expect(src(d!)).not.toBe(src(a!));
    expect(readFileSync(join(dir, src(d!)!), 'utf8')).toBe(`${idle}\n${load}\n${visible}\n${islandRuntime}`);
    expect(d!.indexOf('<script data-')).toBeLessThan(d!.indexOf('<astro-island'));
    expect(d).not.toContain(`<script>${load}</script>`);
    expect(d).toContain('<script>console.log(1)</script>');
    expect(loaderOf(d!).preload).toEqual(['/_astro/BuyBox.a.js', '/_astro/vendor.b.js', '/_astro/shop.c.js', '/_astro/client.e.js']);
    expect(islandScripts(a!)).toBeUndefined();
    expect(c).toBe(page('<p>sin islas</p>'));
  });

  it("keeps of an island's attributes and options only what the runtime reads", async () => {
    const island = (opts: string) =>
      `<astro-island uid="1" component-url="/_astro/Idle.f.js" client="idle" opts="${opts}" await-children></astro-island>`;
    write(
      'e/index.html',
      page(
        island('{&quot;name&quot;:&quot;HeaderActions&quot;,&quot;value&quot;:true}') +
          island('{&quot;name&quot;:&quot;Mapa&quot;,&quot;value&quot;:{&quot;rootMargin&quot;:&quot;200px&quot;}}'),
      ),
    );
    await finishIslandPages(dir, [join(dir, 'e/index.html')]);
    const html = readFileSync(join(dir, 'e/index.html'), 'utf8');
    expect(html).toContain(island('{}').replace(' uid="1"', ''));
    // A directive with a value keeps it.
    expect(html).toContain(
      island('{&quot;name&quot;:&quot;Mapa&quot;,&quot;value&quot;:{&quot;rootMargin&quot;:&quot;200px&quot;}}').replace(' uid="1"', ''),
    );
    expect(html).not.toContain('uid=');
  });
});
