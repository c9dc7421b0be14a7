import { describe, expect, it } from 'vitest';
import { formatFecha } from './dates.ts';

describe('formatFecha', () => {
  it('writes dates day first', () => {
    expect(formatFecha('2026-12-05')).toBe('05/12/2026');
    expect(formatFecha('2026-12-05T10:00:00Z')).toBe('05/12/2026');
    expect(formatFecha(null)).toBe('');
  });
});
