/**
 * Netlify build step after `npm run build`: writes `dist/_redirects`, a 301 from the escaped
 * spelling of every built page whose name has a sub-delimiter (/marcas/Dr.%20Jart%2B) to the page
 * (/marcas/Dr.%20Jart+): Netlify's static server does not decode those escapes, the Node server
 * redirects them the same way (src/server/node/server.ts). The rules: escapedSpellingRedirects, and
 * the rewrites that let Netlify's local server find those pages too (decodedSpellingRewrites); and the
 * back office's one page for every /admin/* path (ADMIN_REWRITE).
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { escapedSpellingRedirects } from '../src/lib/catalogue/routes.ts';

const distDir = process.env.DIST_DIR || 'dist';

/** Every folder under `dir` holding an index.html, relative to `base`, with forward slashes. */
function pageFolders(dir: string, base = dir): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const own =
    dir !== base && entries.some((entry) => entry.isFile() && entry.name === 'index.html')
      ? [relative(base, dir).split(sep).join('/')]
      : [];
  return [
    ...own,
    ...entries
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .flatMap((entry) => pageFolders(join(dir, entry.name), base)),
  ];
}

/**
 * The back office (src/backoffice) is one page whose app routes inside the browser: every /admin/* path that
 * is no file gets that page, as the Node server does (src/server/node/static-site.ts, adminPage). Not forced,
 * so a file wins; the API's /admin/api/* is the function's (a function's own paths are matched before any rule).
 */
export const ADMIN_REWRITE = '/admin/* /admin/index.html 200';

/** The lines of dist/_redirects for these page folders: the 301s of escapedSpellingRedirects, then decodedSpellingRewrites, then the back office's rewrite when the build has it. */
export function redirectRules(folders: string[]): string[] {
  const escaped = escapedSpellingRedirects(folders);
  return [...escaped, ...decodedSpellingRewrites(escaped), ...(folders.includes('admin') ? [ADMIN_REWRITE] : [])];
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const rules = redirectRules(pageFolders(distDir));
  writeFileSync(join(distDir, '_redirects'), `${rules.join('\n')}\n`);
  console.log(
    `${distDir}/_redirects: ${rules.filter((rule) => rule.endsWith(' 301')).length} redirecciones de nombres con & + : , ; = @ $ escapados.`,
  );
}

/**
 * After the 301s (a server that matches a rule against the path as sent, escapes and all, answers
 * them): for each folder holding such a page, a rewrite of any page below it to itself, status 200,
 * not forced. Netlify's local server (`netlify serve`, `netlify dev`) matches rules against the
 * decoded path (netlify/cli#3107), where no escaped spelling is left to match, then serves the file
 * of the decoded path when one exists — and without a matching rule it hands the path as sent to a
 * static server that does not decode %2B or %3A (404). Not forced, the rule never shadows a file that
 * exists as requested; for a page that does not exist it rewrites to that same missing path: the 404.
 */
export function decodedSpellingRewrites(rules: string[]): string[] {
  // Not at the root: a rewrite of every one-segment path would stand in the way of the API's single paths (/login).
  const folders = new Set(rules.map((rule) => rule.split(' ')[1]!.replace(/\/[^/]+$/, '')).filter(Boolean));
  return [...folders].flatMap((folder) => [`${folder}/:page ${folder}/:page 200`, `${folder}/:page/ ${folder}/:page/ 200`]);
}
