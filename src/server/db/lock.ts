import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the process that owns the embedded database writes into `{dataDir}/server.lock`. */
export interface DataDirLock {
  pid: number;
  /**
   * When that process started, as the system reports it (see `processStart`). A PID is reused once
   * its process is gone; a live PID whose start differs is another program, and the lock is stale.
   */
  start?: string;
  /** Port of its HTTP API once it listens; other processes reach the data through it. */
  port?: number;
}

const lockPath = (dataDir: string) => join(dataDir, 'server.lock');

/** The live owner of a data directory, if any (a lock left by a dead process, or whose PID now names another process, does not count). */
export function readLock(dataDir: string): DataDirLock | undefined {
  let lock: DataDirLock;
  try {
    lock = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as DataDirLock;
  } catch {
    return undefined;
  }
  if (!Number.isInteger(lock.pid) || !isAlive(lock.pid)) return undefined;
  // Locks written without a start (older versions, systems that do not report one) trust the PID.
  if (lock.start === undefined) return lock;
  const start = processStart(lock.pid);
  return start === undefined || start === lock.start ? lock : undefined;
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
  writeLock(dataDir, {});
}

/** Records the port this process serves the API on, for builds and scripts run beside it. */
export function announcePort(dataDir: string, port: number): void {
  writeLock(dataDir, { port });
}

/** Releases the data directory if this process owns it. */
export function releaseLock(dataDir: string): void {
  if (readLock(dataDir)?.pid === process.pid) rmSync(lockPath(dataDir), { force: true });
}

let ownStart: string | undefined | null = null;

function writeLock(dataDir: string, extra: { port?: number }): void {
  if (ownStart === null) ownStart = processStart(process.pid);
  const lock: DataDirLock = { pid: process.pid, ...(ownStart === undefined ? {} : { start: ownStart }), ...extra };
  writeFileSync(lockPath(dataDir), JSON.stringify(lock));
}

/**
 * When process `pid` started, as an opaque string that only matters for equality: the start time in
 * clock ticks since boot from /proc on Linux, `ps -o lstart=` elsewhere; undefined when neither tells.
 */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses); starttime is field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    // No /proc (macOS, BSD): ask ps, once per start, so the cost does not matter.
  }
  try {
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return started || undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
