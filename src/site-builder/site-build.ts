import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { BUILD_SCRIPTS_FILE, buildScriptHashes, inlineScriptHashes } from '../server/http/inline-scripts.ts';
import { builtVersion, VERSION_STAMP } from '../server/node/static-site.ts';
import { finishIslandPages } from './island-pages.ts';
import { withPeakRss } from './memory.ts';
import { placePhotos, SNAPSHOT_PHOTOS_FILE } from './photos.ts';
import { indexCatalogue } from './search-index.ts';
import { snapshotProducts } from './snapshot.ts';

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
  /**
   * Called once the build has read all it needs from the API, before Astro renders: a build that
   * started the API for itself stops it there (catalogue-server.ts), and its memory goes with it.
   */
  catalogueRead?: () => Promise<void>;
}

/**
 * Builds the static site into a sibling folder: reads the catalogue's snapshot from the API into a
 * folder of JSON files and encodes the photos it lacks, then (the API no longer needed) renders the
 * pages with Astro from that folder, places the photos, finishes the islands, indexes the catalogue for
 * search, precompresses, stamps the catalogue version and swaps the folder in, so the one being served
 * is never half-written.
 */
export async function buildSite({
  distDir,
  catalogueUrl,
  catalogueVersion,
  signal,
  photoCacheDir,
  catalogueRead,
}: BuildOptions): Promise<void> {
  const target = resolve(distDir);
  const next = `${target}.next`;
  const snapshot = `${target}.instantanea`;
  const index = `${target}.indice`;
  // Folders are removed without blocking: `npm start` builds in the process that serves the shop, and
  // removing a site of 30,000 pages took it about 15 s.
  const remove = (dir: string) => rm(dir, { recursive: true, force: true });
  await remove(next);
  const stages: string[] = [];
  // Each stage's time and the peak resident memory of the build's processes during it (memory.ts).
  const timed = async (name: string, stage: () => Promise<void>) => {
    const t0 = performance.now();
    const { peak } = await withPeakRss(stage);
    const memory = peak === undefined ? '' : ` (pico ${(peak / 2 ** 20).toFixed(0)} MB)`;
    stages.push(`${name} ${((performance.now() - t0) / 1000).toFixed(1)} s${memory}`);
  };
  try {
    await timed('instantánea y fotos', () => takeSnapshotAndPhotos(catalogueUrl, snapshot, photoCacheDir, signal));
    await catalogueRead?.();
    await timed('Astro', () => runAstroBuild(next, snapshot, signal));
    // This process never holds the product list: Pagefind reads it from the snapshot's file as it goes, and the
    // photos' list was written beside it (at 100,000 products the list held here had put the Pagefind stage's
    // peak of all the build's processes at 1,574 MB, over its 1.5 GB budget).
    const photos = JSON.parse(readFileSync(join(snapshot, SNAPSHOT_PHOTOS_FILE), 'utf8')) as string[];
    // The search index is made from the catalogue, not the pages (search-index.ts): Pagefind's process
    // works beside this one's passes over the pages, into a folder of its own, moved in when both are done.
    // Not beside Astro: the two processes together would hold twice the memory (measured at 10,000 products, the
    // build's peak rose from the snapshot stage's 1.2 GB to 2.05 GB, over its 1.5 GB budget; decision 0231).
    await remove(index);
    await allDone([
      timed('Pagefind', () => indexCatalogue(index, snapshotProducts(snapshot))),
      (async () => {
        await timed('fotos en el sitio', () => placePhotos(next, photos, photoCacheDir));
        const pages = listFiles(next).filter((file) => file.endsWith('.html'));
        await timed('islas', async () => void (await finishIslandPages(next, pages)));
        await timed('scripts', () => checkInlineScripts(next, pages));
      })(),
    ]);
    renameSync(join(index, 'pagefind'), join(next, 'pagefind'));
  } finally {
    await remove(index);
    await remove(snapshot);
  }
  await timed('precompresión', () => precompress(next));
  // One line an operator (and `npm run bench`) can read: where a build's time went.
  console.log(`Etapas del build: ${stages.join(', ')}.`);
  writeFileSync(join(next, VERSION_STAMP), JSON.stringify({ version: catalogueVersion }));
  const old = `${target}.old`;
  await remove(old);
  if (existsSync(target)) renameSync(target, old);
  renameSync(next, target);
  await remove(old);
}

