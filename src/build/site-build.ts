import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import * as pagefind from 'pagefind';
import { BUILD_SCRIPTS_FILE, buildScriptHashes, inlineScriptHashes } from '../server/http/inline-scripts.ts';
import { builtVersion, VERSION_STAMP } from '../server/node/static-site.ts';
import { searchIndexPages } from '../server/config.ts';
import { finishIslandPages } from './island-pages.ts';
import { withPeakRss } from './memory.ts';
import { buildPhotos } from './photos.ts';

/** Sources whose change makes a build stale even when the catalogue did not move. */
const SOURCES = ['src', 'public', 'astro.config.mjs', 'package.json'];

/** Whether `distDir` is missing, made from another catalogue version, or older than the sources. */
export function buildIsStale(distDir: string, catalogueVersion: number, root = process.cwd()): boolean {
  if (builtVersion(distDir) !== catalogueVersion) return true;
  const builtAt = statSync(join(distDir, VERSION_STAMP)).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export interface BuildOptions {
  distDir: string;
  /** Base URL of the running API the snapshot reads from. */
  catalogueUrl: string;
  catalogueVersion: number;
  /** Lets the caller stop a build in progress (shutdown). */
  signal?: AbortSignal;
  /** Where the photos' AVIF and WebP copies are kept between builds (photos.ts); DATA_DIR/fotos. */
  photoCacheDir: string;
}

/**
 * Builds the static site into a sibling folder, preloads its eager islands' modules, indexes it for
 * search, precompresses it, stamps it with the catalogue version and swaps it in, so the folder being
 * served is never half-written.
 */
export async function buildSite({ distDir, catalogueUrl, catalogueVersion, signal, photoCacheDir }: BuildOptions): Promise<void> {
  const target = resolve(distDir);
  const next = `${target}.next`;
  rmSync(next, { recursive: true, force: true });
  const stages: string[] = [];
  // Each stage's time and the peak resident memory of the build's processes during it (memory.ts).
  const timed = async (name: string, stage: () => Promise<void>) => {
    const t0 = performance.now();
    const { peak } = await withPeakRss(stage);
    const memory = peak === undefined ? '' : ` (pico ${(peak / 2 ** 20).toFixed(0)} MB)`;
    stages.push(`${name} ${((performance.now() - t0) / 1000).toFixed(1)} s${memory}`);
  };
  await timed('Astro', () => runAstroBuild(next, catalogueUrl, signal));
  await timed('fotos', async () => void (await buildPhotos(next, catalogueUrl, photoCacheDir)));
  const pages = listFiles(next).filter((file) => file.endsWith('.html'));
  await timed('islas', async () => void (await finishIslandPages(next, pages)));
  let searchable: string[] = [];
  await timed('scripts', async () => void (searchable = await checkInlineScripts(next, pages)));
  await timed('Pagefind', () => indexSite(next, searchable));
  await timed('precompresión', () => precompress(next));
  // One line an operator (and `npm run bench`) can read: where a build's time went.
  console.log(`Etapas del build: ${stages.join(', ')}.`);
  writeFileSync(join(next, VERSION_STAMP), JSON.stringify({ version: catalogueVersion }));
  const old = `${target}.old`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(target)) renameSync(target, old);
  renameSync(next, target);
  rmSync(old, { recursive: true, force: true });
}

/**
 * Checks the inline scripts of the finished pages against the list the build wrote of its own
 * (inline-scripts.ts): a page holding one not on it (a script that reached it through catalogue text)
 * fails the build, naming the page, so it is never published and the last good site stays. The list
 * is then narrowed to the scripts the pages do hold, keeping the CSP header short; pages can only take
 * hashes off it, never add one. Returns the pages marked for search (`data-pagefind-body`).
 */
