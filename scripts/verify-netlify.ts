/**
 * `npm run verify:netlify`: runs Netlify's own build (@netlify/build, offline: no Netlify account or
 * network) on a fresh copy of the repository, as Netlify would after a push, and checks what it made:
 * the static site with its headers file and catalogue version, and the bundled functions with their
 * routes and schedules. The catalogue comes from the embedded demo database (DATABASE_URL unset).
 * KEEP_NETLIFY_COPY=1 leaves the copy (its path is printed) for a look at dist/ and .netlify/.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RECONSTRUCCION } from '../src/lib/tienda.ts';
import { netlifyApiPaths } from '../src/server/api-paths.ts';
import { listZip, type ZipEntry } from './zip.ts';

const root = resolve(import.meta.dirname, '..');
const started = performance.now();
const problems: string[] = [];
const ensure = (ok: boolean, problem: string) => void (ok || problems.push(problem));

const copy = freshCopy();
try {
  const netlifyBuild = join(root, 'node_modules', '@netlify', 'build', 'bin.js');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(copy, '.data'), SITE_URL: 'https://kbeauty.example', ASTRO_TELEMETRY_DISABLED: '1' };
  for (const name of ['DATABASE_URL', 'CATALOGUE_URL', 'PUBLIC_API_BASE', 'NODE_ENV', 'DIST_DIR']) delete env[name];
  const build = spawnSync(process.execPath, [netlifyBuild, '--offline', '--cwd', copy], { env, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`netlify-build terminó con el código ${build.status ?? build.signal}.`);
  checkSite(join(copy, 'dist'));
  await checkFunctions(join(copy, '.netlify', 'functions'));
} finally {
  if (process.env.KEEP_NETLIFY_COPY) console.log(`verify:netlify: la copia queda en ${copy}.`);
  else rmSync(copy, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.error(`verify:netlify falló:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(`verify:netlify: el build de Netlify funciona (${((performance.now() - started) / 1000).toFixed(0)} s).`);

/**
 * The files a clone would hold (tracked, plus new ones not ignored, so uncommitted work is checked
 * too) copied into a temporary folder, with this checkout's installed node_modules, as Netlify
 * installs them before building. A real folder, not a link: the function bundles pack what they
 * import from it. Hard links make it instant where the file system allows; build caches stay out.
 */
function freshCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kbeauty-netlify-'));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  for (const file of new Set(listed.split('\0').filter(Boolean))) {
    if (!existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  const modules = join(dir, 'node_modules');
  if (spawnSync('cp', ['-al', join(root, 'node_modules'), modules]).status !== 0) {
    rmSync(modules, { recursive: true, force: true });
    cpSync(join(root, 'node_modules'), modules, { recursive: true, verbatimSymlinks: true });
  }
  for (const cache of ['.vite', '.astro']) rmSync(join(modules, cache), { recursive: true, force: true });
  return dir;
}

