/**
 * `npm run bench [-- --products N] [-- --no-lighthouse] [-- --solo backoffice|catalogo|tienda] [-- --postgres URL]`: measures the shop on a temporary data
 * directory with the demo catalogue (or a synthetic one of N products) and prints a Markdown report:
 * the build (stages, time, peak memory, dist/ size), start time, per page the HTML and JavaScript
 * sizes, the data a search, the header suggestions and a 3-item cart fetch over the wire, the
 * catalogue calls' latency, when 'Agregar al carrito' works under mobile throttling, the interaction
 * latency (INP-style, 4× CPU) of adding to the cart, opening the cart, a listing filter and the quick
 * view, Lighthouse mobile on home, listing, product, cart and search (scores, LCP median and worst, requests, JS; 5 runs); then the back office (issue 36) with 10,000 orders: its
 * first-load JavaScript (scripts/bench/backoffice-js.ts), when its sign-in, home and orders list are usable on a
 * throttled phone (scripts/bench/backoffice-ui.ts, the shop restarted with the orders written into its database), and
 * the orders list and home on the server (scripts/bench/backoffice.ts: embedded PGlite, and PostgreSQL on a scratch
 * database of the server of --postgres, by default TEST_DATABASE_URL, when one is given); then every figure beside
 * its target (issues 15, 26 and 36). `--solo backoffice` measures only the back office (after the seed and the build).
 * The back office's catalogue (issue 37, scripts/bench/catalogo.ts): the product list's first page, a search and a filter
 * (p95 ≤ 150 ms) and a bulk change of 1,000 products (≤ 2 s) on a synthetic catalogue of --products (30,000 by default),
 * in PGlite and in PostgreSQL; `--solo catalogo` measures only that (no seed, no build: it makes its own databases).
 * `--solo tienda`: the storefront only (the seed, the build and its pages; no back office, no back-office catalogue).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import type { Menu, Producto } from '../src/lib/api/schemas.ts';
import { listingPath, productPath } from '../src/lib/catalogue/routes.ts';
import { measureAddToCart } from './bench/add-to-cart.ts';
import type { LatenciaBackoffice } from './bench/backoffice.ts';
import { BACKOFFICE_JS_BUDGET_KB, backofficeJsReport, measureBackofficeJs } from './bench/backoffice-js.ts';
import { BACKOFFICE_USABLE_BUDGET_S, PERFILES, measureBackofficeUi } from './bench/backoffice-ui.ts';
import { createScratchPostgres } from '../tests/fixtures/scratch-postgres.ts';
import type { Latency } from './bench/catalogue-latency.ts';
import type { LatenciaCatalogo } from './bench/catalogo.ts';
import { measureInteractions, type InteractionRun } from './bench/interactions.ts';
import { isApiData, isSearchData, recordedPage, settle, sumBytes } from './bench/network.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string' },
    'no-lighthouse': { type: 'boolean', default: false },
    port: { type: 'string', default: '4390' },
    /** One part only: `backoffice` (the seed and the build still run first) or `catalogo` (its own databases only). */
    solo: { type: 'string' },
    /** A PostgreSQL server for the back office's server-side figures besides PGlite (a scratch database is made on it and dropped). */
    postgres: { type: 'string', default: process.env.TEST_DATABASE_URL },
  },
});
/** The metrics of Lighthouse's performance score (above the run: the bench's body runs at the top level). */
const PERFORMANCE_METRICS = {
  'first-contentful-paint': 'FCP',
  'speed-index': 'Speed Index',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
} as const;

const PARTS = ['backoffice', 'catalogo', 'tienda'] as const;
if (values.solo !== undefined && !PARTS.includes(values.solo as (typeof PARTS)[number])) {
  console.error(`--solo acepta: ${PARTS.join(', ')}.`);
  process.exit(2);
}
const soloBackoffice = values.solo === 'backoffice';
const soloCatalogo = values.solo === 'catalogo';
/** The storefront only: the seed, the build and the shop's pages, no back office. */
const soloTienda = values.solo === 'tienda';
/** Products of the back office catalogue's figures when --products is not given (issue 37). */
const CATALOGO_PRODUCTOS = 30_000;
/** Lighthouse runs per page: LCP on a simulated phone lands in two clusters run to run, so the worst run counts too. */
const LIGHTHOUSE_RUNS = 5;