export async function checkInlineScripts(dir: string, pages: string[]): Promise<string[]> {
  const listed = buildScriptHashes(dir);
  const used = new Set<string>();
  const found: string[] = [];
  const searchable: string[] = [];
  const queue = [...pages];
  const worker = async () => {
    for (let page = queue.pop(); page; page = queue.pop()) {
      const html = await readFile(page, 'utf8');
      // The same pass notes the pages Pagefind will index, so that stage need not read every page again.
      if (html.includes('data-pagefind-body')) searchable.push(page);
      const hashes = inlineScriptHashes(html);
      for (const hash of hashes) used.add(hash);
      if ([...hashes].some((hash) => !listed.has(hash))) found.push(relative(dir, page));
    }
  };
  // Thousands of pages: several read at a time, as finishIslandPages does.
  await Promise.all(Array.from({ length: 8 }, worker));
  found.sort();
  if (found.length > 0) {
    throw new Error(`${found.length === 1 ? 'La página' : 'Las páginas'} ${found.slice(0, 5).join(', ')}${found.length > 5 ? ` y ${found.length - 5} más` : ''} ${found.length === 1 ? 'tiene' : 'tienen'} un script que el build no escribió (¿un texto del catálogo con <script>?): no se publica.`);
  }
  writeFileSync(join(dir, BUILD_SCRIPTS_FILE), JSON.stringify({ hashes: [...used].sort() }));
  return searchable;
}

/** How much of Astro's error output a failed build's error keeps (its last lines name the page and the value). */
const ERROR_TAIL_CHARS = 2_000;

function runAstroBuild(outDir: string, catalogueUrl: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [resolve('node_modules/astro/bin/astro.mjs'), 'build'], {
      env: { ...process.env, ASTRO_OUT_DIR: outDir, CATALOGUE_URL: catalogueUrl, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'inherit', 'pipe'],
      signal,
    });
    // Passed through as before, and its end kept for the error the operator is told about.
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      stderr = (stderr + chunk.toString('utf8')).slice(-ERROR_TAIL_CHARS);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolvePromise();
      // eslint-disable-next-line no-control-regex -- the terminal's colour codes
      const detail = stderr.replace(/\x1b\[[0-9;]*m/g, '').trim();
      reject(new Error(`astro build terminó con el código ${code ?? 'desconocido'}.${detail ? `\n${detail}` : ''}`));
    });
  });
}

/** The extra indexes' folders, as `{ "indices": ["/pagefind/indice-1/", …] }`: the search merges them with /pagefind/. */
export const SEARCH_INDEXES_FILE = 'pagefind/indices.json';

/**
 * Pagefind builds an index in memory, and its process peaks while it writes it, growing with the pages:
 * 550 MB for 5,000 product pages, 1.1 GB for 10,000, 3.1 GB for 30,000 in one index. A bigger catalogue
 * gets several indexes of at most LIMITES.paginasPorIndiceBusqueda pages (SEARCH_INDEX_PAGES), made one
 * after another, so the peak stays that of one; the search merges them (islands/search/pagefind.ts).
 * Measured at 30,000 products: one index 152 s and 3.1 GB, a search for "crema" 355 KB in 28 requests;
 * three 89 s and 1.4 GB (with this process), 358 KB in 33 requests; six (5,000 pages each) 550 MB,
 * 444 KB in 42 requests.
 *
 * Writes the Pagefind search index of a built site into `{dir}/pagefind`: the pages marked
 * `data-pagefind-body` (the product pages; `pages` when the caller already knows them), at most
 * `perIndex` pages an index, the first in /pagefind/, the others in /pagefind/indice-N/ (listed in
 * SEARCH_INDEXES_FILE). The search page loads them at run time.
 */
