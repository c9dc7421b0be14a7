import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * The account limits per IP address for a browser-test run: every journey comes from 127.0.0.1, and the
 * shop's own limits would throttle the suite itself (the e2e global setup; `verify:netlify`'s served journeys).
 */
export const BROWSER_TEST_RATE_LIMITS = {
  RATE_LIMIT_REGISTROPORIP: '1000/3600',
  RATE_LIMIT_LOGINPORIP: '1000/900',
  RATE_LIMIT_RECUPERACIONPORIP: '1000/3600',
  RATE_LIMIT_CHECKOUTPORIP: '1000/3600',
  RATE_LIMIT_CHECKOUTPORCUENTA: '1000/3600',
  RATE_LIMIT_RECLAMOSPORIP: '1000/3600',
};

/**
 * How long startShop waits for the shop's first build. A journey that starts a shop in a `beforeAll` gives the hook
 * this much and a little more (`testInfo.setTimeout`): a hook has the suite's 60 s, not its group's timeout.
 */
export const SHOP_START_TIMEOUT_MS = 300_000;

/** A shop started the way `npm start` starts it, on a free port. */
export interface StartedShop {
  url: string;
  distDir: string;
  stop(): Promise<void>;
}

/**
 * Starts `scripts/start.ts` on `dataDir` (data in `data/`, the built site in `dist/`) with `env` over
 * the test defaults (embedded database, no scheduled rebuilds), and waits until it is ready. `{port}` in
 * a value of `env` becomes the port chosen (e.g. SITE_URL: 'http://localhost:{port}', which passkeys need:
 * WebAuthn takes a host name, never an IP address, as the relying party).
 */
export async function startShop(dataDir: string, env: Record<string, string> = {}): Promise<StartedShop> {
  const port = await freePort();
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
      ...Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value.replaceAll('{port}', String(port))])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await waitForReady(child, output);
  return { url: `http://127.0.0.1:${port}`, distDir, stop: () => stop(child) };
}

function waitForReady(child: ChildProcess, output: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`La tienda no arrancó a tiempo:\n${output.join('')}`)), SHOP_START_TIMEOUT_MS);
    const check = () => {
      const text = output.join('');
      // The shop serves while its first build failed ("La tienda se está preparando"): for a journey, that is a failure to start, told with why.
      if (text.includes('No se pudo construir la tienda')) {
        clearTimeout(timeout);
        child.kill('SIGTERM');
        reject(new Error(`La primera construcción de la tienda falló:\n${text}`));
      } else if (text.includes('K-Beauty Perú lista en')) {
        clearTimeout(timeout);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
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

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sin puerto'))));
    });
  });
}