/** Orders in the back office's database for its figures (issue 36). */
const BACKOFFICE_ORDERS = 10_000;
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const work = mkdtempSync(join(tmpdir(), 'kbeauty-bench-'));
const distDir = join(work, 'dist');
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: join(work, 'data'),
  DIST_DIR: distDir,
  DATABASE_URL: '',
  REBUILD_CHECK_SECONDS: '0',
};
const report: string[] = ['# K-Beauty Perú benchmark', ''];
const KB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** Medusa's Next.js storefront, measured beside us in one run (issue 26): requests on its home and listing. */
const PEER_REQUESTS = { home: 22, listing: 34 } as const;

/**
 * The build's budgets for a catalogue of `products`: DESIGN.md's 150 s and 1 GB deployed up to 30,000 products; at
 * 100,000 (the catalogue's ceiling we plan for), 300 s and 3 GB. Peak memory stays 1.5 GB at every size.
 */
function buildBudget(products: number): { seconds: number; deployedMb: number } {
  return products > 30_000 ? { seconds: 300, deployedMb: 3000 } : { seconds: 150, deployedMb: 1000 };
}

/** Every figure beside its target: [figure, measured, target, met]. */
const summary: [string, string, string, boolean | undefined][] = [];
const figure = (name: string, value: number, unit: string, target: number, more = false, digits = 1) =>
  summary.push([
    name,
    `${value.toFixed(digits)} ${unit}`,
    `${more ? '≥' : '≤'} ${target} ${unit}`,
    more ? value >= target : value <= target,
  ]);

if (!soloCatalogo) {
  const seeded = await run(process.execPath, [
    '--import',
    'tsx',
    'scripts/seed.ts',
    ...(values.products ? ['--products', values.products] : []),
  ]);
  report.push(
    `Catálogo: ${values.products ? `sintético de ${values.products} productos` : 'de demostración'} (seed ${seeded.seconds.toFixed(1)} s).`,
    '',
  );

  try {
    if (soloBackoffice) {
      await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts']);
      await benchBackofficeJs();
    } else {
      await benchBuild();
      await benchStorefront();
    }
    if (!soloTienda) await benchBackofficeScreens();
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (!soloTienda) {
    await benchBackoffice();
    if (values.postgres) await benchBackoffice(values.postgres);
  }
} else rmSync(work, { recursive: true, force: true });
if (!soloBackoffice && !soloTienda) {
  await benchCatalogo();
  if (values.postgres) await benchCatalogo(values.postgres);
}

report.push('## Against the targets', '', '| figure | measured | target | met |', '|---|---|---|---|');
for (const [name, measured, target, met] of summary)
  report.push(`| ${name} | ${measured} | ${target} | ${met === undefined ? '' : met ? 'yes' : '**no**'} |`);
console.log(report.join('\n'));

async function benchStorefront() {
  const shop = await startShop();
  report.push('## Start', '', `Existing data directory and build: "lista" after ${shop.seconds.toFixed(1)} s.`, '');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const productos = (await (await fetch(`${base}/web/listprod`)).json()) as Producto[];
    const menu = (await (await fetch(`${base}/web/menu`)).json()) as Menu;
    const product = productPath(productos[0]!);
    const listing = listingPath(menu[0]!.linea);
    await benchPages(browser, product, listing);
    await benchData(browser, productos);
    await benchLatency(menu, productos);
    await benchAddToCart(browser, product);
    await benchInteractions(browser, product, listing);
    if (!values['no-lighthouse']) await benchLighthouse(product, listing);
  } finally {
    await browser.close();
    await stopShop(shop.child);
  }
}

/**
 * The back office on a throttled phone (issue 36: usable within 2 s): the orders written into the
 * shop's own database (no server holds it meanwhile), the shop started again on it with an operator
 * token, an owner signed in through the API, then the sign-in, the home and the orders list, 5 runs each.
 */
