import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { startTestSmtp } from '../fixtures/smtp.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
  const port = await freePort();
  const adminToken = randomBytes(24).toString('hex');
  const distDir = join(dataDir, 'dist');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'data'),
      DIST_DIR: distDir,
      DATABASE_URL: '',
      REBUILD_CHECK_SECONDS: '0',
      JOBS_INTERVAL_SECONDS: '2',
      SMTP_URL: smtp.url,
      SHOP_ADMIN_TOKEN: adminToken,
      // Every browser test comes from 127.0.0.1: the per-IP account limits would throttle the suite itself.
      RATE_LIMIT_REGISTROPORIP: '1000/3600',
      RATE_LIMIT_LOGINPORIP: '1000/900',
      RATE_LIMIT_RECUPERACIONPORIP: '1000/3600',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await waitForReady(child, output);
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.E2E_DIST_DIR = distDir;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_ADMIN_TOKEN = adminToken;

  return async () => {
    await stop(child);
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

function waitForReady(child: ChildProcess, output: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`La tienda no arrancó a tiempo:\n${output.join('')}`)), 300_000);
    const check = () => {
      if (output.join('').includes('K-Beauty Perú lista en')) {
        clearTimeout(timeout);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timeout);
      reject(new Error(`La tienda terminó con el código ${code}:\n${output.join('')}`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sin puerto'))));
    });
  });
}
