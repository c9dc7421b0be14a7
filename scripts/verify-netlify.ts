/**
 * `npm run verify:netlify`: runs Netlify's own build (offline: no Netlify account or network) on a
 * fresh copy of the repository, as Netlify would after a push, and checks what it made: the static
 * site with its headers file, redirects and catalogue version, and the bundled functions with their
 * routes and schedules.
 *
 * With a PostgreSQL server (TEST_DATABASE_URL, as CI sets it when one answers) the build is the one
 * `netlify serve --offline` makes, on a new database of that server, and the site is then served by
 * Netlify's own local server (netlify-cli, with the `deno` of the deno package): the scheduled
 * functions run through `netlify functions:invoke` against a local stand-in for the build hook, and
 * Chromium runs a set of the browser journeys and tests/netlify/ against it
 * (tests/netlify/playwright.config.ts). Without one, only the build is checked (@netlify/build, with
 * the embedded demo database), and the served part is skipped with a message saying so.
 * KEEP_NETLIFY_COPY=1 leaves the copy (its path is printed) for a look at dist/ and .netlify/.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ADMIN_REWRITE } from '../netlify/redirects.ts';
import { RECONSTRUCCION } from '../src/lib/tienda.ts';
import { netlifyApiPaths } from '../src/server/api-paths.ts';
import { SEARCH_PATH } from '../src/lib/catalogue/routes.ts';
import { BROWSER_TEST_RATE_LIMITS, freePort } from '../tests/e2e/support/start-shop.ts';
import { adminQuery, createScratchPostgres } from '../tests/fixtures/scratch-postgres.ts';
import { cookieDe, sesionDeDueno } from './bench/backoffice-sesion.ts';
import { listZip, type ZipEntry } from './zip.ts';

const root = resolve(import.meta.dirname, '..');
const started = performance.now();
const problems: string[] = [];
const ensure = (ok: boolean, problem: string) => void (ok || problems.push(problem));
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(0);

const postgres = await postgresServer(process.env.TEST_DATABASE_URL);
const copy = freshCopy();
try {
  if (postgres) await buildAndServe(copy, postgres);
  else {
    const netlifyBuild = join(root, 'node_modules', '@netlify', 'build', 'bin.js');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: join(copy, '.data'),
      SITE_URL: 'https://kbeauty.example',
      ASTRO_TELEMETRY_DISABLED: '1',
    };
    for (const name of ['DATABASE_URL', 'CATALOGUE_URL', 'PUBLIC_API_BASE', 'NODE_ENV', 'DIST_DIR']) delete env[name];
    const build = spawnSync(process.execPath, [netlifyBuild, '--offline', '--cwd', copy], { env, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`netlify-build terminó con el código ${build.status ?? build.signal}.`);
    checkSite(join(copy, 'dist'));
    await checkFunctions(join(copy, '.netlify', 'functions'));
  }
} finally {
  if (process.env.KEEP_NETLIFY_COPY) console.log(`verify:netlify: la copia queda en ${copy}.`);
  else rmSync(copy, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.error(`verify:netlify falló:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `verify:netlify: el build de Netlify funciona${postgres ? ', y el sitio servido por netlify serve también' : ''} (${seconds(started)} s).`,
);
// The pg pool of the bundles imported by checkFunctions may hold the event loop open.
process.exit(0);

/** The PostgreSQL server of `url` when it answers; undefined, with the reason, when the served part is skipped. */
async function postgresServer(url: string | undefined): Promise<string | undefined> {
  if (!url) {
    console.log(
      'verify:netlify: TEST_DATABASE_URL no está definido: se comprueba solo el build de Netlify, no el sitio servido por netlify serve (necesita PostgreSQL).',
    );
    return undefined;
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return url;
  } catch (error) {
    console.log(
      `verify:netlify: PostgreSQL no responde en TEST_DATABASE_URL (${String(error)}): se comprueba solo el build de Netlify, no el sitio servido por netlify serve.`,
    );
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

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
    // A checkout whose node_modules is a link (a git worktree beside the main one) lists it as a file: copied below.
    if (!existsSync(join(root, file)) || /^node_modules\/?$/.test(file)) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  const modules = join(dir, 'node_modules');
  // Through a link to the folder it names: the copy holds a real folder.
  const installed = realpathSync(join(root, 'node_modules'));
  if (spawnSync('cp', ['-al', installed, modules]).status !== 0) {
    rmSync(modules, { recursive: true, force: true });
    cpSync(installed, modules, { recursive: true, verbatimSymlinks: true });
  }
  for (const cache of ['.vite', '.astro']) rmSync(join(modules, cache), { recursive: true, force: true });
  return dir;
}

/** The published folder: pages, the CSP headers file and the catalogue version the scheduled check reads. */
function checkSite(dist: string) {
  ensure(existsSync(join(dist, 'index.html')), 'dist/index.html no existe.');
  ensure(existsSync(join(dist, 'pagefind', 'pagefind.js')), 'dist/pagefind/ (el índice de búsqueda) no existe.');
  const headers = existsSync(join(dist, '_headers')) ? readFileSync(join(dist, '_headers'), 'utf8') : '';
  ensure(
    /^\/\*\n\s+Content-Security-Policy: .*'sha256-/m.test(headers),
    'dist/_headers no tiene la Content-Security-Policy con los hashes de los scripts.',
  );
  const version = existsSync(join(dist, 'version.json'))
    ? (JSON.parse(readFileSync(join(dist, 'version.json'), 'utf8')) as { version?: unknown }).version
    : undefined;
  ensure(typeof version === 'number' && version > 0, 'dist/version.json no dice la versión del catálogo.');
  // Netlify's static server does not decode %2B or %3A: the escaped spelling of such a page is a 301 to it (netlify/redirects.ts).
  const redirects = existsSync(join(dist, '_redirects')) ? readFileSync(join(dist, '_redirects'), 'utf8').split('\n') : [];
  for (const [folder, rule] of [
    ['marcas/Dr. Jart+', '/marcas/Dr.%20Jart%2B /marcas/Dr.%20Jart+ 301'],
    ['marcas/Ma:nyo', '/marcas/Ma%3Anyo /marcas/Ma:nyo 301'],
  ]) {
    ensure(existsSync(join(dist, folder!, 'index.html')), `dist/${folder}/index.html no existe.`);
    ensure(redirects.includes(rule!), `dist/_redirects no tiene «${rule}».`);
  }
  // The back office is one page for every /admin/* path (netlify/redirects.ts).
  ensure(existsSync(join(dist, 'admin', 'index.html')), 'dist/admin/index.html no existe.');
  ensure(redirects.includes(ADMIN_REWRITE), `dist/_redirects no tiene «${ADMIN_REWRITE}».`);
}

interface ManifestFunction {
  name: string;
  path: string;
  routes?: { pattern: string }[];
  schedule?: string;
}

/**
 * The bundles in .netlify/functions and their manifest: the API at every path of the list, the search page at
 * /search, the two scheduled functions; each bundle loads from its own files, and the API's answers a request.
 */
async function checkFunctions(dir: string) {
  const manifestFile = join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) return void problems.push('.netlify/functions/manifest.json no existe: no se empaquetaron las funciones.');
  const functions = (JSON.parse(readFileSync(manifestFile, 'utf8')) as { functions: ManifestFunction[] }).functions;
  const byName = new Map(functions.map((fn) => [fn.name, fn]));
  const api = byName.get('api');
  ensure(
    JSON.stringify(api?.routes?.map((route) => route.pattern)) === JSON.stringify(netlifyApiPaths()),
    `las rutas de la función api (${api?.routes?.map((route) => route.pattern).join(' ')}) no son las de src/server/api-paths.ts.`,
  );
  ensure(
    byName.get('rebuild')?.schedule === RECONSTRUCCION.horario,
    `la función rebuild no está programada como ${RECONSTRUCCION.horario}.`,
  );
  ensure(byName.get('jobs')?.schedule === '* * * * *', 'la función jobs no está programada cada minuto.');
  ensure(
    JSON.stringify(byName.get('search')?.routes?.map((route) => route.pattern)) === JSON.stringify([SEARCH_PATH]),
    `la función search no atiende ${SEARCH_PATH} (la página de búsqueda con sus primeros resultados).`,
  );
  const loaded = new Map<string, { default: (request: Request) => Promise<Response> }>();
  for (const fn of functions) {
    if (!existsSync(fn.path)) {
      problems.push(`falta el paquete de la función ${fn.name} (${fn.path}).`);
      continue;
    }
    const entries = listZip(readFileSync(fn.path));
    if (fn.name === 'api')
      ensure(
        entries.some((entry) => entry.name === 'src/server/db/migrations/0000_catalogo.sql'),
        'el paquete de la función api no incluye las migraciones.',
      );
    loaded.set(fn.name, await importBundle(entries, join(dir, 'unzipped', fn.name), fn.name));
  }
  // Without DATABASE_URL the bundled API must still answer, with its 503 and a log line saying why.
  delete process.env.DATABASE_URL;
  const logged: string[] = [];
  const logError = console.error;
  console.error = (...parts: unknown[]) => void logged.push(parts.join(' '));
  const res = await loaded
    .get('api')
    ?.default(new Request('https://kbeauty.example/web/listprod'))
    .finally(() => (console.error = logError));
  ensure(
    res?.status === 503 && logged.some((line) => line.includes('DATABASE_URL')),
    `la función api empaquetada respondió ${res?.status} sin base de datos (se esperaba 503).`,
  );
  // Every Netlify deploy is public: asked for there, the test mode (orders approved without paying) stops the function from loading.
  process.env.MP_TEST_MODE = 'true';
  const bundled = pathToFileURL(join(dir, 'unzipped', 'api', 'netlify', 'functions', 'api.mjs')).href;
  const refusal = await import(`${bundled}?modo-prueba`)
    .then(
      () => '',
      (error: unknown) => String(error),
    )
    .finally(() => delete process.env.MP_TEST_MODE);
  ensure(
    refusal.includes('MP_TEST_MODE=true no se permite'),
    'la función api empaquetada cargó con MP_TEST_MODE=true (en Netlify debía negarse a arrancar).',
  );
}

