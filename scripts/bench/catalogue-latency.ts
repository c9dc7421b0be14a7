/**
 * The catalogue calls' latency as a lean client sees it: each path requested `count` times (after one
 * first request, which may compute the answer) with brotli, the answer read whole, and beside it the p95 until
 * its headers (the server's part: for a 14 MB answer the client's reading and decoding is most of the rest). `npm run bench` runs
 * it in a process of its own: in the bench's own process, which has Playwright loaded and a browser
 * open, the same 4 MB answer measured two to three times slower (the client's work, not the server's).
 *
 * Standalone: `node --import tsx scripts/bench/catalogue-latency.ts BASE_URL PATH…` prints one JSON
 * line, a `Latency` per path.
 */
import { ordenadas, percentil } from './percentil.ts';

export interface Latency {
  path: string;
  firstMs: number;
  medianMs: number;
  p95Ms: number;
  /** p95 until the answer's headers: the server's part, before the client reads and decodes the body. */
  headersP95Ms: number;
  /** The answer's size, decoded. */
  bytes: number;
}

export async function measureLatency(base: string, path: string, count = 50): Promise<Latency> {
  const time = async () => {
    const t0 = performance.now();
    const res = await fetch(base + path, { headers: { 'Accept-Encoding': 'br' } });
    const headersMs = performance.now() - t0;
    const bytes = (await res.arrayBuffer()).byteLength;
    return { ms: performance.now() - t0, headersMs, bytes };
  };
  const first = await time();
  const samples: number[] = [];
  const headers: number[] = [];
  for (let i = 0; i < count; i++) {
    const { ms, headersMs } = await time();
    samples.push(ms);
    headers.push(headersMs);
  }
  const whole = ordenadas(samples);
  return {
    path,
    firstMs: first.ms,
    medianMs: percentil(whole, 0.5),
    p95Ms: percentil(whole, 0.95),
    headersP95Ms: percentil(ordenadas(headers), 0.95),
    bytes: first.bytes,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, ...paths] = process.argv.slice(2);
  if (!base || paths.length === 0) throw new Error('Uso: catalogue-latency.ts BASE_URL PATH…');
  const results: Latency[] = [];
  for (const path of paths) results.push(await measureLatency(base, path));
  console.log(JSON.stringify(results));
}
