/**
 * How long do the shopper's main clicks take to show their result? For each interaction, loads its page
 * fresh in Chromium (mobile viewport), waits until the islands have hydrated, turns on 4× CPU
 * throttling and clicks; the latency is read the way INP reads it: the longest Event Timing entry
 * (`durationThreshold: 16`) among those of the click's `interactionId`, i.e. input delay + processing +
 * presentation until the next paint. Median of three page loads.
 *
 * Standalone: `node --import tsx scripts/bench/interactions.ts http://127.0.0.1:4321 /producto/… /linea/…`.
 */
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';

const CPU_RATE = 4;
/** Event Timing reports nothing shorter (and rounds durations to 8 ms). */
const THRESHOLD_MS = 16;

export interface InteractionRun {
  /** ms: the interaction's longest event entry, or THRESHOLD_MS when none reached the threshold. */
  latency: number;
  /** True when no entry reached the threshold: the latency is below THRESHOLD_MS. */
  below: boolean;
  /**
   * The parts, ms, as web-vitals splits INP: until the first handler started, from there until the
   * interaction's last handler ended (all its events share one frame), then until the paint.
   */
  inputDelay: number;
  processing: number;
  presentation: number;
  /** The event whose handlers took longest, e.g. 'click 76 ms'. */
  slowest: string;
}

interface Interaction {
  name: string;
  /** Which page of the shop, relative to the pages passed in. */
  path: (pages: { product: string; listing: string }) => string;
  /** Waits until the page can take the interaction; returns the element to click. */
  prepare: (page: Page) => Promise<Locator>;
  /** Resolves once the click has been handled (proves the measured click did its work). */
  done: (page: Page) => Promise<unknown>;
}

export const INTERACTIONS: Interaction[] = [
  {
    name: "'Agregar al carrito'",
    path: ({ product }) => product,
    prepare: async (page) => page.locator('[data-buy-box][data-listo] button.buy-box__add').first(),
    done: (page) => page.waitForFunction(() => (JSON.parse(localStorage.getItem('cart') ?? '[]') as unknown[]).length > 0),
  },
  {
    name: 'open the cart (header cart button)',
    path: ({ product }) => product,
    prepare: async (page) => {
      // The cart is a page (/carrito), not a drawer: the click's own latency (until the next paint of
      // this page) is held apart from the next page's load by keeping the browser here, after every
      // handler of the page has run.
      await page.evaluate(() =>
        window.addEventListener('click', (event) => {
          if (!(event.target instanceof Element) || !event.target.closest('a.cart-link')) return;
          event.preventDefault();
          (window as { __cartClicked?: boolean }).__cartClicked = true;
        }),
      );
      return hydrated(page.locator('[data-mobile-header] a.cart-link'));
    },
    done: (page) => page.waitForFunction(() => (window as { __cartClicked?: boolean }).__cartClicked === true),
  },
  {
    name: 'listing filter (first brand checkbox)',
    path: ({ listing }) => listing,
    prepare: async (page) => {
      // On a phone the filters sit behind 'Filtrar'; opened by a script, so that the measured click
      // stays the page's first input.
      await hydrated(page.locator('.listing__filter-toggle'));
      await page.locator('.listing__filter-toggle').evaluate((button: HTMLElement) => button.click());
      return page.locator('.brand-filter__list input[type="checkbox"]').first();
    },
    done: (page) =>
      page.waitForFunction(() => document.querySelector<HTMLInputElement>('.brand-filter__list input[type="checkbox"]')?.checked === true),
  },
  {
    name: 'quick view (card eye button)',
    path: ({ listing }) => listing,
    // The quick view (PreviewPanel, in the PageTools island) renders nothing until used: its island having hydrated (and the page gone idle) is
    // the only sign its listener is there; `done` catches a click that came too early.
    prepare: async (page) => page.locator('[data-preview-id]').first(),
    done: (page) => page.locator('.preview__panel[role="dialog"]').waitFor({ state: 'attached' }),
  },
];

/** Measures every interaction `runs` times on fresh page loads; medians by latency. */
export async function measureInteractions(base: string, pages: { product: string; listing: string }, runs = 3, browser?: Browser) {
  const own = browser ?? (await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS }));
  const results: { name: string; runs: InteractionRun[]; median: InteractionRun }[] = [];
  try {
    for (const interaction of INTERACTIONS) {
      const measured: InteractionRun[] = [];
      for (let i = 0; i < runs; i++) measured.push(await once(own, base + interaction.path(pages), interaction));
      const median = [...measured].sort((a, b) => a.latency - b.latency)[Math.floor(measured.length / 2)]!;
      results.push({ name: interaction.name, runs: measured, median });
    }
  } finally {
    if (!browser) await own.close();
  }
  return results;
}

