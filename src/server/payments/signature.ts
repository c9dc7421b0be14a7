import { createHmac, timingSafeEqual } from 'node:crypto';

/** The parts of a notification Mercado Pago signs. */
export interface Firmado {
  /** data.id from the query string. */
  dataId: string;
  /** The x-request-id header. */
  requestId: string;
}

/** The signed manifest: `id:{data.id lowercased};request-id:{x-request-id};ts:{ts};`, absent parts left out. */
export function manifest({ dataId, requestId }: Firmado, ts: string): string {
  return [dataId && `id:${dataId.toLowerCase()};`, requestId && `request-id:${requestId};`, `ts:${ts};`].filter(Boolean).join('');
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** The x-signature header of a notification: `ts={ts},v1={HMAC-SHA256 hex of the manifest}`. */
export function signNotification(secret: string, firmado: Firmado, ts = String(Date.now())): string {
  return `ts=${ts},v1=${hmac(secret, manifest(firmado, ts))}`;
}

/**
 * Whether `header` is a valid x-signature for the notification: the HMAC matches (compared in
 * constant time) and its ts (seconds or milliseconds) is within `toleranceSeconds` of `now`.
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  firmado: Firmado,
  toleranceSeconds: number,
  now = Date.now(),
): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const ts = parts.get('ts');
  const v1 = parts.get('v1');
  if (!ts || !v1 || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const millis = ts.length > 11 ? Number(ts) : Number(ts) * 1000;
  if (Math.abs(now - millis) > toleranceSeconds * 1000) return false;
  const expected = Buffer.from(hmac(secret, manifest(firmado, ts)), 'hex');
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
