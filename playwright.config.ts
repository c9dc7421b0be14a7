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
  // One worker: on two cores, two browsers beside the server made each journey 2.5 times slower (measured),
  // so parallel workers took longer overall. Tests never share a shopper or a product's stock, so raise it on bigger machines.
  workers: Number(process.env.E2E_WORKERS) || 1,
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