/** Unpacks a function's bundle into `dir` and imports its module, as Netlify's runtime does. */
async function importBundle(entries: ZipEntry[], dir: string, name: string) {
  for (const entry of entries.filter((entry) => !entry.name.endsWith('/'))) {
    mkdirSync(dirname(join(dir, entry.name)), { recursive: true });
    writeFileSync(join(dir, entry.name), entry.read());
  }
  return import(pathToFileURL(join(dir, 'netlify', 'functions', `${name}.mjs`)).href);
}

/**
 * `netlify serve --offline` on the copy, on a new database of the PostgreSQL server: it runs Netlify's
 * build (the catalogue from that database, which the build migrates and, asked by DEMO_CATALOGUE, fills
 * with the demo catalogue) and serves the result;
 * then the same checks of the output as without a server, the scheduled functions, and the journeys.
 */
async function buildAndServe(copy: string, serverUrl: string) {
  const scratch = await createScratchPostgres(serverUrl, 'kbeauty_netlify');
  const databaseUrl = scratch.url;
  const hook = await startBuildHook();
  const adminToken = randomBytes(24).toString('hex');
  // Outside the copy, which goes away: kept when something failed.
  const results = mkdtempSync(join(tmpdir(), 'kbeauty-netlify-resultados-'));
  let server: NetlifyServer | undefined;
  try {
    const t0 = performance.now();
    server = await startNetlifyServe(copy, {
      DATABASE_URL: databaseUrl,
      DEMO_CATALOGUE: 'true',
      BUILD_HOOK_URL: hook.url,
      SHOP_ADMIN_TOKEN: adminToken,
      ...BROWSER_TEST_RATE_LIMITS,
    });
    console.log(`verify:netlify: netlify serve construyó el sitio y lo sirve en ${server.url} (${seconds(t0)} s).`);
    checkSite(join(copy, 'dist'));
    await checkFunctions(join(copy, '.netlify', 'functions'));
    const t1 = performance.now();
    await checkScheduledFunctions(server, databaseUrl, hook);
    console.log(`verify:netlify: funciones programadas con netlify functions:invoke (${seconds(t1)} s).`);
    const visto = await checkBackoffice(server, adminToken);
    console.log(`verify:netlify: la administración (/admin/) servida por netlify serve: página, API e ingreso (${visto}).`);
    const t2 = performance.now();
    // Netlify runs jobs every minute; the journeys run it every few seconds, as npm start's worker does in the browser tests.
    const jobs = setInterval(() => void fetch(`${server!.url}/.netlify/functions/jobs`, { method: 'POST' }).catch(() => {}), 3000);
    const journeys = await run(
      process.execPath,
      [
        join(copy, 'node_modules', '@playwright', 'test', 'cli.js'),
        'test',
        '-c',
        'tests/netlify/playwright.config.ts',
        '--output',
        results,
      ],
      {
        cwd: copy,
        env: { ...process.env, E2E_BASE_URL: server.url, E2E_ADMIN_TOKEN: adminToken },
      },
    ).finally(() => clearInterval(jobs));
    ensure(
      journeys === 0,
      `los recorridos del navegador contra netlify serve fallaron (código ${journeys}): el registro del servidor queda en ${server.logFile}, los de Playwright en ${results}.`,
    );
    console.log(`verify:netlify: recorridos del navegador contra netlify serve (${seconds(t2)} s).`);
  } catch (error) {
    problems.push(String(error));
  } finally {
    await server?.stop();
    if (problems.length > 0 && server)
      console.error(
        `verify:netlify: las últimas líneas de netlify serve (todas en ${server.logFile}):\n${server.output().split('\n').slice(-60).join('\n')}`,
      );
    if (problems.length === 0) {
      rmSync(results, { recursive: true, force: true });
      if (server) rmSync(server.logFile, { force: true });
    }
    await hook.close();
    await scratch
      .drop()
      .catch((error: unknown) =>
        console.error(`No se pudo borrar la base de datos ${new URL(databaseUrl).pathname.slice(1)}: ${String(error)}`),
      );
  }
}

