import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigits } from './phone.ts';

describe('phone input', () => {
  it('keeps digits only, at most 9', () => {
    expect(phoneDigits('+51 (987) 654-3210')).toBe('519876543');
    expect(phoneDigits('abc')).toBe('');
  });
  it('groups digits by three', () => {
    expect(formatPhone('987654321')).toBe('987 654 321');
    expect(formatPhone('9876')).toBe('987 6');
    expect(formatPhone('987')).toBe('987');
    expect(formatPhone('9876543210')).toBe('987 654 321');
  });
});
