import { readFileSync, readdirSync } from 'node:fs';

/**
 * Resident memory of this process and everything it started (Astro's build, Pagefind's binary…), summed,
 * in bytes, read from Linux's /proc. Undefined where there is no /proc (macOS, Windows): the build then
 * reports no memory figures rather than wrong ones.
 */
export function treeRss(root = process.pid): number | undefined {
  try {
    let total = 0;
    const seen = new Set<number>();
    const visit = (pid: number) => {
      if (seen.has(pid)) return;
      seen.add(pid);
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
        for (const task of readdirSync(`/proc/${pid}/task`)) {
          const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
          if (children) for (const child of children.split(/\s+/)) visit(Number(child));
        }
      } catch {
        // A child that ended between two reads.
      }
    };
    readFileSync(`/proc/${root}/status`, 'utf8');
    visit(root);
    return total;
  } catch {
    return undefined;
  }
}

/**
 * Samples `treeRss` every `everyMs` while `work` runs and returns its result with the highest sum seen
 * (undefined without /proc). A stage's peak, as `npm run bench` prints it per stage of the build.
 */
export async function withPeakRss<T>(work: () => Promise<T>, everyMs = 100): Promise<{ result: T; peak: number | undefined }> {
  let peak = treeRss();
  const sample = () => {
    const now = treeRss();
    if (now !== undefined) peak = Math.max(peak ?? 0, now);
  };
  const timer = setInterval(sample, everyMs);
  try {
    const result = await work();
    sample();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}