export async function indexSite(dir: string, pages?: string[], perIndex = searchIndexPages()): Promise<void> {
  const searchable = pages ?? (await searchablePages(listFiles(dir).filter((file) => file.endsWith('.html'))));
  searchable.sort();
  const extra: string[] = [];
  for (let start = 0, n = 0; start < searchable.length || n === 0; start += perIndex, n++) {
    const folder = n === 0 ? 'pagefind' : `pagefind/indice-${n}`;
    // Pagefind reads a folder: the index's pages are hard-linked (or copied) into one of its own, at the same paths.
    const staging = join(dir, `.pagefind-${n}`);
    rmSync(staging, { recursive: true, force: true });
    try {
      for (const page of searchable.slice(start, start + perIndex)) {
        const to = join(staging, relative(dir, page));
        mkdirSync(dirname(to), { recursive: true });
        try {
          linkSync(page, to);
        } catch {
          copyFileSync(page, to);
        }
      }
      mkdirSync(staging, { recursive: true });
      await writeIndex(staging, join(dir, folder));
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
    if (n > 0) extra.push(`/${folder}/`);
  }
  writeFileSync(join(dir, SEARCH_INDEXES_FILE), JSON.stringify({ indices: extra }));
}

/** One Pagefind index of the pages in `from`, written to `to`; Pagefind's process ends after each, handing its memory back. */
async function writeIndex(from: string, to: string): Promise<void> {
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'es' });
    if (!index) throw new Error(errors.join('; '));
    const added = await index.addDirectory({ path: from });
    if (added.errors.length > 0) throw new Error(added.errors.join('; '));
    const written = await index.writeFiles({ outputPath: to });
    if (written.errors.length > 0) throw new Error(written.errors.join('; '));
  } finally {
    await pagefind.close();
  }
}

/** The pages among `pages` that Pagefind indexes (marked `data-pagefind-body`). */
async function searchablePages(pages: string[]): Promise<string[]> {
  const searchable: string[] = [];
  const queue = [...pages];
  const worker = async () => {
    for (let page = queue.pop(); page; page = queue.pop()) if ((await readFile(page, 'utf8')).includes('data-pagefind-body')) searchable.push(page);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return searchable;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|xml|txt|webmanifest)$/;

/**
 * Compression levels by kind of file, measured on product pages: brotli 10 took 1.7 MB/s and made
 * 15.0 KB of a 114.5 KB page, brotli 6 took 49 MB/s for 16.3 KB, gzip 9 and 6 gave the same size.
 * Pages (hundreds: listings, brands) get the fast levels; the few shared assets every visitor downloads, the best.
 */
const LEVELS = {
  page: { brotli: 6, gzip: 6 },
  asset: { brotli: 11, gzip: 9 },
};

/**
 * Pages made one per product: by far most of a big catalogue's files (30,000 of 31,000). They are not
 * precompressed: the Node server compresses them as it sends them (gzip, server.ts), about a
 * millisecond for a product page, and a CDN (Netlify) compresses what it serves by itself. The rest
 * (shared assets every visitor downloads, and the few hundred other pages) keep their brotli copies.
 */
const COMPRESSED_ON_THE_FLY = /^producto\//;

/**
 * Writes .br and .gz beside every compressible file of 1 KB or more, product pages left out, for
 * the Node server to pick. On Netlify (`NETLIFY=true` during its builds) the CDN compresses what it
 * serves, so nothing is written.
 */
export async function precompress(dir: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (env.NETLIFY === 'true') return;
  const files = listFiles(dir).filter((file) => COMPRESSIBLE.test(file) && !COMPRESSED_ON_THE_FLY.test(relative(dir, file).split(sep).join('/')) && statSync(file).size >= 1024);
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const body = await readFile(file);
      const level = file.endsWith('.html') ? LEVELS.page : LEVELS.asset;
      const [gz, br] = await Promise.all([
        gzipAsync(body, { level: level.gzip }),
        brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: level.brotli, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      ]);
      await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
    }
  };
  // zlib runs in libuv's thread pool (4 threads by default): four files at a time keep it busy.
  await Promise.all(Array.from({ length: 4 }, worker));
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}
