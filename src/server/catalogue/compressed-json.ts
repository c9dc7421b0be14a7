import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A JSON answer serialised once, named by its content. */
export interface JsonText {
  etag: string;
  json: string;
}

/** A JSON answer serialised once and compressed both ways ahead of time, with its ETag. */
export interface CompressedJson extends JsonText {
  gzip: Buffer;
  br: Buffer;
}

/** A JSON text and its ETag (a hash of its content, the same whichever encoding it is sent in). */
export const jsonText = (json: string): JsonText => ({
  etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
  json,
});

/** Compresses a JSON text with gzip and brotli (off the event loop) and names it by its content. */
export async function compressJson(json: string | JsonText): Promise<CompressedJson> {
  const text = typeof json === 'string' ? jsonText(json) : json;
  const body = Buffer.from(text.json);
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  return { ...text, gzip: gz, br };
}

/** Whether the client takes one of the encodings sendCompressed sends. */
export const acceptsCompression = (c: Context) => /\b(?:br|gzip)\b/.test(c.req.header('Accept-Encoding') ?? '');

/** Bytes a compressed answer holds in memory (its text counted as UTF-16). */
export const sizeOf = (answer: CompressedJson) => answer.json.length * 2 + answer.gzip.length + answer.br.length;

/**
 * Sends a compressed answer: 304 when the client holds its ETag, else brotli, gzip or plain JSON as
 * the client accepts (a JsonText, never compressed, as it is); browsers always revalidate it (`no-cache`).
 */
export function sendCompressed(c: Context, answer: CompressedJson | JsonText): Response {
  c.header('ETag', answer.etag);
  c.header('Cache-Control', 'no-cache');
  c.header('Vary', 'Accept-Encoding');
  if (matchesEtag(c.req.header('If-None-Match'), answer.etag)) return c.body(null, 304);
  c.header('Content-Type', 'application/json; charset=utf-8');
  const accepted = c.req.header('Accept-Encoding') ?? '';
  if (!('br' in answer)) return c.body(answer.json);
  if (/\bbr\b/.test(accepted)) {
    c.header('Content-Encoding', 'br');
    return c.body(new Uint8Array(answer.br));
  }
  if (/\bgzip\b/.test(accepted)) {
    c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(answer.gzip));
  }
  return c.body(answer.json);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}
