/**
 * Bytes over the wire, as Chromium counts them (CDP `encodedDataLength`: headers and compressed
 * bodies), for what a shopper's page asks while it loads or while they do something on it.
 */
import type { Browser, Page } from '@playwright/test';

export interface Transfer {
  url: string;
  bytes: number;
}

/** Opens a mobile page with a CDP recorder of every finished request's bytes. */
export async function recordedPage(browser: Browser): Promise<{ page: Page; transfers: Transfer[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const urls = new Map<string, string>();
  const transfers: Transfer[] = [];
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  cdp.on('Network.loadingFinished', (event) => transfers.push({ url: urls.get(event.requestId) ?? '', bytes: event.encodedDataLength }));
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return { page, transfers, close: () => context.close() };
}

/** Search index and result data: Pagefind's index, fragments and metadata (not its code) and the API's answers. */
export const isSearchData = (url: string) => {
  const { pathname } = new URL(url);
  // Pagefind's code is pagefind.js and its wasm.{language}.pagefind; the rest is index and results.
  if (pathname.startsWith('/pagefind/')) return !/\/(?:[^/]+\.(?:js|css)|wasm\.[^/]+)$/.test(pathname);
  return isApiData(url);
};

/** The shop's API answers. */
export const isApiData = (url: string) => /^\/(?:web|api|carrito|clientes)\//.test(new URL(url).pathname);

export const sumBytes = (transfers: Transfer[], keep: (url: string) => boolean) =>
  transfers.filter((transfer) => transfer.url && keep(transfer.url)).reduce((total, transfer) => total + transfer.bytes, 0);

/** Waits until no request has finished for `quietMs`. */
export async function settle(page: Page, transfers: Transfer[], quietMs = 1500): Promise<void> {
  let seen = -1;
  while (seen !== transfers.length) {
    seen = transfers.length;
    await page.waitForTimeout(quietMs);
  }
}
