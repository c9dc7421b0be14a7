import { describe, expect, it } from 'vitest';
import { remembered } from './remember.ts';

describe('remembered', () => {
  it('makes a key’s promise once, and again after it failed', async () => {
    const memory = new Map<string, Promise<number>>();
    let made = 0;
    let fail = true;
    const make = async () => {
      made++;
      if (fail) throw new Error('sin red');
      return made;
    };
    await expect(remembered(memory, 'a', make)).rejects.toThrow('sin red');
    fail = false;
    const second = remembered(memory, 'a', make);
    expect(remembered(memory, 'a', make)).toBe(second);
    expect(await second).toBe(2);
    expect(await remembered(memory, 'b', make)).toBe(3);
    expect(made).toBe(3);
  });
});
