/**
 * When does 'Agregar al carrito' work on a product page? Loads the page in Chromium under Lighthouse's
 * applied mobile throttling (4× CPU through CDP, slow 4G: 562.5 ms latency, 1.47 Mbps down) with an
 * empty cache, and reports the moment the buy box island hydrated (React attached the button's click
 * handler), with first contentful paint beside it, as the median of three runs.
 *
 * Standalone: `node --import tsx scripts/bench/add-to-cart.ts http://127.0.0.1:4321/producto/…`.
 */
import { chromium, type Browser } from '@playwright/test';
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

export async function measureAddToCart(url: string, runs = 3, browser?: Browser): Promise<{ runs: AddToCartRun[]; median: AddToCartRun }> {
  const own = browser ?? (await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS }));
  const results: AddToCartRun[] = [];
  try {
    for (let i = 0; i < runs; i++) results.push(await once(own, url));
  } finally {
    if (!browser) await own.close();
  }
  const median = (key: keyof AddToCartRun) => [...results].sort((a, b) => a[key] - b[key])[Math.floor(results.length / 2)]![key];
  return { runs: results, median: { ready: median('ready'), fcp: median('fcp'), scripts: median('scripts') } };
}

async function once(browser: Browser, url: string): Promise<AddToCartRun> {
  // A fresh context per run: empty HTTP cache and storage, as a first visit.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLING.latencyMs,
      downloadThroughput: (THROTTLING.downloadKbps * 1024) / 8,
      uploadThroughput: (THROTTLING.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuRate });
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
  const { runs, median } = await measureAddToCart(url);
  for (const run of runs) console.log(`run: ready ${run.ready.toFixed(0)} ms, FCP ${run.fcp.toFixed(0)} ms, ${run.scripts} scripts`);
  console.log(
    `median: 'Agregar al carrito' ready at ${median.ready.toFixed(0)} ms (FCP ${median.fcp.toFixed(0)} ms, ${median.scripts} scripts)`,
  );
}