async function benchBackofficeScreens() {
  await run(process.execPath, ['--import', 'tsx', 'scripts/bench/backoffice.ts', '--sembrar', '--orders', String(BACKOFFICE_ORDERS)]);
  const token = randomBytes(24).toString('hex');
  const shop = await startShop({ SHOP_ADMIN_TOKEN: token });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    for (const perfil of PERFILES) {
      const screens = await measureBackofficeUi(base, token, { runs: 5, perfil, browser });
      report.push(
        `## Back office usable on a phone: ${perfil.nombre}, 4× CPU, 390 px, empty cache; ${BACKOFFICE_ORDERS} orders; 5 runs`,
        '',
        '| screen | median | worst | runs | the worst run’s requests until then (ms from navigation start) |',
        '|---|---|---|---|---|',
      );
      for (const screen of screens) {
        report.push(
          `| ${screen.nombre} | ${s(screen.median)} | ${s(screen.worst)} | ${screen.runs.map(s).join(', ')} | ${screen.cadena} |`,
        );
        figure(
          `back office usable, ${screen.nombre}, ${perfil.corto}, median of 5`,
          screen.median / 1000,
          's',
          BACKOFFICE_USABLE_BUDGET_S,
          false,
          2,
        );
        figure(
          `back office usable, ${screen.nombre}, ${perfil.corto}, worst of 5`,
          screen.worst / 1000,
          's',
          BACKOFFICE_USABLE_BUDGET_S,
          false,
          2,
        );
      }
      report.push('');
    }
    report.push(
      'From navigation start; signed in = the session cookie of an owner invited, enrolled and signed in (password and TOTP) through the operator API.',
      '',
    );
  } finally {
    await browser.close();
    await stopShop(shop.child);
  }
}

/**
 * The back office's server side with 10,000 orders (issue 36): the orders list's first page, four filters and the home, p95 ≤ 150 ms;
 * on embedded PGlite, or on a scratch database of the PostgreSQL server of `postgres`.
 */
async function benchBackoffice(postgres?: string) {
  const pedidos = BACKOFFICE_ORDERS;
  const scratch = postgres ? await createScratchPostgres(postgres, 'kbeauty_bench') : undefined;
  let results: LatenciaBackoffice[];
  try {
    const measured = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench/backoffice.ts', '--orders', String(pedidos), ...(scratch ? ['--url', scratch.url] : [])],
      true,
    );
    // Its JSON line, wherever its log lines (stderr, captured with it) fell.
    results = JSON.parse(measured.output.split('\n').findLast((line) => line.startsWith('[{'))!) as LatenciaBackoffice[];
  } finally {
    await scratch?.drop();
  }
  const where = scratch ? 'PostgreSQL' : 'embedded PGlite';
  report.push(
    `## Back office on the server (${pedidos} orders in ${where}, 40 warm requests each through the API in one process)`,
    '',
    '| call | median | p95 | orders matched |',
    '|---|---|---|---|',
  );
  for (const r of results) {
    report.push(`| ${r.nombre} | ${r.medianMs.toFixed(1)} ms | ${r.p95Ms.toFixed(1)} ms | ${r.total ?? ''} |`);
    figure(`p95, ${r.nombre} (${pedidos} orders, ${scratch ? 'PostgreSQL' : 'PGlite'})`, r.p95Ms, 'ms', 150);
  }
  report.push('');
}

/**
 * The back office's catalogue (issue 37) on a synthetic catalogue of --products (30,000 by default): the product list's
 * first page, a search and a filter (p95 ≤ 150 ms) and a bulk change of 1,000 products (≤ 2 s, its slowest of 5 runs);
 * on embedded PGlite, or on a scratch database of the PostgreSQL server of `postgres`.
 */
async function benchCatalogo(postgres?: string) {
  const cantidad = values.products ?? String(CATALOGO_PRODUCTOS);
  const scratch = postgres ? await createScratchPostgres(postgres, 'kbeauty_bench_catalogo') : undefined;
  let results: LatenciaCatalogo[];
  try {
    const measured = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench/catalogo.ts', '--products', cantidad, ...(scratch ? ['--url', scratch.url] : [])],
      true,
    );
    results = JSON.parse(measured.output.split('\n').findLast((line) => line.startsWith('[{'))!) as LatenciaCatalogo[];
  } finally {
    await scratch?.drop();
  }
  const where = scratch ? 'PostgreSQL' : 'PGlite';
  report.push(
    `## Back office catalogue on the server (${cantidad} products in ${where}; 40 warm requests each, the bulk change 5 times)`,
    '',
    '| call | median | p95 (bulk: slowest) | products |',
    '|---|---|---|---|',
  );
  for (const r of results) {
    report.push(`| ${r.nombre} | ${r.medianMs.toFixed(1)} ms | ${r.p95Ms.toFixed(1)} ms | ${r.total} |`);
    if (r.nombre.startsWith('bulk')) figure(`${r.nombre} (${cantidad} products, ${where}), slowest`, r.p95Ms / 1000, 's', 2, false, 2);
    else figure(`p95, ${r.nombre} (${cantidad} products, ${where})`, r.p95Ms, 'ms', 150);
  }
  report.push('');
}

