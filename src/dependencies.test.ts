import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the shop runs, it installs: every package imported by the code `npm start`, the build, the API
 * and the Netlify functions load is in `dependencies`, not only in `devDependencies`, so an install
 * without the development tools (`npm ci --omit=dev`) still starts, builds and searches (pagefind).
 */

const ROOT = resolve(import.meta.dirname, '..');
const CODE = /\.(ts|tsx|astro|mjs)$/;
const TEST = /\.(test|spec)\.tsx?$/;
/** Folders of test support beside the code (the back office's in-memory shop and axe helper): only tests import them. */
const TEST_SUPPORT = /[/\\]pruebas(?:[/\\]|$)/;
/** Bare specifiers of `from '…'`, `import('…')` and side-effect `import '…'`; a whole `import type`/`export type` statement is erased and left out. */
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)(['"])([^'"./][^'"]*)\1/gm;
const TYPE_ONLY = /^\s*(?:import|export)\s+type\s+[^'";]*?\bfrom\s+(['"])[^'"]+\1;?/gm;

/** The code the shop runs: src/ and netlify/ (tests left out), and the scripts of npm start, build, api, dev, seed and shop. */
function runtimeFiles(): string[] {
  const under = (folder: string) =>
    readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && CODE.test(entry.name) && !TEST.test(entry.name) && !TEST_SUPPORT.test(entry.parentPath))
      .map((entry) => join(entry.parentPath, entry.name));
  const scripts = ['start', 'build', 'api', 'dev', 'seed', 'shop'].map((name) => join(ROOT, 'scripts', `${name}.ts`));
  return [...under('src'), ...under('netlify'), ...scripts, join(ROOT, 'astro.config.mjs')];
}

/** The package a bare specifier names (`@scope/name` or `name`), or undefined for Node's and Astro's own modules. */
function packageOf(specifier: string): string | undefined {
  if (/^(node|astro|virtual):/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

describe('dependencies', () => {
  it('no code the shop runs imports test support (a pruebas/ folder), which may use development packages', () => {
    const leaks = runtimeFiles().filter((file) => /(?:from\s+|import\s*\(\s*)['"][^'"]*\/pruebas\//.test(readFileSync(file, 'utf8')));
    expect(leaks.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('every package the shop imports at run time is a dependency, not only a devDependency', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const missing = new Set<string>();
    let seen = 0;
    for (const file of runtimeFiles()) {
      const text = readFileSync(file, 'utf8').replace(TYPE_ONLY, '');
      for (const match of text.matchAll(IMPORT)) {
        const name = packageOf(match[2]!);
        if (!name) continue;
        seen++;
        if (!(name in manifest.dependencies)) missing.add(`${name} (${relative(ROOT, file)})`);
      }
    }
    // The reader sees the imports it judges: pagefind among them (the build's search index, src/site-builder/search-index.ts).
    expect(seen).toBeGreaterThan(50);
    expect(packageOf('pagefind')).toBe('pagefind');
    expect(packageOf('@hono/node-server/serve-static')).toBe('@hono/node-server');
    expect(packageOf('node:fs')).toBeUndefined();
    expect([...missing]).toEqual([]);
  });
});
