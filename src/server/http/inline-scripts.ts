import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The inline scripts the CSP allows: only those the build itself wrote, whose sha256 hashes the build
 * lists in `{dist}/inline-scripts.json` (build-scripts.ts, from Astro's runtime, Vite's output and the
 * shop's own fixed scripts). The pages are never scanned for what to allow, so a script that reached a
 * page through catalogue text is refused by the browser; the build also refuses to publish a page
 * holding one (site-build.ts, `checkInlineScripts`).
 */

/** The build's list of its inline scripts' hashes, beside its pages. */
export const BUILD_SCRIPTS_FILE = 'inline-scripts.json';

/** A start tag: its name and its attributes, quoted values read whole (a `>` or `<script>` inside one is text). */
const START_TAG = /<([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
/** Elements whose content is text up to their own end tag, never markup. */
const TEXT_ELEMENTS = new Set(['script', 'style', 'title', 'textarea']);
const EXECUTABLE_TYPE = /^(?:|module|text\/javascript|application\/javascript)$/i;

/**
 * The `<script>` elements of an HTML document as a browser's parser finds them, with their attribute
 * text and body: comments, attribute values and the text of title, style and textarea elements are
 * skipped, so text that merely looks like a script there (`content="</script><script>…"`) is none.
 */
export function scriptElements(html: string): { attributes: string; body: string }[] {
  const scripts: { attributes: string; body: string }[] = [];
  let at = html.indexOf('<');
  while (at !== -1) {
    if (html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4);
      at = end === -1 ? -1 : html.indexOf('<', end + 3);
      continue;
    }
    START_TAG.lastIndex = at;
    const tag = START_TAG.exec(html);
    if (!tag) {
      at = html.indexOf('<', at + 1);
      continue;
    }
    let next = START_TAG.lastIndex;
    const name = tag[1]!.toLowerCase();
    if (TEXT_ELEMENTS.has(name)) {
      const close = new RegExp(`</${name}[\\s/>]`, 'gi');
      close.lastIndex = next;
      const end = close.exec(html)?.index ?? html.length;
      if (name === 'script') scripts.push({ attributes: tag[2] ?? '', body: html.slice(next, end) });
      next = end;
    }
    at = html.indexOf('<', next);
  }
  return scripts;
}

/** Base64 sha256 hashes of the executable inline scripts of one HTML document (JSON-LD and other data blocks never run). */
export function inlineScriptHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  for (const { attributes, body } of scriptElements(html)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!EXECUTABLE_TYPE.test(type)) continue;
    hashes.add(createHash('sha256').update(body, 'utf8').digest('base64'));
  }
  return hashes;
}

/** The hashes the build in `distDir` lists as its own inline scripts (empty when there is no build or no list). */
export function buildScriptHashes(distDir: string): Set<string> {
  try {
    const { hashes } = JSON.parse(readFileSync(join(distDir, BUILD_SCRIPTS_FILE), 'utf8')) as { hashes?: unknown };
    return new Set(Array.isArray(hashes) ? hashes.filter((hash): hash is string => typeof hash === 'string') : []);
  } catch {
    // No build yet (or a build being swapped in): the next request looks again.
    return new Set();
  }
}

/**
 * `buildScriptHashes` cached per build: a build is swapped in whole, so the folder's identity and its
 * list's modification time change exactly when the pages do.
 */
export function cachedBuildScriptHashes(distDir: string): () => Set<string> {
  let key = '';
  let hashes = new Set<string>();
  return () => {
    let current = 'none';
    try {
      current = `${statSync(distDir).ino}:${statSync(join(distDir, BUILD_SCRIPTS_FILE)).mtimeMs}`;
    } catch {
      // Missing build: recomputed (cheaply, empty) until it exists.
    }
    if (current !== key || current === 'none') {
      hashes = buildScriptHashes(distDir);
      key = current;
    }
    return hashes;
  };
}
