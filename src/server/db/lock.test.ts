import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLock, announcePort, processStart, readLock, releaseLock } from './lock.ts';

describe('the embedded database lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kbeauty-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('records the owner and its port, and releases', () => {
    acquireLock(dir);
    const start = processStart(process.pid);
    expect(start).toMatch(/\S/);
    expect(readLock(dir)).toEqual({ pid: process.pid, start });
    announcePort(dir, 4321);
    expect(readLock(dir)).toEqual({ pid: process.pid, start, port: 4321 });
    releaseLock(dir);
    expect(readLock(dir)).toBeUndefined();
  });

  it('refuses a directory another live process owns, naming its port', () => {
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: process.ppid, port: 5000 }));
    expect(() => acquireLock(dir)).toThrow(/ya está abierta por el proceso .*CATALOGUE_URL=http:\/\/127\.0\.0\.1:5000/);
  });

  it('takes over a lock left by a process that no longer exists', () => {
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: 2 ** 22 + 12345 }));
    expect(readLock(dir)).toBeUndefined();
    acquireLock(dir);
    expect(readLock(dir)?.pid).toBe(process.pid);
  });

  it('takes over a stale lock whose PID now belongs to another process', () => {
    // The PID is alive (our parent) but started at another moment than the lock says: a reused PID.
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: process.ppid, start: '1', port: 5000 }));
    expect(readLock(dir)).toBeUndefined();
    acquireLock(dir);
    expect(readLock(dir)).toEqual({ pid: process.pid, start: processStart(process.pid) });
  });

  it('still refuses when the PID and its start time match the lock', () => {
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: process.ppid, start: processStart(process.ppid), port: 5000 }));
    expect(readLock(dir)?.port).toBe(5000);
    expect(() => acquireLock(dir)).toThrow(/ya está abierta por el proceso/);
  });

  it('reads process start times that differ between processes and stay the same for one', () => {
    expect(processStart(process.pid)).toBe(processStart(process.pid));
    expect(processStart(process.pid)).not.toBe(processStart(1));
    expect(processStart(2 ** 22 + 12345)).toBeUndefined();
  });
});