async function benchBuild() {
  // /usr/bin/time reports the largest resident set of the build and of the Astro process it waits for.
  const build = await run('/usr/bin/time', ['-f', 'maxrss %M', process.execPath, '--import', 'tsx', 'scripts/build.ts'], true);
  const stages = /Etapas del build: (.*)\./.exec(build.output)?.[1] ?? 'n/a';
  const astro = Number(/Astro ([\d.]+) s/.exec(stages)?.[1]);
  const maxRssMb = Number(/maxrss (\d+)/.exec(build.output)?.[1]) / 1024;
  // Each stage's peak of all the build's processes together (site-build.ts reads them from /proc).
  const stagePeaks = [...stages.matchAll(/pico (\d+) MB/g)].map((match) => Number(match[1]));
  const treePeakMb = stagePeaks.length > 0 ? Math.max(...stagePeaks) : undefined;
  const files = listFiles(distDir);
  const bytes = (keep: (file: string) => boolean) => files.filter(keep).reduce((total, file) => total + statSync(file).size, 0);
  const pages = files.filter((file) => file.endsWith('.html')).length;
  const precompressed = (file: string) => /\.(?:br|gz)$/.test(file);
  const productPages = files
    .filter((file) => file.includes(`${join(distDir, 'producto')}/`) && file.endsWith('.html'))
    .map((file) => statSync(file).size)
    .sort((a, b) => a - b);
  const productHtml = productPages[Math.floor(productPages.length / 2)] ?? 0;
  report.push(
    '## Build',
    '',
    `- ${build.seconds.toFixed(1)} s in all (${stages}); ${pages} HTML pages, ${(pages / astro).toFixed(0)} pages/s in Astro; peak memory ${maxRssMb.toFixed(0)} MB (largest process)${treePeakMb === undefined ? '' : `, ${treePeakMb} MB (all the build's processes together)`}`,
    `- dist/: ${(bytes(() => true) / 1e6).toFixed(1)} MB in ${files.length} files (as served by \`npm start\`), ${(bytes((file) => !precompressed(file)) / 1e6).toFixed(1)} MB in ${files.filter((file) => !precompressed(file)).length} files without the precompressed copies (as deployed to Netlify)`,
    `- product page: ${KB(productHtml)} raw HTML (median of ${productPages.length})`,
    '',
  );
  const budget = buildBudget(Number(values.products ?? 0));
  figure('whole build', build.seconds, 's', budget.seconds);
  figure('build peak memory, largest process', maxRssMb, 'MB', 1536, false, 0);
  if (treePeakMb !== undefined) figure("build peak memory, all the build's processes together", treePeakMb, 'MB', 1536, false, 0);
  // DESIGN.md's budget, either way: 1 GB deployed up to 30,000 products, 3 GB at 100,000 (buildBudget).
  figure('dist/ as served by npm start (with precompressed copies)', bytes(() => true) / 1e6, 'MB', budget.deployedMb);
  figure('dist/ as deployed to Netlify', bytes((file) => !precompressed(file)) / 1e6, 'MB', budget.deployedMb);
  summary.push(['dist/ files (with precompressed copies)', String(files.length), '', undefined]);
  figure('product page raw HTML', productHtml / 1024, 'KB', 40);
  await benchBackofficeJs();
}

/** The back office's first load (issue 36): its page's scripts and their static imports, gzip. */
async function benchBackofficeJs() {
  const backoffice = await measureBackofficeJs(distDir);
  report.push(...backofficeJsReport(backoffice));
  figure('back office (/admin/) first-load JavaScript, gzip', backoffice.firstGzip / 1024, 'KB', BACKOFFICE_JS_BUDGET_KB);
}

async function benchPages(browser: Browser, product: string, listing: string) {
  const targets: [string, string][] = [
    ['home', '/'],
    ['listing', listing],
    ['product', product],
    ['search', '/search?q=crema'],
    ['routine builder', '/Creador_de_piel'],
    ['checkout (empty cart)', '/procesoDePago'],
    ['payment result', '/success'],
  ];
  report.push(
    '## Pages',
    '',
    '| page | raw HTML | HTML over the wire (brotli) | JS before interaction (gzip) | JS files |',
    '|---|---|---|---|---|',
  );
  for (const [name, path] of targets) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url());
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    await page.close();
    const raw = (await (await fetch(base + path, { headers: { 'Accept-Encoding': 'identity' } })).arrayBuffer()).byteLength;
    const brotli = await wireSize(base + path);
    let js = 0;
    for (const url of scripts) js += await gzipSize(url);
    report.push(`| ${name} \`${path}\` | ${KB(raw)} | ${KB(brotli)} | ${KB(js)} | ${scripts.size} |`);
    if (['home', 'listing', 'product'].includes(name)) figure(`first-screen HTML over the wire, ${name}`, brotli / 1024, 'KB', 14);
  }
  report.push('');
}