/** The published folder: pages, the CSP headers file and the catalogue version the scheduled check reads. */
function checkSite(dist: string) {
  ensure(existsSync(join(dist, 'index.html')), 'dist/index.html no existe.');
  ensure(existsSync(join(dist, 'pagefind', 'pagefind.js')), 'dist/pagefind/ (el índice de búsqueda) no existe.');
  const headers = existsSync(join(dist, '_headers')) ? readFileSync(join(dist, '_headers'), 'utf8') : '';
  ensure(/^\/\*\n\s+Content-Security-Policy: .*'sha256-/m.test(headers), 'dist/_headers no tiene la Content-Security-Policy con los hashes de los scripts.');
  const version = existsSync(join(dist, 'version.json')) ? (JSON.parse(readFileSync(join(dist, 'version.json'), 'utf8')) as { version?: unknown }).version : undefined;
  ensure(typeof version === 'number' && version > 0, 'dist/version.json no dice la versión del catálogo.');
  // Netlify's static server does not decode %2B or %3A: the escaped spelling of such a page is a 301 to it (netlify/redirects.ts).
  const redirects = existsSync(join(dist, '_redirects')) ? readFileSync(join(dist, '_redirects'), 'utf8').split('\n') : [];
  for (const [folder, rule] of [['marcas/Dr. Jart+', '/marcas/Dr.%20Jart%2B /marcas/Dr.%20Jart+ 301'], ['marcas/Ma:nyo', '/marcas/Ma%3Anyo /marcas/Ma:nyo 301']]) {
    ensure(existsSync(join(dist, folder!, 'index.html')), `dist/${folder}/index.html no existe.`);
    ensure(redirects.includes(rule!), `dist/_redirects no tiene «${rule}».`);
  }
}

interface ManifestFunction {
  name: string;
  path: string;
  routes?: { pattern: string }[];
  schedule?: string;
}

/**
 * The bundles in .netlify/functions and their manifest: the API at every path of the list, the two
 * scheduled functions; each bundle loads from its own files, and the API's answers a request.
 */
async function checkFunctions(dir: string) {
  const manifestFile = join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) return void problems.push('.netlify/functions/manifest.json no existe: no se empaquetaron las funciones.');
  const functions = (JSON.parse(readFileSync(manifestFile, 'utf8')) as { functions: ManifestFunction[] }).functions;
  const byName = new Map(functions.map((fn) => [fn.name, fn]));
  const api = byName.get('api');
  ensure(JSON.stringify(api?.routes?.map((route) => route.pattern)) === JSON.stringify(netlifyApiPaths()), `las rutas de la función api (${api?.routes?.map((route) => route.pattern).join(' ')}) no son las de src/server/api-paths.ts.`);
  ensure(byName.get('rebuild')?.schedule === RECONSTRUCCION.horario, `la función rebuild no está programada como ${RECONSTRUCCION.horario}.`);
  ensure(byName.get('jobs')?.schedule === '* * * * *', 'la función jobs no está programada cada minuto.');
  const loaded = new Map<string, { default: (request: Request) => Promise<Response> }>();
  for (const fn of functions) {
    if (!existsSync(fn.path)) {
      problems.push(`falta el paquete de la función ${fn.name} (${fn.path}).`);
      continue;
    }
    const entries = listZip(readFileSync(fn.path));
    if (fn.name === 'api') ensure(entries.some((entry) => entry.name === 'src/server/db/migrations/0000_catalogo.sql'), 'el paquete de la función api no incluye las migraciones.');
    loaded.set(fn.name, await importBundle(entries, join(dir, 'unzipped', fn.name), fn.name));
  }
  // Without DATABASE_URL the bundled API must still answer, with its 503 and a log line saying why.
  delete process.env.DATABASE_URL;
  const logged: string[] = [];
  const logError = console.error;
  console.error = (...parts: unknown[]) => void logged.push(parts.join(' '));
  const res = await loaded.get('api')?.default(new Request('https://kbeauty.example/web/listprod')).finally(() => (console.error = logError));
  ensure(res?.status === 503 && logged.some((line) => line.includes('DATABASE_URL')), `la función api empaquetada respondió ${res?.status} sin base de datos (se esperaba 503).`);
  // Every Netlify deploy is public: asked for there, the test mode (orders approved without paying) stops the function from loading.
  process.env.MP_TEST_MODE = 'true';
  const bundled = pathToFileURL(join(dir, 'unzipped', 'api', 'netlify', 'functions', 'api.mjs')).href;
  const refusal = await import(`${bundled}?modo-prueba`).then(() => '', (error: unknown) => String(error)).finally(() => delete process.env.MP_TEST_MODE);
  ensure(refusal.includes('MP_TEST_MODE=true no se permite'), 'la función api empaquetada cargó con MP_TEST_MODE=true (en Netlify debía negarse a arrancar).');
}

/** Unpacks a function's bundle into `dir` and imports its module, as Netlify's runtime does. */
async function importBundle(entries: ZipEntry[], dir: string, name: string) {
  for (const entry of entries.filter((entry) => !entry.name.endsWith('/'))) {
    mkdirSync(dirname(join(dir, entry.name)), { recursive: true });
    writeFileSync(join(dir, entry.name), entry.read());
  }
  return import(pathToFileURL(join(dir, 'netlify', 'functions', `${name}.mjs`)).href);
}