interface NetlifyServer {
  url: string;
  /** The copy it serves. */
  dir: string;
  port: number;
  env: NodeJS.ProcessEnv;
  cli: string;
  logFile: string;
  /** Everything it printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `netlify serve --offline` in the copy on free ports and waits until it serves. Its `deno`
 * (edge functions, which the CLI starts even for a site without any) is the deno package's, on PATH
 * from node_modules/.bin. NETLIFY_DEV=true and the local http SITE_URL mark a developer's machine:
 * the functions then follow `npm start`'s rules there (the offline test mode of payments and
 * receipts on, by default); --context dev, because the CLI otherwise leaves CONTEXT=production in
 * the functions' environment, where the real platform has none.
 */
async function startNetlifyServe(copy: string, settings: Record<string, string>): Promise<NetlifyServer> {
  const [port, functionsPort] = [await freePort(), await freePort()];
  const url = `http://localhost:${port}`;
  const cli = join(copy, 'node_modules', 'netlify-cli', 'bin', 'run.js');
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env))
    if (/^(MP_|RECEIPTS_|NUBEFACT_|SMTP_|RATE_LIMIT_|CATALOGUE_URL$|PUBLIC_API_BASE$|NODE_ENV$|DIST_DIR$|CONTEXT$|NETLIFY)/.test(name))
      delete env[name];
  Object.assign(env, settings, {
    SITE_URL: url,
    NETLIFY_DEV: 'true',
    DATA_DIR: join(copy, '.data'),
    ASTRO_TELEMETRY_DISABLED: '1',
    BROWSER: 'none',
    PATH: [join(copy, 'node_modules', '.bin'), env.PATH].join(delimiter),
  });
  const logFile = join(tmpdir(), `kbeauty-netlify-serve-${port}.log`);
  const child = spawn(
    process.execPath,
    [cli, 'serve', '--offline', '--context', 'dev', '--port', String(port), '--functions-port', String(functionsPort)],
    { cwd: copy, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const chunks: string[] = [];
  const output = () => chunks.join('');
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const stop = async () => {
    writeFileSync(logFile, output());
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Its own children (the static server, deno, esbuild's service) are in its process group.
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, name);
      } catch {
        // The group is gone already: nothing left to signal.
      }
    };
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    signal('SIGKILL');
  };
  const server = { url, dir: copy, port, env, cli, logFile, output, stop };
  await new Promise<void>((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error('netlify serve no respondió en 8 minutos.')), 8 * 60_000);
    const check = () => {
      if (output().includes('Local dev server ready')) {
        clearTimeout(timeout);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timeout);
      reject(new Error(`netlify serve terminó con el código ${code} antes de servir el sitio.`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    console.error(output().split('\n').slice(-80).join('\n'));
    throw error;
  });
  return server;
}

