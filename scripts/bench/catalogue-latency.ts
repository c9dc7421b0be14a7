/**
 * The catalogue calls' latency as a lean client sees it: each path requested `count` times (after one
 * first request, which may compute the answer) with brotli, the answer read whole. `npm run bench` runs
 * it in a process of its own: in the bench's own process, which has Playwright loaded and a browser
 * open, the same 4 MB answer measured two to three times slower (the client's work, not the server's).
 *
 * Standalone: `node --import tsx scripts/bench/catalogue-latency.ts BASE_URL PATH…` prints one JSON
 * line, a `Latency` per path.
 */
export interface Latency {
  path: string;
  firstMs: number;
  medianMs: number;
  p95Ms: number;
  /** The answer's size, decoded. */
  bytes: number;
}

export async function measureLatency(base: string, path: string, count = 50): Promise<Latency> {
  const time = async () => {
    const t0 = performance.now();
    const res = await fetch(base + path, { headers: { 'Accept-Encoding': 'br' } });
    const bytes = (await res.arrayBuffer()).byteLength;
    return { ms: performance.now() - t0, bytes };
  };
  const first = await time();
  const samples: number[] = [];
  for (let i = 0; i < count; i++) samples.push((await time()).ms);
  samples.sort((a, b) => a - b);
  return {
    path,
    firstMs: first.ms,
    medianMs: samples[Math.floor(count / 2)]!,
    p95Ms: samples[Math.ceil(count * 0.95) - 1]!,
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
