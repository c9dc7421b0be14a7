import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The tree's layers (README, "Where things live"), checked on every module's imports: browser code
 * reads no environment and reaches no server, build, command-line or demo code; the UI kit sits below
 * islands and components; the API imports none of the three jobs that sit around it.
 */

const SRC = resolve(import.meta.dirname);
const CODE = /\.(ts|tsx|astro)$/;
const TEST = /\.test\.tsx?$/;
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;

/** Every source file under `folder` (relative to src/), tests left out. */
function modules(folder: string): string[] {
  const root = join(SRC, folder);
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && CODE.test(entry.name) && !TEST.test(entry.name)).map((entry) => join(entry.parentPath, entry.name));
}

/** The files a module imports by relative path, as paths under src/ (`../..` when outside). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => relative(SRC, resolve(dirname(file), match[2]!.replace(/[?#].*$/, ''))));
}

/** `[module, import]` pairs of the modules in `folders` whose import starts with one of `forbidden`. */
function crossings(folders: string[], forbidden: string[]): [string, string][] {
  return folders.flatMap((folder) =>
    modules(folder).flatMap((file) =>
      importsOf(file)
        .filter((target) => forbidden.some((prefix) => target === prefix || target.startsWith(`${prefix}/`)))
        .map((target): [string, string] => [relative(SRC, file), target]),
    ),
  );
}

const BROWSER = ['lib', 'ui', 'islands', 'stores', 'components'];

describe('layers of the tree', () => {
  it('browser code reads no environment variable', () => {
    const readers = [...BROWSER.flatMap(modules), join(SRC, 'config/shop.ts')].filter((file) => /\bprocess\.env\b/.test(readFileSync(file, 'utf8')));
    expect(readers.map((file) => relative(SRC, file))).toEqual([]);
  });

  it("browser code imports neither the server's settings nor server, build, command-line or demo code", () => {
    expect(crossings(BROWSER, ['config/server.ts', 'server', 'build', 'cli', 'demo'])).toEqual([]);
  });

  it('the UI kit and the stores import no island or component; component scripts import no island', () => {
    expect(crossings(['ui', 'stores'], ['islands', 'components'])).toEqual([]);
    // .astro components mount islands (that is what they are for); their scripts never reach into one.
    const scripts = crossings(['components'], ['islands']).filter(([file]) => !file.endsWith('.astro'));
    expect(scripts).toEqual([]);
  });

  it('the API imports no command-line, build or demo code', () => {
    // The reader sees the imports it judges (the API does use lib/).
    expect(crossings(['server'], ['lib']).length).toBeGreaterThan(50);
    expect(crossings(['server'], ['cli', 'build', 'demo'])).toEqual([]);
  });
});
