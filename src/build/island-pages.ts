import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { init, parse } from 'es-module-lexer';

/**
 * The build's pass over the pages Astro wrote, for their islands. Two things, both measured:
 *
 * Astro inlines its island runtime (4.4 KB) into every page that has an island, that is every page.
 * On pages without `client:load` islands (home, listings, the shop's static pages) it becomes one
 * file in `_astro/`, loaded `async` (it only defines the <astro-island> element, which upgrades the
 * islands already parsed; the directives wait for their own inline scripts), downloaded once and
 * cached. Pages with `client:load` islands (product, cart, checkout) keep it inline: measured A/B on
 * a product page under 4x CPU and slow 4G, the external runtime let the idle islands hydrate beside
 * the buy box, and 'Agregar al carrito' worked 0.5 s later (2.7 s against 2.2 s).
 *
 * A page's `client:load` islands (the product page's buy box, the cart, checkout…) hydrate only once
 * their whole import chain has arrived, and a browser discovers that chain one level at a time, and
 * only after the page's stylesheets (Astro's island loader is an inline script). This build step lists
 * every file of those chains as `<link rel="modulepreload">` at the top of the page's head, so they
 * download from the first moment, side by side. They ask for low priority, so the stylesheets and the
 * main image still come first: measured on a product page, Lighthouse's first paint stayed at 1.1 s
 * (1.8 s with default priority) and 'Agregar al carrito' worked as early.
 */
export async function finishIslandPages(dir: string, pages: string[]): Promise<number> {
  await init;
  const runtimes = new Map<string, Promise<string>>();
  const runtimeUrl = (body: string) => {
    let url = runtimes.get(body);
    if (!url) runtimes.set(body, (url = writeRuntime(dir, body)));
    return url;
  };
  const chains = new Map<string, Promise<string[]>>();
  const chainOf = (url: string) => {
    let chain = chains.get(url);
    if (!chain) chains.set(url, (chain = importChain(dir, url)));
    return chain;
  };
  let changed = 0;
  const queue = [...pages];
  const worker = async () => {
    for (let page = queue.pop(); page; page = queue.pop()) {
      const html = await readFile(page, 'utf8');
      const roots = eagerIslandUrls(html);
      const runtime = roots.length === 0 ? islandRuntime(html) : undefined;
      let next = runtime ? html.replace(runtime.tag, `<script src="${await runtimeUrl(runtime.body)}" async></script>`) : html;
      if (roots.length > 0) {
        const urls = [...new Set((await Promise.all(roots.map(chainOf))).flat())];
        next = withPreloads(next, urls.map((url) => `<link rel="modulepreload" href="${url}" fetchpriority="low">`).join(''));
      }
      if (next === html) continue;
      await writeFile(page, next);
      changed++;
    }
  };
  // Reading and writing thousands of pages: several at a time keep the disk busy.
  await Promise.all(Array.from({ length: 8 }, worker));
  return changed;
}

/** Astro's inline island runtime in a page: the whole <script> element and its body. */
export function islandRuntime(html: string): { tag: string; body: string } | undefined {
  for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    if (match[1]!.includes('customElements.define("astro-island"')) return { tag: match[0], body: match[1]! };
  }
  return undefined;
}

/** Writes the runtime as `_astro/astro-island.{hash}.js` (content-addressed, so cached for good) and returns its URL. */
async function writeRuntime(dir: string, body: string): Promise<string> {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 10);
  const url = `/_astro/astro-island.${hash}.js`;
  await writeFile(join(dir, url), body);
  return url;
}

/** The component and renderer URLs of a page's `client="load"` islands. */
export function eagerIslandUrls(html: string): string[] {
  const urls = new Set<string>();
  if (!html.includes('client="load"')) return [];
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (!/\sclient="load"/.test(tag)) continue;
    for (const [, url] of tag.matchAll(/\s(?:component|renderer)-url="([^"]+)"/g)) urls.add(url!);
  }
  return [...urls];
}

/** `links` right after the head's charset declaration (which must come first), once. */
export function withPreloads(html: string, links: string): string {
  if (!links || html.includes('rel="modulepreload"')) return html;
  const charset = /<meta charset="utf-8"\s*\/?>/i.exec(html);
  if (!charset) return html;
  const at = charset.index + charset[0].length;
  return html.slice(0, at) + links + html.slice(at);
}

/** A module and everything it imports statically, by root-relative URL, the module first. */
async function importChain(dir: string, root: string): Promise<string[]> {
  const seen = new Set<string>();
  const visit = async (url: string) => {
    if (seen.has(url) || !url.startsWith('/')) return;
    seen.add(url);
    let source: string;
    try {
      source = await readFile(join(dir, url), 'utf8');
    } catch {
      return;
    }
    const [imports] = parse(source);
    // Static imports only (d === -1): a dynamic import() is loaded later, on purpose.
    for (const entry of imports) {
      if (entry.d === -1 && entry.n) await visit(new URL(entry.n, `http://x${url}`).pathname);
    }
  };
  await visit(root);
  return [...seen];
}
