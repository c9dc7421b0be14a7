import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestSmtp } from '../fixtures/smtp.ts';
import { BROWSER_TEST_RATE_LIMITS, startShop } from './support/start-shop.ts';

/**
 * Starts the real shop the way `npm start` does, on a fresh data directory and a free port, and
 * shares its URL through E2E_BASE_URL. The built site goes to a temporary folder, E2E_DIST_DIR, so a
 * developer's own `dist/` is untouched. The shop sends its e-mail to a real SMTP server started here, which
 * writes each message it receives to E2E_MAIL_DIR for the tests to read; the operator API's token
 * is E2E_ADMIN_TOKEN. Returns the teardown.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kbeauty-e2e-'));
  const mailDir = join(dataDir, 'mail');
  const smtp = await startTestSmtp({ dir: mailDir });
  const adminToken = randomBytes(24).toString('hex');
  const shop = await startShop(dataDir, {
    JOBS_INTERVAL_SECONDS: '2',
    // A restock is announced once it has stayed back this long (10 minutes by default): short, but the journey goes through the wait.
    RESTOCK_ALERT_SETTLE_SECONDS: '2',
    // The browser tests pay through the offline test mode: asked for, not left to the defaults.
    MP_TEST_MODE: 'true',
    RECEIPTS_TEST_MODE: 'true',
    SMTP_URL: smtp.url,
    SHOP_ADMIN_TOKEN: adminToken,
    // The shop's own address is localhost (the back office's passkeys need a host name; E2E_BACKOFFICE_URL is it)…
    SITE_URL: 'http://localhost:{port}',
    // …and a sign-in stays fresh 12 seconds, so the back-office journeys see the owner's re-authentication asked.
    STAFF_REAUTH_MINUTES: '0.2',
    ...BROWSER_TEST_RATE_LIMITS,
  });
  process.env.E2E_BASE_URL = shop.url;
  process.env.E2E_DIST_DIR = shop.distDir;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_ADMIN_TOKEN = adminToken;
  process.env.E2E_BACKOFFICE_URL = shop.url.replace('127.0.0.1', 'localhost');

  return async () => {
    await shop.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
