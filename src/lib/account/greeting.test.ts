import { describe, expect, it } from 'vitest';
import { greetingName } from './greeting.ts';

describe('greetingName', () => {
  it('keeps one word as is', () => expect(greetingName('María')).toBe('María'));
  it('keeps both of two words', () => expect(greetingName('María Quispe')).toBe('María Quispe'));
  it('keeps the first two of three words', () => expect(greetingName('María Elena Quispe')).toBe('María Elena'));
  it('keeps the first and last of four or more words', () => {
    expect(greetingName('María Elena Quispe Huamán')).toBe('María Huamán');
    expect(greetingName('Ana Lucía del Carmen Rojas')).toBe('Ana Rojas');
  });
  it('ignores extra spaces and empty names', () => {
    expect(greetingName('  Rosa   Flores  ')).toBe('Rosa Flores');
    expect(greetingName('   ')).toBe('');
  });
});
