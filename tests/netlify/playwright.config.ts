import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';

/**
 * The browser journeys `npm run verify:netlify` runs against `netlify serve` (Netlify's own local
 * server: the static site, its _headers and _redirects, the API as a function), plus this folder's
 * checks of what only Netlify serves differently. The script starts the server and sets
 * E2E_BASE_URL and E2E_ADMIN_TOKEN; there is no global setup. One journey per area, on desktop (the
 * whole suite runs against `npm start`, playwright.config.ts): the full purchase in test mode is the
 * Mis Compras one (checkout page, 'Pagar ahora', 'Aprobar pago', the confirmation, then the orders).
 */
export const NETLIFY_JOURNEYS = [
  "'Todos nuestros productos' shows up to 20 products",
  "brand checkboxes: without 'Todas', only the chosen brand",
  'a product page shows breadcrumb, price, related products and JSON-LD',
  '/search?q=serum lists every product the spec finds',
  'adding merges matching lines, keeps colours apart, and the cart survives a reload',
  'after buying, Mis Compras shows the newest order',
  'the consultation resets later answers, browses alternatives and adds a product for 3 seconds',
  'the cart and checkout pages run with a line in the cart without a CSP violation',
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default defineConfig({
  testDir: '..',
  testMatch: ['e2e/{home,listing,product,search,cart,orders,routine,csp}.spec.ts', 'netlify/*.spec.ts'],
  grep: [new RegExp(NETLIFY_JOURNEYS.map(escape).join('|')), /@netlify/],
  timeout: 120_000,
  // netlify serve starts a new worker thread for every function call, which loads the API and opens the database
  // again: 1–2 s an API call where npm start takes milliseconds, and over 20 s when a page's five calls start
  // together on a busy two-core machine (measured).
  expect: { timeout: 30_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    trace: 'off',
  },
  projects: [{ name: 'desktop' }],
});