async function benchData(browser: Browser, productos: Producto[]) {
  report.push('## Data over the wire', '');
  {
    const { page, transfers, close } = await recordedPage(browser);
    await page.goto(`${base}/search?q=crema`);
    await page
      .locator('.product-card')
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(() => undefined);
    await settle(page, transfers);
    const data = sumBytes(transfers, isSearchData);
    const all = sumBytes(transfers, () => true);
    report.push(
      `- search \`/search?q=crema\`: ${KB(data)} of index and result data (${KB(all)} with page code and images, ${transfers.length} requests)`,
    );
    figure('search for one word: index and result data', data / 1024, 'KB', 150);
    await close();
  }
  {
    const { page, transfers, close } = await recordedPage(browser);
    await page.goto(`${base}/acerca-de-nosotros`);
    await page.locator('astro-island[component-export="HeaderActions"]:not([ssr])').first().waitFor({ state: 'attached', timeout: 30_000 });
    await settle(page, transfers);
    const before = transfers.length;
    await page.locator('[data-mobile-header]').getByRole('searchbox').pressSequentially('crema', { delay: 80 });
    await settle(page, transfers);
    const typed = transfers.slice(before);
    const data = sumBytes(typed, isSearchData);
    report.push(`- header suggestions after typing "crema": ${KB(data)} of data (${typed.length} requests)`);
    figure('suggestions after typing one word', data / 1024, 'KB', 60);
    await close();
  }
  {
    const { page, transfers, close } = await recordedPage(browser);
    const lines = productos.slice(0, 3).map((p) => ({ ...p, cantidad: 1, selectedColor: '', selectedSize: '', precioOriginal: p.precio }));
    await page.goto(`${base}/acerca-de-nosotros`);
    await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), lines);
    const before = transfers.length;
    await page.goto(`${base}/carrito`);
    await settle(page, transfers);
    const data = sumBytes(transfers.slice(before), isApiData);
    report.push(`- \`/carrito\` with 3 items: ${KB(data)} of API data`, '');
    figure('cart with 3 items: API data', data / 1024, 'KB', 20);
    await close();
  }
}

