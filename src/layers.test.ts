import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The tree's layers (README, "Where things live"), checked on every module's imports: browser code
 * reads no environment and reaches no server, build, command-line or demo code (save the API's `App`
 * type, imported as a type only); the UI kit sits below islands and components; the API imports none
 * of the three jobs that sit around it.
 */

const SRC = resolve(import.meta.dirname);
const CODE = /\.(ts|tsx|astro)$/;
const TEST = /\.test\.tsx?$/;
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;
/** A whole statement `import type … from` or `export type … from`: erased at build (`import { type X }` is not: verbatimModuleSyntax keeps it). */
const TYPE_ONLY = /^\s*(?:import|export)\s+type\s+[^'";]*?\bfrom\s+(['"])(\.{1,2}\/[^'"]+)\1/gm;
/** The one server module browser code may import, as a type only: the API's routes for the typed paths (lib/api/routes.ts). */
const API_TYPE = 'server/app.ts';

/** Every source file under `folder` (relative to src/), tests left out. */
function modules(folder: string): string[] {
  const root = join(SRC, folder);
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && CODE.test(entry.name) && !TEST.test(entry.name)).map((entry) => join(entry.parentPath, entry.name));
}

/** The relative imports in `text` (the module `file`) as paths under src/ (`../..` when outside), each marked when its statement imports types only. */
function importsIn(file: string, text: string): { target: string; typeOnly: boolean }[] {
  const under = (match: RegExpMatchArray) => relative(SRC, resolve(dirname(file), match[2]!.replace(/[?#].*$/, '')));
  const typeOnly = [...text.matchAll(TYPE_ONLY)].map(under);
  return [...text.matchAll(IMPORT)].map(under).map((target) => {
    const at = typeOnly.indexOf(target);
    if (at >= 0) typeOnly.splice(at, 1);
    return { target, typeOnly: at >= 0 };
  });
}

/** Whether an import starts with one of `forbidden` (a type-only import of one of `types` does not count). */
const crosses = ({ target, typeOnly }: ReturnType<typeof importsIn>[number], forbidden: string[], types: string[]) =>
  forbidden.some((prefix) => target === prefix || target.startsWith(`${prefix}/`)) && !(typeOnly && types.includes(target));

/** `[module, import]` pairs of the modules in `folders` whose import starts with one of `forbidden`, type-only imports of `types` left out. */
function crossings(folders: string[], forbidden: string[], types: string[] = []): [string, string][] {
  return folders.flatMap((folder) =>
    modules(folder).flatMap((file) =>
      importsIn(file, readFileSync(file, 'utf8'))
        .filter((entry) => crosses(entry, forbidden, types))
        .map(({ target }): [string, string] => [relative(SRC, file), target]),
    ),
  );
}

const BROWSER = ['lib', 'ui', 'islands', 'stores', 'components'];

describe('layers of the tree', () => {
  it('browser code reads no environment variable', () => {
    const readers = BROWSER.flatMap(modules).filter((file) => /\bprocess\.env\b/.test(readFileSync(file, 'utf8')));
    expect(readers.map((file) => relative(SRC, file))).toEqual([]);
  });

  it("browser code imports neither the server's settings nor server, build, command-line or demo code", () => {
    expect(crossings(BROWSER, ['server', 'site-builder', 'cli', 'demo'], [API_TYPE])).toEqual([]);
  });

  it("browser code may import the API's App type, as a type only (erased at build), and nothing else of the server", () => {
    const file = join(SRC, 'lib/api/example.ts');
    const refused = (text: string) => importsIn(file, text).filter((entry) => crosses(entry, ['server'], [API_TYPE])).map(({ target }) => target);
    expect(refused("import type { App } from '../../server/app.ts';")).toEqual([]);
    expect(refused("import type {\n  App,\n} from '../../server/app.ts';\nimport { createApp } from '../../server/app.ts';")).toEqual([API_TYPE]);
    // An inline `type` keeps the statement (verbatimModuleSyntax): the module would load in the browser.
    expect(refused("import { type App } from '../../server/app.ts';")).toEqual([API_TYPE]);
    expect(refused("const app = await import('../../server/app.ts');")).toEqual([API_TYPE]);
    expect(refused("import type { Db } from '../../server/db/client.ts';")).toEqual(['server/db/client.ts']);
    // The typed paths do use the door, and only through it.
    expect(crossings(['lib'], ['server'])).toEqual([['lib/api/routes.ts', API_TYPE]]);
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
    expect(crossings(['server'], ['cli', 'site-builder', 'demo'])).toEqual([]);
  });
});
