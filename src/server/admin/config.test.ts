import { describe, expect, it } from 'vitest';
import { serverConfig } from '../config.ts';

describe('operator settings', () => {
  it('reads SHOP_ADMIN_TOKEN, refusing one shorter than 16 characters', () => {
    expect(serverConfig({}).adminToken).toBeUndefined();
    expect(serverConfig({ SHOP_ADMIN_TOKEN: '  un-token-de-operador-largo ' }).adminToken).toBe('un-token-de-operador-largo');
    expect(() => serverConfig({ SHOP_ADMIN_TOKEN: 'corto' })).toThrow('SHOP_ADMIN_TOKEN debe tener al menos 16 caracteres.');
  });

  it('limits failed operator authentications per IP, 20 per 15 minutes unless RATE_LIMIT_OPERADORPORIP says otherwise', () => {
    expect(serverConfig({}).rateLimits.operadorPorIp).toEqual({ max: 20, windowSeconds: 900 });
    expect(serverConfig({ RATE_LIMIT_OPERADORPORIP: '5/60' }).rateLimits.operadorPorIp).toEqual({ max: 5, windowSeconds: 60 });
  });
});