async function benchLatency(menu: Menu, productos: Producto[]) {
  // The biggest categoría: the longest answer the search calls give.
  const count = productos.length;
  const sizes = new Map<string, number>();
  for (const p of productos) sizes.set(p.categoria, (sizes.get(p.categoria) ?? 0) + 1);
  const [categoria] = [...sizes.entries()].sort((a, b) => b[1] - a[1])[0]!;
  const linea = menu[0]!.linea;
  const calls: [string, string][] = [
    [`searchCat, biggest categoría (${sizes.get(categoria)} products), whole answer`, `/web/searchCat/${encodeURIComponent(categoria)}`],
    ['searchCat, first page', `/web/searchCat/${encodeURIComponent(categoria)}?pagina=1&porPagina=20`],
    [`listado, line ${linea}, sorted by price`, `/web/listado?tipo=categoria&nombre=${encodeURIComponent(linea)}&orden=precio-asc`],
    ['productos?ids= (3 ids)', '/web/productos?ids=1,2,3'],
    ["buscar q=crema (the search page's spec matches), first page", '/web/buscar?q=crema'],
    ['the search page drawn for q=crema (HTML, decision 0232)', '/search?q=crema'],
  ];
  report.push(
    `## Catalogue calls (${count} products; 50 warm requests each, brotli, from a process of their own)`,
    '',
    '| call | first request | median | p95 | p95 until the headers | JSON size (decoded) |',
    '|---|---|---|---|---|---|',
  );
  const measured = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/catalogue-latency.ts', base, ...calls.map(([, path]) => path)],
    true,
  );
  const results = JSON.parse(measured.output.trim().split('\n').pop()!) as Latency[];
  for (const [index, [name, path]] of calls.entries()) {
    const { firstMs, medianMs, p95Ms, headersP95Ms, bytes } = results[index]!;
    report.push(
      `| ${name} | ${firstMs.toFixed(1)} ms | ${medianMs.toFixed(1)} ms | ${p95Ms.toFixed(1)} ms | ${headersP95Ms.toFixed(1)} ms | ${KB(bytes)} |`,
    );
    if (/^\/(?:web\/searchCat|web\/listado|web\/buscar|search\?)/.test(path)) figure(`p95, ${name}`, p95Ms, 'ms', 50);
  }
  report.push(
    '',
    'The first request after a start (or a catalogue change) computes the answer; later ones are served from the compressed cache.',
    '',
  );
}

async function benchAddToCart(browser: Browser, product: string) {
  const { runs, median, taps, tapMedian } = await measureAddToCart(base + product, 3, browser);
  report.push(
    "## 'Agregar al carrito' usable (4× CPU, slow 4G, empty cache)",
    '',
    `- runs: ${runs.map((r) => `${r.ready.toFixed(0)} ms`).join(', ')}; median ${median.ready.toFixed(0)} ms (first contentful paint ${median.fcp.toFixed(0)} ms, ${median.scripts} scripts loaded)`,
    `- tapped at the first paint (runs of their own): the confirmation open at ${taps.map((t) => `${t.confirmed.toFixed(0)} ms (tap at ${t.tapped.toFixed(0)} ms)`).join(', ')}; median ${tapMedian.confirmed.toFixed(0)} ms`,
    '',
  );
  // The speed work's target; decision 0233 says why the page does not meet it, and what a tap at first paint gets instead.
  figure("'Agregar al carrito' usable, median of 3", median.ready, 'ms', 1500, false, 0);
}

async function benchInteractions(browser: Browser, product: string, listing: string) {
  const results = await measureInteractions(base, { product, listing }, 3, browser);
  const ms = (run: InteractionRun) => `${run.below ? '< ' : ''}${run.latency.toFixed(0)} ms`;
  const parts = (run: InteractionRun) =>
    run.below
      ? ''
      : `${run.inputDelay.toFixed(0)} + ${run.processing.toFixed(0)} + ${run.presentation.toFixed(0)} ms (slowest handler: ${run.slowest})`;
  report.push(
    '## Interaction latency (INP-style, 4× CPU, after hydration)',
    '',
    '| interaction | median | runs | median split (input delay + processing + presentation) |',
    '|---|---|---|---|',
  );
  for (const { name, runs, median } of results) {
    report.push(`| ${name} | ${ms(median)} | ${runs.map(ms).join(', ')} | ${parts(median)} |`);
    figure(`interaction latency, ${name}, median of 3`, median.latency, 'ms', 100, false, 0);
  }
  report.push(
    '',
    'The cart is a page of its own: for "open the cart" the navigation is held back, so the figure is the click until its next paint, without the /carrito load.',
    '',
  );
}

