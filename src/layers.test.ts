import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The tree's layers (docs/architecture.md, "Folders and layers"), checked on every module's imports: browser code
 * reads no environment and reaches no server, site-builder, command-line or demo code (save the API's `App`
 * type, imported as a type only); the UI kit sits below islands and components; the API imports none
 * of the three jobs that sit around it. An `.astro` file is read as its two sides: the frontmatter
 * (with the markup) runs at build and may mount islands; its `<script>` blocks run in the browser, so
 * they are browser code wherever the file lives (components, layouts, pages).
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
  return entries
    .filter((entry) => entry.isFile() && CODE.test(entry.name) && !TEST.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A `<script>` tag's opening (attributes may hold `{expressions}`), self-closing when it ends in `/>`. */
const SCRIPT_TAG = /<script\b((?:[^>{]|\{[^}]*\})*?)(\/?)>/gi;
/** Scripts that hold data, not code (JSON-LD). */
const DATA_SCRIPT = /\btype\s*=\s*["']application\/(?:ld\+)?json["']/i;

/**
 * An `.astro` file's two sides: `build`, the frontmatter and the markup (run at build, on Node), and
 * `scripts`, the code of its `<script>` blocks (run in the browser); data scripts (JSON-LD) and
 * self-closing tags (their code comes from the frontmatter) hold no code of their own.
 */
function astroParts(text: string): { build: string; scripts: string[] } {
  const scripts: string[] = [];
  let build = '';
  let from = 0;
  for (const tag of text.matchAll(SCRIPT_TAG)) {
    if (tag.index < from || tag[2] === '/') continue;
    const start = tag.index + tag[0].length;
    const end = text.indexOf('</script>', start);
    if (end < 0) continue;
    build += text.slice(from, start);
    if (!DATA_SCRIPT.test(tag[1]!)) scripts.push(text.slice(start, end));
    from = end;
  }
  return { build: build + text.slice(from), scripts };
}

/** What runs where: each module whole, each `.astro` file as its build side and its browser scripts. */
interface Part {
  file: string;
  text: string;
  side: 'module' | 'build' | 'script';
}

/** The parts of `file` with its `text`. */
function partsOf(file: string, text: string): Part[] {
  if (!file.endsWith('.astro')) return [{ file, text, side: 'module' }];
  const { build, scripts } = astroParts(text);
  return [{ file, text: build, side: 'build' }, ...scripts.map((script): Part => ({ file, text: script, side: 'script' }))];
}

/** The parts of every source file under `folders`. */
const partsIn = (folders: string[]): Part[] => folders.flatMap(modules).flatMap((file) => partsOf(file, readFileSync(file, 'utf8')));

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

/** `[module, import]` pairs of `parts` whose import starts with one of `forbidden`, type-only imports of `types` left out. */
function crossingsOf(parts: Part[], forbidden: string[], types: string[] = []): [string, string][] {
  return parts.flatMap(({ file, text }) =>
    importsIn(file, text)
      .filter((entry) => crosses(entry, forbidden, types))
      .map(({ target }): [string, string] => [relative(SRC, file), target]),
  );
}

/** `[module, import]` pairs of the modules in `folders` whose import starts with one of `forbidden`, type-only imports of `types` left out. */
const crossings = (folders: string[], forbidden: string[], types: string[] = []) => crossingsOf(partsIn(folders), forbidden, types);

const BROWSER = ['lib', 'ui', 'islands', 'stores', 'components'];
/** Where `.astro` files live besides components: their frontmatter runs at build, their scripts in the browser. */
const PAGES = ['layouts', 'pages'];
/** Browser code: every part of the browser folders (their `.astro` frontmatter included, as before), and the `<script>` blocks of layouts and pages. */
const browserCode = (): Part[] => [...partsIn(BROWSER), ...partsIn(PAGES).filter(({ side }) => side === 'script')];
/** Scripts: the modules under components/ and every `.astro` file's `<script>` blocks; never an `.astro` file's build side, which mounts islands. */
const componentScripts = (parts: Part[]): Part[] =>
  parts.filter(({ file, side }) => side === 'script' || (side === 'module' && relative(SRC, file).startsWith('components/')));
/** `.astro` files of the fixtures below. */
const EXAMPLE = join(SRC, 'components/example/Example.astro');
const PAGE = join(SRC, 'pages/example.astro');

describe('layers of the tree', () => {
  it('browser code reads no environment variable', () => {
    const readers = browserCode().filter(({ text }) => /\bprocess\.env\b/.test(text));
    expect(readers.map(({ file }) => relative(SRC, file))).toEqual([]);
  });

  it("browser code imports neither the server's settings nor server, site-builder, command-line or demo code", () => {
    expect(crossingsOf(browserCode(), ['server', 'site-builder', 'cli', 'demo'], [API_TYPE])).toEqual([]);
    // The pages' scripts are read: the product page's script imports its module.
    expect(crossingsOf(browserCode(), ['components']).map(([file]) => file)).toContain('pages/producto/[slug].astro');
  });

  it("an .astro file's scripts are browser code, its frontmatter is not", () => {
    const page = `---
import { catalogueProducts } from '../site-builder/catalogue-pages.ts';
import CartPage from '../islands/cart/CartPage.tsx';
const env = process.env.SITE;
---
<script type="application/ld+json" set:html={JSON.stringify({ a: 1 })} />
<script is:inline set:html={env} />
<script type="application/json">{"import": "x"}</script>
<CartPage client:load />
<script>
  import { initPageFrame } from '../components/layout/page-frame.ts';
  initPageFrame();
</script>
<script>
  import { $cart } from '../stores/cart.ts';
  const { open } = await import('../islands/cart/open.ts');
  import { serverConfig } from '../server/config.ts';
  console.log(process.env.X);
</script>`;
    const { build, scripts } = astroParts(page);
    expect(scripts).toHaveLength(2);
    expect(build).toContain('catalogue-pages.ts');
    expect(build).toContain('<CartPage client:load />');
    expect(build).not.toContain('page-frame');
    const parts = partsOf(PAGE, page);
    expect(crossingsOf(parts, ['islands'])).toEqual([
      ['pages/example.astro', 'islands/cart/CartPage.tsx'],
      ['pages/example.astro', 'islands/cart/open.ts'],
    ]);
    // Only the second script breaks the browser's rules: the frontmatter may read the build's data, its environment, and mount islands.
    expect(crossingsOf(componentScripts(parts), ['islands'])).toEqual([['pages/example.astro', 'islands/cart/open.ts']]);
    expect(crossingsOf(componentScripts(parts), ['server', 'site-builder', 'cli', 'demo'], [API_TYPE])).toEqual([
      ['pages/example.astro', 'server/config.ts'],
    ]);
    expect(parts.filter(({ side, text }) => side === 'script' && /\bprocess\.env\b/.test(text))).toHaveLength(1);
    // A component's frontmatter mounts an island; its script may not reach into one.
    const component = `---\nimport BuyBox from '../../islands/product/BuyBox.tsx';\n---\n<BuyBox client:visible />\n<script>\n  import { abrir } from '../../islands/product/BuyBox.tsx';\n</script>\n`;
    expect(crossingsOf(componentScripts(partsOf(EXAMPLE, component)), ['islands'])).toEqual([
      ['components/example/Example.astro', 'islands/product/BuyBox.tsx'],
    ]);
    expect(crossingsOf(componentScripts(partsOf(EXAMPLE, component.replace(/<script>[\s\S]*<\/script>/, ''))), ['islands'])).toEqual([]);
  });

  it("browser code may import the API's App type, as a type only (erased at build), and nothing else of the server", () => {
    const file = join(SRC, 'lib/api/example.ts');
    const refused = (text: string) =>
      importsIn(file, text)
        .filter((entry) => crosses(entry, ['server'], [API_TYPE]))
        .map(({ target }) => target);
    expect(refused("import type { App } from '../../server/app.ts';")).toEqual([]);
    expect(refused("import type {\n  App,\n} from '../../server/app.ts';\nimport { createApp } from '../../server/app.ts';")).toEqual([
      API_TYPE,
    ]);
    // An inline `type` keeps the statement (verbatimModuleSyntax): the module would load in the browser.
    expect(refused("import { type App } from '../../server/app.ts';")).toEqual([API_TYPE]);
    expect(refused("const app = await import('../../server/app.ts');")).toEqual([API_TYPE]);
    expect(refused("import type { Db } from '../../server/db/client.ts';")).toEqual(['server/db/client.ts']);
    // The typed paths do use the door, and only through it.
    expect(crossings(['lib'], ['server'])).toEqual([['lib/api/routes.ts', API_TYPE]]);
  });

  it('the UI kit and the stores import no island or component; component scripts import no island', () => {
    expect(crossings(['ui', 'stores'], ['islands', 'components'])).toEqual([]);
    // .astro files mount islands in their frontmatter (that is what they are for); their scripts never reach into one.
    const scripts = componentScripts(partsIn(['components', ...PAGES]));
    expect(crossingsOf(scripts, ['islands'])).toEqual([]);
    // The guard reads the scripts it judges: components' modules and the `<script>` blocks of components, layouts and pages.
    expect(new Set(scripts.filter(({ side }) => side === 'script').map(({ file }) => relative(SRC, file).split('/')[0]))).toEqual(
      new Set(['components', 'layouts', 'pages']),
    );
  });

  it('pages and layouts reach the shop through the build, never the server or the command line', () => {
    // The reader sees the imports it judges (pages do import components).
    expect(crossings(PAGES, ['components']).length).toBeGreaterThan(10);
    expect(crossings(PAGES, ['server', 'cli'])).toEqual([]);
  });

  it('the back office uses lib and the UI kit only, reads no environment, and nothing of the storefront imports it', () => {
    const backoffice = partsIn(['backoffice']);
    // The reader sees the imports it judges (the app does use lib/ and the UI kit).
    expect(crossingsOf(backoffice, ['lib']).length).toBeGreaterThan(10);
    expect(crossingsOf(backoffice, ['ui']).length).toBeGreaterThan(0);
    expect(
      crossingsOf(backoffice, ['server', 'cli', 'site-builder', 'demo', 'islands', 'stores', 'components', 'layouts', 'pages'], [API_TYPE]),
    ).toEqual([]);
    expect(backoffice.filter(({ text }) => /\bprocess\.env\b/.test(text)).map(({ file }) => relative(SRC, file))).toEqual([]);
    // The storefront's JavaScript never carries the back office: only its own page (pages/admin/) loads it.
    const storefront = [
      ...partsIn([...BROWSER, 'layouts']),
      ...partsIn(['pages']).filter(({ file }) => !relative(SRC, file).startsWith('pages/admin/')),
    ];
    expect(crossingsOf(storefront, ['backoffice'])).toEqual([]);
    expect(crossingsOf(partsIn(['pages']), ['backoffice'])).toEqual([['pages/admin/index.astro', 'backoffice/main.tsx']]);
  });

  it('the API imports no command-line, build or demo code', () => {
    // The reader sees the imports it judges (the API does use lib/).
    expect(crossings(['server'], ['lib']).length).toBeGreaterThan(50);
    expect(crossings(['server'], ['cli', 'site-builder', 'demo'])).toEqual([]);
  });
});
