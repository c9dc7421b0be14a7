import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';
import { init, parse } from 'es-module-lexer';
import { ownScriptUrls, paintFirst } from './after-paint.ts';

/**
 * The build's pass over the pages Astro wrote, for their scripts. Three things, all measured:
 *
 * Astro inlines its island runtime (4.4 KB) and the scripts of the hydration directives it uses
 * (`client:idle`, `client:load`, `client:visible`: 0.1–0.4 KB each) into every page that has an island,
 * that is every page. They become one file in `_astro/` per set of directives (it only defines the
 * <astro-island> element, which upgrades the islands already parsed, and the directives), downloaded
 * once and cached: 5.3 KB less in every product page.
 *
 * The same pass drops what the runtime does not read of the islands (trimIslands).
 *
 * A storefront page then asks for its scripts only once its main image has painted (after-paint.ts): the
 * runtime file, its module scripts, and, as modulepreloads, the whole static import chains of those
 * modules and of its `client:load` islands (the cart, checkout, the complaint book…), which a browser
 * would otherwise discover one level at a time. The back office (an app: nothing shows before its
 * script) keeps its script tag and gets its chain preloaded at the top of its head, at once.
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
      const scripts = islandScripts(html);
      let next = html;
      const runtime = scripts && (await runtimeUrl(scripts.body));
      if (scripts) {
        const [first, ...others] = scripts.tags;
        next = next.replace(first!, `<script src="${runtime}" async></script>`);
        for (const tag of others) next = next.replace(tag, '');
      }
      next = trimIslands(next);
      const chainsOf = async (urls: string[]) => [...new Set((await Promise.all(urls.map(chainOf))).flat())];
      if (isAppPage(dir, page)) {
        // The back office is its module script and nothing else: its whole chain, at once, at normal priority.
        const urls = await chainsOf(moduleScriptUrls(html));
        next = withPreloads(next, urls.map((url) => `<link rel="modulepreload" href="${url}">`).join(''));
      } else {
        // A storefront page: every script after its main image has painted, the chains of its own
        // modules and of its client:load islands preloaded then, side by side (after-paint.ts).
        const modules = moduleScriptUrls(html);
        next = paintFirst(next, {
          classic: runtime ? [runtime] : [],
          own: ownScriptUrls(html),
          modules,
          preload: await chainsOf([...modules, ...roots]),
        });
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

/**
 * What the runtime does not read of the islands, taken out (70 bytes an island, a dozen islands a page):
 * the `uid` (the runtime reads none: it is for Astro's page transitions, which the shop does not use),
 * and an island's options when its directive has no value (`client:idle`, not
 * `client:idle={{ timeout }}`), which the runtime reads only for that value: `{}` gives the directive
 * the same undefined; the component's name there is for messages in development.
 */
export const trimIslands = (html: string) =>
  html
    .replace(/<astro-island uid="[^"]*"/g, '<astro-island')
    .replace(/ opts="\{&quot;name&quot;:&quot;\w+&quot;,&quot;value&quot;:true\}"/g, ' opts="{}"');

/** Astro's hydration directives' scripts, as Astro inlines them (each sets `Astro.{name}`). */
const DIRECTIVES = new Set<string>([idle, load, media, only, visible]);

/**
 * Astro's inline island scripts in a page, in their order: the directives' and the runtime (defines
 * <astro-island>). Their tags, and one script of them all, the directives first; undefined when the
 * page has no runtime.
 */
export function islandScripts(html: string): { tags: string[]; body: string } | undefined {
  const tags: string[] = [];
  const directives: string[] = [];
  let runtime = false;
  for (const [tag, body] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    if (body === islandRuntime) runtime = true;
    else if (DIRECTIVES.has(body!)) directives.push(body!);
    else continue;
    tags.push(tag);
  }
  return runtime ? { tags, body: [...directives, islandRuntime].join('\n') } : undefined;
}

/** Writes the island scripts as `_astro/astro-island.{hash}.js` (content-addressed, so cached for good) and returns its URL. */
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

/**
 * The pages that are one client-rendered app (the back office, /admin/: issue 36): nothing shows until its
 * module script and every file it imports have arrived, which a browser finds one level at a time (three round
 * trips on a phone), so their whole chain is preloaded like a `client:load` island's.
 */
const APP_PAGES = ['admin/index.html'];
const isAppPage = (dir: string, page: string) => APP_PAGES.some((app) => page === join(dir, app));

/** The root-relative URLs of a page's `<script type="module" src="…">` tags. */
export function moduleScriptUrls(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="(\/[^"]+)"[^>]*>/g)].map(([, url]) => url!);
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