async function benchLighthouse(product: string, listing: string) {
  report.push(
    `## Lighthouse (mobile, default throttling, ${LIGHTHOUSE_RUNS} runs: medians, and the worst LCP)`,
    '',
    '| page | performance | accessibility | best practices | SEO | LCP median | LCP worst | LCP of each run | requests | JS transferred |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  // Under the table: where a median run scored under 100 in performance, the metrics that cost it the points.
  const losses: string[] = [];
  for (const [name, path] of [
    ['home', '/'],
    ['listing', listing],
    ['product', product],
    ['cart', '/carrito'],
    ['search', '/search?q=crema'],
  ] as const) {
    // Each figure the runs' median (the scores those of the run with the median performance); LCP's worst run too.
    const runs: Awaited<ReturnType<typeof lighthouse>>[] = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouse(base + path));
    const middle = Math.floor(LIGHTHOUSE_RUNS / 2);
    const median = (value: (run: (typeof runs)[number]) => number) => runs.map(value).sort((a, b) => a - b)[middle]!;
    const byPerformance = [...runs].sort((a, b) => Number(a.scores[0]) - Number(b.scores[0]));
    const run = {
      scores: byPerformance[middle]!.scores,
      lcp: median((r) => r.lcp),
      worstLcp: Math.max(...runs.map((r) => r.lcp)),
      requests: median((r) => r.requests),
      jsBytes: median((r) => r.jsBytes),
    };
    const lost = byPerformance[middle]!.lost;
    if (Number(run.scores[0]) < 100) losses.push(`- ${name}, performance ${run.scores[0]} in the median run: ${lost.join('; ')}.`);
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    report.push(
      `| ${name} | ${run.scores.join(' | ')} | ${s(run.lcp)} | ${s(run.worstLcp)} | ${runs.map((r) => s(r.lcp)).join(', ')} | ${run.requests} | ${KB(run.jsBytes)} |`,
    );
    for (const [i, category] of ['performance', 'accessibility', 'best practices'].entries())
      figure(`Lighthouse ${category}, ${name}`, Number(run.scores[i]), '', 100, true, 0);
    // SEO where the page is indexable: the cart and the search results are noindex.
    if (name !== 'cart' && name !== 'search') figure(`Lighthouse SEO, ${name}`, Number(run.scores[3]), '', 100, true, 0);
    figure(`Lighthouse LCP, ${name}, median of ${LIGHTHOUSE_RUNS}`, run.lcp / 1000, 's', 1.2, false, 2);
    figure(`Lighthouse LCP, ${name}, worst of ${LIGHTHOUSE_RUNS}`, run.worstLcp / 1000, 's', 1.4, false, 2);
    if (name === 'home' || name === 'listing')
      figure(`requests, ${name} (the peer's: ${PEER_REQUESTS[name]})`, run.requests, '', PEER_REQUESTS[name], false, 0);
    if (name === 'product') figure('product page JS transferred', run.jsBytes / 1024, 'KB', 90);
  }
  if (losses.length > 0) report.push('', ...losses);
  report.push('');
}

async function lighthouse(url: string): Promise<{ scores: string[]; lcp: number; requests: number; jsBytes: number; lost: string[] }> {
  const [{ default: lh }, { launch }] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', chromeFlags: CHROMIUM_ARGS });
  try {
    const result = await lh(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const categories = result?.lhr.categories ?? {};
    const audits = result?.lhr.audits ?? {};
    const requests =
      (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    return {
      scores: ['performance', 'accessibility', 'best-practices', 'seo'].map((key) => {
        const score = categories[key]?.score;
        return score === null || score === undefined ? 'n/a' : String(Math.round(score * 100));
      }),
      lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      requests: requests.length,
      jsBytes: requests
        .filter((request) => request.resourceType === 'Script')
        .reduce((total, request) => total + (request.transferSize ?? 0), 0),
      // Each metric scored under 1, with its value and score ('TBT 190 ms, score 0.91').
      lost: Object.entries(PERFORMANCE_METRICS).flatMap(([id, label]) => {
        const audit = audits[id];
        return audit?.score != null && audit.score < 1 ? [`${label} ${audit.displayValue ?? '?'}, score ${audit.score.toFixed(2)}`] : [];
      }),
    };
  } finally {
    chrome.kill();
  }
}

/** The body's bytes as sent to a browser that accepts brotli (fetch would decode it). */
function wireSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
}

async function gzipSize(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
  return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
}

function startShop(settings: Record<string, string> = {}): Promise<{ child: ChildProcess; seconds: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...env, ...settings },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('lista en')) resolve({ child, seconds: (performance.now() - t0) / 1000 });
    });
    child.on('exit', (code) => reject(new Error(`start terminó con ${code}:\n${output}`)));
  });
}

async function stopShop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Runs a command to its end; its output is shown, and kept when `capture`. */
function run(command: string, args: string[], capture = false): Promise<{ seconds: number; output: string }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', (code) =>
      code === 0 ? resolve({ seconds: (performance.now() - t0) / 1000, output }) : reject(new Error(`${args.join(' ')}: ${code}`)),
    );
  });
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
