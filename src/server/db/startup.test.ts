import { describe, expect, it } from 'vitest';
import { untilDatabaseAnswers } from './startup.ts';

const down = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('waiting for a database that is down at start', () => {
  it('retries while the database is unreachable, backing off, until it answers', async () => {
    let attempts = 0;
    const waits: number[] = [];
    const result = await untilDatabaseAnswers(
      async () => {
        if (++attempts < 4) throw down();
        return 'migrada';
      },
      { firstDelayMs: 5, maxDelayMs: 12, onRetry: (_error, ms) => waits.push(ms) },
    );
    expect(result).toBe('migrada');
    expect(waits).toEqual([5, 10, 12]);
  });

  it('gives up at once on an error that is not an outage', async () => {
    let attempts = 0;
    const wrong = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    await expect(untilDatabaseAnswers(async () => (attempts++, Promise.reject(wrong)), { firstDelayMs: 5 })).rejects.toBe(wrong);
    expect(attempts).toBe(1);
  });

  it('stops waiting when the process is told to stop', async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error('SIGTERM')), 20);
    await expect(untilDatabaseAnswers(() => Promise.reject(down()), { firstDelayMs: 10_000, signal: stop.signal })).rejects.toThrow('SIGTERM');
  });
});
