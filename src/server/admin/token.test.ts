import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';

const generatedSecret = vi.fn();
vi.mock('../db/secrets.ts', () => ({ generatedSecret: (...args: unknown[]) => generatedSecret(...args) }));
const { breakGlassWarning, lazyOperatorToken, publishOperatorToken } = await import('./token.ts');

describe('the operator token', () => {
  it('retries a look-up that failed instead of keeping the failure', async () => {
    generatedSecret.mockRejectedValueOnce(new Error('base de datos caída')).mockResolvedValue('token-generado-de-operador');
    const token = lazyOperatorToken({} as Db, { adminToken: undefined, production: false });
    await expect(token()).rejects.toThrow('base de datos caída');
    await expect(token()).resolves.toBe('token-generado-de-operador');
    await expect(token()).resolves.toBe('token-generado-de-operador');
    expect(generatedSecret).toHaveBeenCalledTimes(2);
  });

  it('warns at start while SHOP_ADMIN_TOKEN is set (the break-glass door), and only then (issue 36)', async () => {
    expect(breakGlassWarning({ adminToken: undefined })).toBeUndefined();
    expect(breakGlassWarning({ adminToken: 'x'.repeat(20) })).toMatch(/^Aviso: SHOP_ADMIN_TOKEN está definido\..*emergencia/);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await publishOperatorToken({} as Db, { adminToken: 'x'.repeat(20), production: true, dataDir: '/nada' });
    expect(warn).toHaveBeenCalledWith(breakGlassWarning({ adminToken: 'x'.repeat(20) }));
    warn.mockRestore();
  });
});