async function once(browser: Browser, url: string, interaction: Interaction): Promise<InteractionRun> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE);
    await page.goto(url, { waitUntil: 'load' });
    await islandsHydrated(page);
    const target = await interaction.prepare(page);
    await target.waitFor({ state: 'visible', timeout: 30_000 }).catch(() => {
      throw new Error(`${interaction.name}: no visible element for ${target} on ${url}`);
    });
    await pageIdle(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    await target.click();
    await interaction.done(page).catch((error: Error) => {
      throw new Error(`${interaction.name}: the click on ${url} did not do its work (${error.message.split('\n')[0]})`);
    });
    // Entries arrive after the paint they end with: wait for the click's entry, or (when it stayed under
    // the threshold) for a few frames after first-input, which is reported whatever its duration.
    await page
      .waitForFunction(
        () => {
          const w = window as unknown as Watch;
          w.__framesAfter = (w.__framesAfter ?? 0) + 1;
          return w.__events.some((e) => e.name === 'click' && e.interactionId > 0) || (w.__firstInput && w.__framesAfter >= 3);
        },
        null,
        { polling: 'raf', timeout: 30_000 },
      )
      .catch(() => {
        throw new Error(`${interaction.name}: no Event Timing entry for the click on ${url}`);
      });
    const events = await page.evaluate(() => (window as unknown as Watch).__events.filter((e) => e.interactionId > 0));
    // The measured click is the page's only trusted input: its interaction is the last one.
    const id = Math.max(0, ...events.map((e) => e.interactionId));
    const longest = events.filter((e) => e.interactionId === id).sort((a, b) => b.duration - a.duration)[0];
    if (!longest) return { latency: THRESHOLD_MS, below: true, inputDelay: 0, processing: 0, presentation: 0, slowest: '' };
    const end = longest.startTime + longest.duration;
    const frame = events.filter((e) => e.interactionId === id && Math.abs(e.startTime + e.duration - end) <= 8);
    const handlersEnd = Math.max(...frame.map((e) => e.processingEnd));
    const handler = (e: Watch['__events'][number]) => e.processingEnd - e.processingStart;
    const slowest = frame.sort((a, b) => handler(b) - handler(a))[0]!;
    return {
      latency: longest.duration,
      below: false,
      inputDelay: longest.processingStart - longest.startTime,
      processing: handlersEnd - longest.processingStart,
      presentation: end - handlersEnd,
      slowest: `${slowest.name} ${handler(slowest).toFixed(0)} ms`,
    };
  } finally {
    await context.close();
  }
}

interface Watch {
  __events: { name: string; interactionId: number; startTime: number; duration: number; processingStart: number; processingEnd: number }[];
  __firstInput?: boolean;
  __framesAfter?: number;
}

// Runs in the page before its scripts: keeps every event entry (and notes first-input) as it arrives.
const OBSERVE = `(() => {
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__events.push({ name: e.name, interactionId: e.interactionId, startTime: e.startTime, duration: e.duration, processingStart: e.processingStart, processingEnd: e.processingEnd });
  }).observe({ type: 'event', durationThreshold: ${THRESHOLD_MS}, buffered: true });
  new PerformanceObserver(() => (window.__firstInput = true)).observe({ type: 'first-input', buffered: true });
})();`;

/** Waits until React has hydrated `locator`'s element (it carries React's props); returns it. */
async function hydrated(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'attached', timeout: 30_000 });
  const element = await locator.elementHandle();
  await locator
    .page()
    .waitForFunction((el) => Object.keys(el!).some((key) => key.startsWith('__reactProps')), element, { timeout: 30_000, polling: 10 });
  return locator;
}

/** Waits until every client:load and client:idle island has started hydrating. */
async function islandsHydrated(page: Page) {
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]:is([client="load"], [client="idle"])'), null, {
    timeout: 30_000,
    polling: 50,
  });
}

/** Waits for an idle period: React's hydration tasks and effects have run. */
async function pageIdle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, product, listing] = process.argv.slice(2);
  if (!base || !product || !listing) throw new Error('Uso: node --import tsx scripts/bench/interactions.ts BASE /producto/… /listado…');
  for (const { name, runs, median } of await measureInteractions(base, { product, listing })) {
    const show = (run: InteractionRun) =>
      `${run.below ? '<' : ''}${run.latency.toFixed(0)} ms${run.below ? '' : ` (${run.inputDelay.toFixed(0)}+${run.processing.toFixed(0)}+${run.presentation.toFixed(0)}, ${run.slowest})`}`;
    console.log(`${name}: median ${show(median)}; runs ${runs.map(show).join(', ')}`);
  }
}
