import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * The catalogue's API for a build that has no server to read from (`npm run build` with none running,
 * Netlify's build): the database opened in a process of its own (catalogue-server-main.ts), its API on a
 * private port. The build stops it once the snapshot and the photos are taken, so the database's memory
 * is gone before Astro renders: PGlite's held 0.85 GB at 30,000 products and closing it in the build's own
 * process gave back less than half (issue 26).
 */
export interface CatalogueServer {
  url: string;
  /** The catalogue version the build is made from. */
  version: number;
  /** Closes the database and waits for the process to end; calling it again does nothing. */
  stop(): Promise<void>;
}

/** The line catalogue-server-main.ts prints once it answers: this prefix, then `{ port, version }` as JSON. */
export const READY_LINE = 'catalogo-para-el-build';

const MAIN = fileURLToPath(new URL('./catalogue-server-main.ts', import.meta.url));

export async function startCatalogueServer(env: NodeJS.ProcessEnv = process.env): Promise<CatalogueServer> {
  // Its standard input is how it is stopped: closed by stop(), or by the system when this process dies.
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ port: number; version: number }>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith(`${READY_LINE} `)) resolve(JSON.parse(line.slice(READY_LINE.length + 1)));
      else console.log(line);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(
        new Error(
          `La base de datos del catálogo no se pudo abrir para el build (el proceso terminó con el código ${code ?? 'desconocido'}).`,
        ),
      ),
    );
  });
  return {
    url: `http://127.0.0.1:${ready.port}`,
    version: ready.version,
    stop: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
