import { describe, expect, it } from 'vitest';
import { treeRss, withPeakRss } from './memory.ts';

describe('build memory figures', () => {
  it.runIf(process.platform === 'linux')('reads the resident memory of this process and its children, and a stage’s peak', async () => {
    const now = treeRss()!;
    expect(now).toBeGreaterThan(process.memoryUsage().rss / 2);
    const { result, peak } = await withPeakRss(async () => {
      const held = Buffer.alloc(64 * 2 ** 20, 1);
      await new Promise((resolve) => setTimeout(resolve, 250));
      return held.length;
    }, 20);
    expect(result).toBe(64 * 2 ** 20);
    expect(peak!).toBeGreaterThan(now + 32 * 2 ** 20);
  });

  it('answers undefined for a process that does not exist', () => {
    expect(treeRss(2 ** 30)).toBeUndefined();
  });
});
