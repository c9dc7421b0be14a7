import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * The built site as a CDN would serve it: every sitemap URL is its page's canonical URL, and every
 * same-origin link of every built page names a file of dist/ — under a full percent-decoding (most
 * CDNs) and under decodeURI (static servers such as Hono's, which leave %26, %2B… undecoded).
 */

const dist = () => {
  const dir = process.env.E2E_DIST_DIR;
  if (!dir) throw new Error('E2E_DIST_DIR no está definido: la configuración global de Playwright lo exporta');
  return dir;
};

/**
 * Same-origin paths that are no built file on purpose, each with its reason. Empty today: every page
 * links only to built pages and assets (product pages missing from a build are reached by URL, never
 * linked; the API is called by scripts, never linked).
 */
const RUNTIME_ROUTES: { pattern: RegExp; why: string }[] = [];

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
const unescapeHtml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) =>
    name[0] === '#'
      ? String.fromCodePoint(Number(name[1] === 'x' || name[1] === 'X' ? `0${name.slice(1)}` : name.slice(1)))
      : (ENTITIES[name] ?? entity),
  );

/** Every built HTML page, as paths relative to dist/ with forward slashes. */
function htmlPages(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlPages(path, base);
    return entry.name.endsWith('.html') ? [relative(base, path).split(sep).join('/')] : [];
  });
}

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** The built file a server finds for `pathname` after decoding it with `decode`, if any. */
function builtFile(pathname: string, decode: (text: string) => string): string | undefined {
  let decoded: string;
  try {
    decoded = decode(pathname);
  } catch {
    return undefined;
  }
  const path = join(dist(), decoded);
  return [path, join(path, 'index.html')].find(isFile);
}

/** Whether both kinds of static server resolve `pathname` to the same built file. */
const resolves = (pathname: string) => {
  const file = builtFile(pathname, decodeURIComponent);
  return file !== undefined && builtFile(pathname, decodeURI) === file;
};

/** The page's canonical URL, from its <link rel="canonical">. */
const canonicalOf = (html: string) => {
  const tag = /<link\b[^>]*\brel="canonical"[^>]*>/.exec(html)?.[0];
  const href = tag && /\bhref="([^"]*)"/.exec(tag)?.[1];
  return href === undefined ? undefined : unescapeHtml(href);
};

/** Every URL a page's markup points at: links, sources, form actions, island scripts and srcset entries. */
function urlsOf(html: string): string[] {
  const urls: string[] = [];
  for (const [, name, value] of html.matchAll(/\s(href|src|action|poster|component-url|renderer-url|srcset)="([^"]*)"/g)) {
    const text = unescapeHtml(value!);
    if (name === 'srcset')
      urls.push(
        ...text
          .split(',')
          .map((candidate) => candidate.trim().split(/\s+/)[0]!)
          .filter(Boolean),
      );
    else urls.push(text);
  }
  return urls;
}

/** At most 20 problems, so a failure stays readable. */
const listed = (problems: string[]) => (problems.length > 20 ? [...problems.slice(0, 20), `… y ${problems.length - 20} más`] : problems);

test('every sitemap URL is the canonical URL of a built page', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const urls = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => unescapeHtml(loc!));
  expect(urls.length).toBeGreaterThan(300);
  const problems: string[] = [];
  for (const url of urls) {
    const file = builtFile(new URL(url).pathname, decodeURIComponent);
    const canonical = file && canonicalOf(readFileSync(file, 'utf8'));
    if (!file) problems.push(`${url}: no hay página construida`);
    else if (canonical !== url) problems.push(`${url}: canonical ${canonical}`);
    else if (!resolves(new URL(url).pathname)) problems.push(`${url}: un servidor que decodifica con decodeURI no la encuentra`);
  }
  expect(listed(problems)).toEqual([]);
});

test('every same-origin link of every built page resolves to a built file, or to a photo the image store serves', async ({ request }) => {
  const pages = htmlPages(dist());
  expect(pages.length).toBeGreaterThan(300);
  const site = new URL(canonicalOf(readFileSync(join(dist(), 'index.html'), 'utf8'))!);
  const checked = new Map<string, boolean>();
  const problems: string[] = [];
  // Photos of the image store are served by the API (/imagenes/{sha256}.{ext}), not built: asked of it once each.
  const stored = new Map<string, string>();
  for (const page of pages) {
    const pageUrl = new URL(`/${page.replace(/(^|\/)index\.html$/, '$1')}`, site);
    for (const link of urlsOf(readFileSync(join(dist(), page), 'utf8'))) {
      const url = new URL(link, pageUrl);
      if (url.origin !== site.origin || RUNTIME_ROUTES.some(({ pattern }) => pattern.test(url.pathname))) continue;
      if (/^\/imagenes\/[0-9a-f]{64}\.\w+$/.test(url.pathname)) {
        stored.set(url.pathname, page);
        continue;
      }
      if (!checked.has(url.pathname)) checked.set(url.pathname, resolves(url.pathname));
      if (!checked.get(url.pathname)) problems.push(`${page}: ${link}`);
    }
  }
  expect(checked.size).toBeGreaterThan(300);
  expect(stored.size).toBeGreaterThan(0);
  for (const [path, page] of stored) {
    const res = await request.get(path);
    if (res.status() !== 200 || !res.headers()['content-type']?.startsWith('image/')) problems.push(`${page}: ${path} (${res.status()})`);
  }
  expect(listed([...new Set(problems)])).toEqual([]);
});