/**
 * The scheduled functions through `netlify functions:invoke`, as Netlify's scheduler calls them: the
 * rebuild check calls the build hook only while the database's catalogue version differs from the
 * served /version.json, and once per version (the next check finds that build under way); the jobs run.
 */
async function checkScheduledFunctions(server: NetlifyServer, databaseUrl: string, hook: BuildHook) {
  const invoke = async (name: string) => {
    const from = server.output().length;
    const code = await run(process.execPath, [server.cli, 'functions:invoke', name, '--port', String(server.port), '--offline'], {
      cwd: server.dir,
      env: server.env,
      quiet: true,
    });
    ensure(code === 0, `netlify functions:invoke ${name} terminó con el código ${code}.`);
    // The function's log reaches the server's output just after its response.
    await waitFor(() => /Response with status \d+/.test(server.output().slice(from)), 10_000);
    return server.output().slice(from);
  };
  const bump = (delta: number) => adminQuery(databaseUrl, `UPDATE catalogo_estado SET version = version + (${delta}) WHERE id = 1`);
  const rebuild = async (expected: string, calls: number, when: string) => {
    const log = await invoke('rebuild');
    ensure(
      log.includes(`Versión del catálogo publicada: ${expected}.`),
      `${when}, la función rebuild no dijo «${expected}»: ${log.trim().split('\n').slice(-3).join(' | ')}`,
    );
    ensure(hook.calls() === calls, `${when}, el build hook recibió ${hook.calls()} llamadas (se esperaban ${calls}).`);
  };
  await rebuild('al-dia', 0, 'Con el catálogo publicado al día');
  await bump(1);
  try {
    await rebuild('solicitada', 1, 'Con el catálogo cambiado');
    await rebuild('construyendo', 1, 'Con ese build pedido y en curso');
  } finally {
    await bump(-1);
  }
  await rebuild('al-dia', 1, 'Con el catálogo otra vez al día');
  const jobs = await invoke('jobs');
  ensure(
    /Response with status 20\d/.test(jobs) && !/error/i.test(jobs),
    `la función jobs falló: ${jobs.trim().split('\n').slice(-3).join(' | ')}`,
  );
}

