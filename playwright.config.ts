import { defineConfig } from '@playwright/test';

/** Debian's Chromium with the flags this workplace's closed network needs; nothing downloads a browser. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  // Two workers: most journeys now spend their time waiting (on the shop's jobs, rebuilds, a sign-in going stale), so
  // on two cores the suite took 13.9 min against 40 on one (measured 2026-12-02). Tests never share a shopper or a
  // product's stock, and read shop-wide lists knowing other journeys add to them. E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS) || 2,
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
});
