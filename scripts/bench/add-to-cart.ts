/**
 * When does 'Agregar al carrito' work on a product page? Loads the page in Chromium under Lighthouse's
 * applied mobile throttling (4× CPU through CDP, slow 4G: 562.5 ms latency, 1.47 Mbps down) with an
 * empty cache, and reports the moment the buy box island hydrated (React attached the button's click
 * handler), with first contentful paint beside it, as the median of three runs.
 *
 * Beside it, what a shopper who taps at once gets: the button tapped at the first contentful paint, and the
 * moment '¡Producto añadido al carrito!' shows (the tap starts the scripts and is held until they run,
 * decision 0229), in runs of their own, since the tap changes when the scripts are asked for.
 *
 * Standalone: `node --import tsx scripts/bench/add-to-cart.ts http://127.0.0.1:4321/producto/…`.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';

/** Lighthouse 13's "applied" (devtools) mobile throttling. */
export const THROTTLING = { cpuRate: 4, latencyMs: 562.5, downloadKbps: 1474.56, uploadKbps: 675 };

export interface AddToCartRun {
  /** ms from navigation start until the button's click handler is attached. */
  ready: number;
  /** ms from navigation start to first contentful paint. */
  fcp: number;
  /** JavaScript files loaded by then. */
  scripts: number;
}

// Runs in the page before any of its scripts: records when the buy box answers taps, the moment its
// plain-DOM module (components/product/buy-box.ts) has attached its handlers and set \`data-listo\`.
const WATCH = `(() => {
  const ready = () => document.querySelector('[data-buy-box][data-listo] button.buy-box__add');
  const record = () => {
    window.__addToCartReady = performance.now();
    window.__scriptsAtReady = performance.getEntriesByType('resource').filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js')).length;
  };
  new MutationObserver((_, observer) => {
    if (!ready()) return;
    observer.disconnect();
    record();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-listo'] });
})();`;

export interface TapAtPaintRun {
  /** ms from navigation start to the tap, made as soon as the page reported its first contentful paint. */
  tapped: number;
  /** ms from navigation start until the confirmation dialog is open. */
  confirmed: number;
}

// The confirmation's title (ui/add-to-cart.ts), watched for from before the page's scripts.
const WATCH_CONFIRMATION = `(() => {
  new MutationObserver((_, observer) => {
    const title = document.querySelector('dialog[open] .kb-alert__title');
    if (title?.textContent !== '¡Producto añadido al carrito!') return;
    observer.disconnect();
    window.__confirmed = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
})();`;

const median = <T extends object>(results: T[], key: keyof T) =>
  [...results].sort((a, b) => Number(a[key]) - Number(b[key]))[Math.floor(results.length / 2)]![key];

export async function measureAddToCart(
  url: string,
  runs = 3,
  browser?: Browser,
): Promise<{ runs: AddToCartRun[]; median: AddToCartRun; taps: TapAtPaintRun[]; tapMedian: TapAtPaintRun }> {
  const own = browser ?? (await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS }));
  const results: AddToCartRun[] = [];
  const taps: TapAtPaintRun[] = [];
  try {
    for (let i = 0; i < runs; i++) results.push(await once(own, url));
    for (let i = 0; i < runs; i++) taps.push(await tapAtPaint(own, url));
  } finally {
    if (!browser) await own.close();
  }
  return {
    runs: results,
    median: { ready: median(results, 'ready'), fcp: median(results, 'fcp'), scripts: median(results, 'scripts') },
    taps,
    tapMedian: { tapped: median(taps, 'tapped'), confirmed: median(taps, 'confirmed') },
  };
}

/** A throttling profile: CPU slowdown, each request's added latency and the link's speeds. */
export type Throttling = Pick<typeof THROTTLING, 'cpuRate' | 'latencyMs' | 'downloadKbps' | 'uploadKbps'>;

/** Throttles `page` as a phone (`throttling`, Lighthouse's applied mobile one by default), with its HTTP cache off. */
export async function throttle(page: Page, throttling: Throttling = THROTTLING): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: throttling.latencyMs,
    downloadThroughput: (throttling.downloadKbps * 1024) / 8,
    uploadThroughput: (throttling.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuRate });
}

/** A new page in a fresh context (empty HTTP cache and storage, as a first visit) under the bench's throttling. */
async function throttledPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await throttle(page);
  return { context, page };
}

async function tapAtPaint(browser: Browser, url: string): Promise<TapAtPaintRun> {
  const { context, page } = await throttledPage(browser);
  try {
    await page.addInitScript(WATCH_CONFIRMATION);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
      timeout: 60_000,
      polling: 20,
    });
    const tapped = await page.evaluate(() => performance.now());
    await page.locator('[data-buy-box] button.buy-box__add').tap();
    await page.waitForFunction(() => (window as { __confirmed?: number }).__confirmed !== undefined, null, {
      timeout: 60_000,
      polling: 100,
    });
    return { tapped, confirmed: await page.evaluate(() => (window as unknown as { __confirmed: number }).__confirmed) };
  } finally {
    await context.close();
  }
}

async function once(browser: Browser, url: string): Promise<AddToCartRun> {
  const { context, page } = await throttledPage(browser);
  try {
    await page.addInitScript(WATCH);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as { __addToCartReady?: number }).__addToCartReady !== undefined, null, {
      timeout: 60_000,
      polling: 200,
    });
    return await page.evaluate(() => {
      const w = window as unknown as { __addToCartReady: number; __scriptsAtReady: number };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      return { ready: w.__addToCartReady, fcp, scripts: w.__scriptsAtReady };
    });
  } finally {
    await context.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2];
  if (!url) throw new Error('Uso: node --import tsx scripts/bench/add-to-cart.ts URL');
  const { runs, median, taps, tapMedian } = await measureAddToCart(url);
  for (const run of runs) console.log(`run: ready ${run.ready.toFixed(0)} ms, FCP ${run.fcp.toFixed(0)} ms, ${run.scripts} scripts`);
  console.log(
    `median: 'Agregar al carrito' ready at ${median.ready.toFixed(0)} ms (FCP ${median.fcp.toFixed(0)} ms, ${median.scripts} scripts)`,
  );
  for (const tap of taps) console.log(`tap at first paint: tapped ${tap.tapped.toFixed(0)} ms, confirmed ${tap.confirmed.toFixed(0)} ms`);
  console.log(
    `median: tapped at ${tapMedian.tapped.toFixed(0)} ms, '¡Producto añadido al carrito!' open at ${tapMedian.confirmed.toFixed(0)} ms`,
  );
}