/**
 * The back office through Netlify's server (issue 36): a deep link is the app's one page (the rewrite
 * of dist/_redirects) with its noindex header (netlify.toml); the API's /admin/api/sesion is the
 * function's JSON 401 without a session; an owner invited with the token, enrolled and signed in with
 * password and TOTP through the function gets the session cookie with its flags intact (HttpOnly,
 * Secure, SameSite=Strict, Path=/admin), and that cookie sent back opens GET /admin/api/sesion.
 */
async function checkBackoffice(server: NetlifyServer, adminToken: string): Promise<string> {
  const visto: string[] = [];
  const page = readFileSync(join(server.dir, 'dist', 'admin', 'index.html'), 'utf8');
  const marker = /<title>[^<]*<\/title>/.exec(page)?.[0] ?? '<div id="app">';
  for (const path of ['/admin/', '/admin/pedidos/12', '/admin/ingresar']) {
    const res = await fetch(server.url + path, { redirect: 'manual' });
    const body = await res.text();
    ensure(
      res.status === 200 &&
        (res.headers.get('content-type') ?? '').startsWith('text/html') &&
        body.includes(marker) &&
        body.includes('id="app"'),
      `${path} no sirvió la página de la administración (${res.status}, ${res.headers.get('content-type')}).`,
    );
    if (path === '/admin/pedidos/12') visto.push(`${path}: ${res.status}, X-Robots-Tag «${res.headers.get('x-robots-tag')}»`);
    ensure(
      /noindex/.test(res.headers.get('x-robots-tag') ?? ''),
      `${path} no lleva X-Robots-Tag: noindex (tiene «${res.headers.get('x-robots-tag')}»).`,
    );
  }
  const anonima = await fetch(`${server.url}/admin/api/sesion`);
  const cuerpo = (await anonima.json().catch(() => undefined)) as { mensaje?: unknown } | undefined;
  ensure(
    anonima.status === 401 &&
      (anonima.headers.get('content-type') ?? '').startsWith('application/json') &&
      typeof cuerpo?.mensaje === 'string',
    `GET /admin/api/sesion sin sesión respondió ${anonima.status} (${anonima.headers.get('content-type')}); se esperaba 401 JSON con un mensaje.`,
  );
  visto.push(`GET /admin/api/sesion sin sesión: ${anonima.status}`);
  let sesion: Awaited<ReturnType<typeof sesionDeDueno>>;
  try {
    sesion = await sesionDeDueno(server.url, adminToken);
  } catch (error) {
    problems.push(`el ingreso a la administración por la función falló: ${String(error)}`);
    return visto.join('; ');
  }
  visto.push(`cookie «${sesion.setCookieIngreso.split(';').slice(1).join(';').trim()}»`);
  for (const [paso, header] of [
    ['la confirmación de la invitación', sesion.setCookieAlta],
    ['el ingreso con contraseña y código', sesion.setCookieIngreso],
  ] as const) {
    const atributos = header
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    const faltan = ['httponly', 'secure', 'samesite=strict', 'path=/admin'].filter((flag) => !atributos.includes(flag));
    ensure(
      cookieDe(header) !== undefined && faltan.length === 0,
      `la cookie de sesión de ${paso} llegó por la función sin ${faltan.join(', ') || 'su valor'}: «${header.replace(/=[^;]{8,}/, '=…')}».`,
    );
  }
  const abierta = await fetch(`${server.url}/admin/api/sesion`, { headers: { Cookie: `kb_personal=${sesion.cookie}` } });
  const yo = (await abierta.json().catch(() => undefined)) as { persona?: { correo?: string } } | undefined;
  ensure(
    abierta.status === 200 && yo?.persona?.correo === sesion.correo,
    `GET /admin/api/sesion con la cookie del ingreso respondió ${abierta.status} (se esperaba 200 con ${sesion.correo}).`,
  );
  visto.push(`con ella: ${abierta.status}`);
  return visto.join('; ');
}

interface BuildHook {
  url: string;
  calls(): number;
  close(): Promise<void>;
}

/** A stand-in for Netlify's build hook: counts the POSTs it gets. */
async function startBuildHook(): Promise<BuildHook> {
  let calls = 0;
  const server = createHttpServer((req, res) => {
    if (req.method === 'POST') calls++;
    req.resume();
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/build_hooks/verify`,
    calls: () => calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Runs a command to its end; its output goes to this one's unless `quiet`. */
function run(
  command: string,
  args: string[],
  { cwd, env, quiet = false }: { cwd?: string; env?: NodeJS.ProcessEnv; quiet?: boolean },
): Promise<number | string> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(command, args, { cwd, env, stdio: quiet ? 'ignore' : 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'desconocido'));
  });
}

async function waitFor(done: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
}
