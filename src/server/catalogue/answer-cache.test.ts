import { describe, expect, it, vi } from 'vitest';
import { AnswerCache } from './answer-cache.ts';
import { sizeOf } from './compressed-json.ts';

/** A JSON answer of about `chars` characters. */
const answerOf = (chars: number) => ({ texto: 'x'.repeat(chars) });

describe('AnswerCache', () => {
  it('computes an answer once per catalogue version, and again after the version moved', async () => {
    const cache = new AnswerCache(1024 * 1024);
    const compute = vi.fn(() => ({ id: 1 }));
    const first = await cache.get(1, 'a', compute);
    expect(first?.json).toBe('{"id":1}');
    expect(await cache.get(1, 'a', compute)).toBe(first);
    expect(compute).toHaveBeenCalledOnce();
    await cache.get(2, 'a', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    // A request that read the older version is answered afresh and leaves the newer answers alone.
    await cache.get(1, 'a', compute);
    await cache.get(2, 'a', compute);
    expect(compute).toHaveBeenCalledTimes(3);
  });

  it('shares one computation between concurrent requests', async () => {
    const cache = new AnswerCache(1024 * 1024);
    const compute = vi.fn(() => answerOf(10));
    const [one, two] = await Promise.all([cache.get(1, 'a', compute), cache.get(1, 'a', compute)]);
    expect(one).toBe(two);
    expect(compute).toHaveBeenCalledOnce();
  });

  it('keeps nothing for an answer computed as undefined', async () => {
    const cache = new AnswerCache(1024 * 1024);
    expect(await cache.get(1, 'nada', () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('stays within its bytes, dropping the least recently used answers first', async () => {
    const one = sizeOf((await new AnswerCache(1e6).get(1, 'x', () => answerOf(1000)))!);
    const cache = new AnswerCache(3 * one);
    for (const key of ['a', 'b', 'c']) await cache.get(1, key, () => answerOf(1000));
    expect(cache.size).toBe(3);
    await cache.get(1, 'a', () => answerOf(1000));
    await cache.get(1, 'd', () => answerOf(1000));
    expect(cache.size).toBe(3);
    const compute = vi.fn(() => answerOf(1000));
    for (const key of ['a', 'c', 'd']) await cache.get(1, key, compute);
    expect(compute).not.toHaveBeenCalled();
    await cache.get(1, 'b', compute);
    expect(compute).toHaveBeenCalledOnce();
  });

  it('sends an answer larger than the whole cache without keeping it', async () => {
    const cache = new AnswerCache(100);
    expect((await cache.get(1, 'grande', () => answerOf(1000)))?.json.length).toBeGreaterThan(1000);
    expect(cache.size).toBe(0);
  });
});
