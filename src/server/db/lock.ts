import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the process that owns the embedded database writes into `{dataDir}/server.lock`. */
export interface DataDirLock {
  pid: number;
  /** Port of its HTTP API once it listens; other processes reach the data through it. */
  port?: number;
}

const lockPath = (dataDir: string) => join(dataDir, 'server.lock');

/** The live owner of a data directory, if any (a lock left by a dead process does not count). */
export function readLock(dataDir: string): DataDirLock | undefined {
  let lock: DataDirLock;
  try {
    lock = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as DataDirLock;
  } catch {
    return undefined;
  }
  return isAlive(lock.pid) ? lock : undefined;
}

/**
 * Claims a data directory for this process. PGlite has no inter-process lock, and a second process
 * opening the same files reads stale data and may corrupt them, so a live owner makes this throw.
 */
export function acquireLock(dataDir: string): void {
  const owner = readLock(dataDir);
  if (owner && owner.pid !== process.pid) {
    throw new Error(
      `La base de datos embebida en ${dataDir} ya está abierta por el proceso ${owner.pid}` +
        (owner.port ? ` (API en el puerto ${owner.port}); usa CATALOGUE_URL=http://127.0.0.1:${owner.port}.` : '.'),
    );
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(lockPath(dataDir), JSON.stringify({ pid: process.pid } satisfies DataDirLock));
}

/** Records the port this process serves the API on, for builds and scripts run beside it. */
export function announcePort(dataDir: string, port: number): void {
  writeFileSync(lockPath(dataDir), JSON.stringify({ pid: process.pid, port } satisfies DataDirLock));
}

/** Releases the data directory if this process owns it. */
export function releaseLock(dataDir: string): void {
  if (readLock(dataDir)?.pid === process.pid) rmSync(lockPath(dataDir), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