/** Waits for every task, even when one fails (none is left writing), then throws the first failure. */
async function allDone(tasks: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(tasks)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Checks the inline scripts of the finished pages against the list the build wrote of its own
 * (inline-scripts.ts): a page holding one not on it (a script that reached it through catalogue text)
 * fails the build, naming the page, so it is never published and the last good site stays. The list
 * is then narrowed to the scripts the pages do hold, keeping the CSP header short; pages can only take
 * hashes off it, never add one.
 */
export async function checkInlineScripts(dir: string, pages: string[]): Promise<void> {
  const listed = buildScriptHashes(dir);
  const used = new Set<string>();
  const found: string[] = [];
  const queue = [...pages];
  const worker = async () => {
    for (let page = queue.pop(); page; page = queue.pop()) {
      const html = await readFile(page, 'utf8');
      const hashes = inlineScriptHashes(html);
      for (const hash of hashes) used.add(hash);
      if ([...hashes].some((hash) => !listed.has(hash))) found.push(relative(dir, page));
    }
  };
  // Thousands of pages: several read at a time, as finishIslandPages does.
  await Promise.all(Array.from({ length: 8 }, worker));
  found.sort();
  if (found.length > 0) {
    throw new Error(
      `${found.length === 1 ? 'La página' : 'Las páginas'} ${found.slice(0, 5).join(', ')}${found.length > 5 ? ` y ${found.length - 5} más` : ''} ${found.length === 1 ? 'tiene' : 'tienen'} un script que el build no escribió (¿un texto del catálogo con <script>?): no se publica.`,
    );
  }
  writeFileSync(join(dir, BUILD_SCRIPTS_FILE), JSON.stringify({ hashes: [...used].sort() }));
}

/** How much of Astro's error output a failed build's error keeps (its last lines name the page and the value). */
const ERROR_TAIL_CHARS = 2_000;

/**
 * Astro's build of the pages into `outDir`, from the snapshot in `snapshotDir`, in a working folder of its own.
 * Astro renders from chunks it writes inside the output folder when that lies in its working directory, and
 * otherwise in `.astro/.prerender/` there, deleted when done; its content store is a file in its cache folder
 * (node_modules/.astro by default). Run from the checkout, two builds at once (the browser suite's shops,
 * two shops on one machine, `npm run build` beside `npm start` into other folders) shared both: one deleted
 * the chunks the other was rendering ("Cannot find module '…/.astro/.prerender/chunks/…'") and could read
 * the other's store. Each build now runs from a folder of its own inside the checkout (inside, so that the
 * chunks find its node_modules), which is also its cache folder, and removes it when done.
 */
async function runAstroBuild(outDir: string, snapshotDir: string, signal?: AbortSignal): Promise<void> {
  const root = process.cwd();
  mkdirSync(join(root, ASTRO_WORK_DIR), { recursive: true });
  const work = await mkdtemp(join(root, ASTRO_WORK_DIR, 'build-'));
  try {
    await runNode(
      [resolve('node_modules/astro/bin/astro.mjs'), 'build', '--root', root],
      { ASTRO_OUT_DIR: outDir, ASTRO_CACHE_DIR: work, SNAPSHOT_DIR: snapshotDir, ASTRO_TELEMETRY_DISABLED: '1' },
      'astro build',
      signal,
      work,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Where each Astro build's working folder is made, in the checkout (git-ignored with the rest of .astro/). */
const ASTRO_WORK_DIR = '.astro/builds';

/**
 * The snapshot and the photos' copies (snapshot-main.ts), taken in a process of its own: the product
 * list, parsed and validated, is hundreds of MB at 30,000 products, and V8 kept them in this process
 * for the rest of the build once it had read them (issue 26).
 */
const takeSnapshotAndPhotos = (catalogueUrl: string, snapshotDir: string, photoCacheDir: string, signal?: AbortSignal) =>
  runNode(
    ['--import', 'tsx', fileURLToPath(new URL('./snapshot-main.ts', import.meta.url)), catalogueUrl, snapshotDir, photoCacheDir],
    {},
    'La instantánea del catálogo',
    signal,
  );

/** Runs Node on `args` (in `cwd`, this process's by default) with `env` added to this process's, its output passed through; fails with the end of its error output. */
function runNode(args: string[], env: NodeJS.ProcessEnv, what: string, signal?: AbortSignal, cwd?: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'pipe'], signal });
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
      reject(new Error(`${what} terminó con el código ${code ?? 'desconocido'}.${detail ? `\n${detail}` : ''}`));
    });
  });
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
  const files = listFiles(dir).filter(
    (file) =>
      COMPRESSIBLE.test(file) && !COMPRESSED_ON_THE_FLY.test(relative(dir, file).split(sep).join('/')) && statSync(file).size >= 1024,
  );
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
