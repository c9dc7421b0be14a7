/**
 * Netlify build step after `npm run build`: writes `dist/_redirects`, a 301 from the escaped
 * spelling of every built page whose name has a sub-delimiter (/marcas/Dr.%20Jart%2B) to the page
 * (/marcas/Dr.%20Jart+): Netlify's static server does not decode those escapes, the Node server
 * redirects them the same way (src/server/node/server.ts). The rules: escapedSpellingRedirects.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { escapedSpellingRedirects } from '../src/lib/catalogue/routes.ts';

const distDir = process.env.DIST_DIR || 'dist';

/** Every folder under `dir` holding an index.html, relative to `base`, with forward slashes. */
function pageFolders(dir: string, base = dir): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const own = dir !== base && entries.some((entry) => entry.isFile() && entry.name === 'index.html') ? [relative(base, dir).split(sep).join('/')] : [];
  return [...own, ...entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith('_')).flatMap((entry) => pageFolders(join(dir, entry.name), base))];
}

const rules = escapedSpellingRedirects(pageFolders(distDir));
writeFileSync(join(distDir, '_redirects'), `${rules.join('\n')}\n`);
console.log(`${distDir}/_redirects: ${rules.length} redirecciones de nombres con & + : , ; = @ $ escapados.`);
