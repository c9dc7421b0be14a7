import { Duplex } from 'node:stream';
import { constants, createBrotliCompress, createDeflate, createGzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

/** What the one-process shop compresses on the fly, best first: brotli when the browser offers it, else gzip. */
const ENCODINGS = ['br', 'gzip', 'deflate'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Bodies smaller than this are sent as they are: the headers would cost more than the saving. */
const THRESHOLD_BYTES = 1024;

/**
 * Brotli's quality for a body compressed while it is sent. 11 (what the build uses for its files) costs ~20× the
 * time of 5 for a few per cent less; at 5 a 60 KB product page takes ~1 ms and still beats gzip's best.
 */
const BROTLI_QUALITY_ON_THE_FLY = 5;

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Compresses a response the build did not precompress (product pages, API JSON, the 404 page) with brotli or
 * gzip, whichever the client prefers (brotli on a tie). It leaves alone what hono's `compress()` leaves alone:
 * HEAD, partial and already-encoded bodies, small or incompressible ones, and `Cache-Control: no-transform`.
 */
export function compressOnTheFly(): MiddlewareHandler {
  return async function compress(c, next) {
    await next();
    const res = c.res;
    const length = res.headers.get('Content-Length');
    if (
      c.req.method === 'HEAD' ||
      res.status === 206 ||
      res.headers.has('Content-Encoding') ||
      res.headers.has('Transfer-Encoding') ||
      (length !== null && Number(length) < THRESHOLD_BYTES) ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '') ||
      NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const vary = res.headers.get('Vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) c.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    // Read again: setting a header on a sent response replaces it.
    const body = c.res.body;
    if (!encoding || !body) return;
    c.res = new Response(body.pipeThrough(compressor(encoding)), c.res);
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', encoding);
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}

/** The encoding an `Accept-Encoding` header prefers among ours: the highest q, ours' order on a tie; `*` stands for the unnamed. */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    const q = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

function compressor(encoding: Encoding): ReadableWritablePair<Uint8Array, Uint8Array> {
  const stream =
    encoding === 'br'
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_ON_THE_FLY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : encoding === 'gzip'
        ? createGzip()
        : createDeflate();
  return Duplex.toWeb(stream) as ReadableWritablePair<Uint8Array, Uint8Array>;
}
