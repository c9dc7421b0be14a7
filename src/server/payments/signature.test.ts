import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manifest, signNotification, verifySignature } from './signature.ts';

const secret = 'secreto';
const firmado = { dataId: 'ABC123', requestId: 'req-9' };

describe('webhook signatures', () => {
  it("signs Mercado Pago's manifest with the data id lowercased", () => {
    expect(manifest(firmado, '1704908010')).toBe('id:abc123;request-id:req-9;ts:1704908010;');
    const expected = createHmac('sha256', secret).update('id:abc123;request-id:req-9;ts:1704908010;').digest('hex');
    expect(signNotification(secret, firmado, '1704908010')).toBe(`ts=1704908010,v1=${expected}`);
  });
  it('accepts a fresh signature in seconds or milliseconds and refuses stale, foreign or malformed ones', () => {
    const now = 1_704_908_010_000;
    expect(verifySignature(secret, signNotification(secret, firmado, '1704908010'), firmado, 300, now)).toBe(true);
    expect(verifySignature(secret, signNotification(secret, firmado, String(now)), firmado, 300, now)).toBe(true);
    expect(verifySignature(secret, signNotification(secret, firmado, String(now - 301_000)), firmado, 300, now)).toBe(false);
    expect(verifySignature('otro', signNotification(secret, firmado, String(now)), firmado, 300, now)).toBe(false);
    expect(verifySignature(secret, signNotification(secret, firmado, String(now)), { ...firmado, requestId: 'x' }, 300, now)).toBe(false);
    expect(verifySignature(secret, undefined, firmado, 300, now)).toBe(false);
    expect(verifySignature(secret, 'ts=1,v1=zz', firmado, 300, now)).toBe(false);
  });
});
