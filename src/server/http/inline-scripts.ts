import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The sha256 hashes of the inline scripts a built site holds (Astro's island runtime and its small
 * hoisted scripts), read from the HTML itself, so the CSP follows every build without a list to keep.
 */

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPE = /^(?:|module|text\/javascript|application\/javascript)$/i;

/** Base64 sha256 hashes of the executable inline scripts of one HTML document. */
export function inlineScriptHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    // JSON-LD and other data blocks never run, so CSP does not need them.
    if (!EXECUTABLE_TYPE.test(type)) continue;
    hashes.add(createHash('sha256').update(body, 'utf8').digest('base64'));
  }
  return hashes;
}

/** The hashes of every inline script in the HTML files under `distDir` (empty when there is none). */
export function distScriptHashes(distDir: string): Set<string> {
  const hashes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html')) for (const hash of inlineScriptHashes(readFileSync(path, 'utf8'))) hashes.add(hash);
    }
  };
  try {
    walk(distDir);
  } catch {
    // No build yet (or a build being swapped in): the next request looks again.
  }
  return hashes;
}

/**
 * `distScriptHashes` cached per build: a build is swapped in whole, so the folder's identity and
 * its index.html's modification time change exactly when the pages do.
 */
export function cachedDistScriptHashes(distDir: string): () => Set<string> {
  let key = '';
  let hashes = new Set<string>();
  return () => {
    let current = 'none';
    try {
      const dir = statSync(distDir);
      current = `${dir.ino}:${statSync(join(distDir, 'index.html')).mtimeMs}`;
    } catch {
      // Missing build: recomputed (cheaply, empty) until it exists.
    }
    if (current !== key || current === 'none') {
      hashes = distScriptHashes(distDir);
      key = current;
    }
    return hashes;
  };
}
