/**
 * `npm run bench [-- --products N] [-- --no-lighthouse]`: measures the shop as built and served by
 * `npm start`, on a temporary data directory: start time on an empty and on an existing data
 * directory, /web/listprod size and latency, per page type the HTML size and the gzipped JavaScript
 * loaded before any interaction, and Lighthouse mobile scores. Prints a Markdown report.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';

const { values } = parseArgs({
  options: { products: { type: 'string' }, 'no-lighthouse': { type: 'boolean', default: false }, port: { type: 'string', default: '4390' } },
});
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const work = mkdtempSync(join(tmpdir(), 'kbeauty-bench-'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(work, 'data'), DIST_DIR: join(work, 'dist'), DATABASE_URL: '', REBUILD_CHECK_SECONDS: '0' };
const report: string[] = ['# K-Beauty Perú benchmark', ''];

if (values.products) {
  const seeded = await run(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--products', values.products]);
  report.push(`Catálogo sintético: ${values.products} productos (seed ${seeded.toFixed(1)} s).`, '');
}

const first = await startShop();
const startEmpty = first.seconds;
await stopShop(first.child);
const second = await startShop();
report.push('## Start', '', `| data directory | seconds to "lista" |`, `|---|---|`, `| ${values.products ? 'seeded, no build' : 'empty (create, migrate, seed, build)'} | ${startEmpty.toFixed(1)} |`, `| existing (no rebuild) | ${second.seconds.toFixed(1)} |`, '');
const pages = countHtml(join(work, 'dist'));
report.push(`Build: ${pages} HTML pages in the first start.`, '');

try {
  await benchListprod();
  await benchPages();
} finally {
  await stopShop(second.child);
  rmSync(work, { recursive: true, force: true });
}
console.log(report.join('\n'));

async function benchListprod() {
  const raw = await fetch(`${base}/web/listprod`);
  const body = Buffer.from(await raw.arrayBuffer());
  const etag = raw.headers.get('etag') ?? '';
  const br = await fetch(`${base}/web/listprod`, { headers: { 'Accept-Encoding': 'br' } });
  const brSize = Number(br.headers.get('content-length')) || (await br.arrayBuffer()).byteLength;
  const timings = async (headers: Record<string, string>) => {
    const samples: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/web/listprod`, { headers });
      await res.arrayBuffer();
      samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    return `median ${samples[25]!.toFixed(1)} ms, p95 ${samples[47]!.toFixed(1)} ms`;
  };
  report.push(
    '## /web/listprod',
    '',
    `- ${JSON.parse(body.toString()).length} products; ${(body.length / 1024).toFixed(0)} KB JSON, ${(gzipSync(body).length / 1024).toFixed(0)} KB gzip, ${(brSize / 1024).toFixed(0)} KB brotli`,
    `- 200 (brotli): ${await timings({ 'Accept-Encoding': 'br' })}`,
    `- 304 (If-None-Match): ${await timings({ 'If-None-Match': etag })}`,
    '',
  );
}

async function benchPages() {
  const products = (await (await fetch(`${base}/web/listprod`)).json()) as { idProducto: number; nombre: string }[];
  const { productPath } = await import('../src/lib/catalogue/routes.ts');
  const targets: [string, string][] = [
    ['home', '/'],
    ['listing', '/Cuidado'],
    ['product', productPath(products[0]!)],
    ['search', '/search?q=serum'],
    ['routine builder', '/Creador_de_piel'],
    ['checkout (empty cart)', '/procesoDePago'],
    ['payment result', '/success'],
  ];
  // Lighthouse scores the budget pages of DESIGN.md and the one other public page, the routine builder.
  const scored = targets.slice(0, 5);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  report.push('## Pages', '', '| page | HTML gzip | JS before interaction (gzip) | JS files |', '|---|---|---|---|');
  for (const [name, path] of targets) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url());
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    await page.close();
    const html = await gzipSize(base + path);
    let js = 0;
    for (const url of scripts) js += await gzipSize(url);
    report.push(`| ${name} \`${path}\` | ${(html / 1024).toFixed(1)} KB | ${(js / 1024).toFixed(1)} KB | ${scripts.size} |`);
  }
  await browser.close();
  report.push('');
  if (values['no-lighthouse']) return;
  report.push('## Lighthouse (mobile, default throttling)', '', '| page | performance | accessibility | best practices | SEO |', '|---|---|---|---|---|');
  for (const [name, path] of scored) {
    const scores = await lighthouse(base + path);
    report.push(`| ${name} | ${scores.join(' | ')} |`);
  }
  report.push('');
}

async function lighthouse(url: string): Promise<string[]> {
  const [{ default: lh }, { launch }] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', chromeFlags: CHROMIUM_ARGS });
  try {
    const result = await lh(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const categories = result?.lhr.categories ?? {};
    return ['performance', 'accessibility', 'best-practices', 'seo'].map((key) => {
      const score = categories[key]?.score;
      return score === null || score === undefined ? 'n/a' : String(Math.round(score * 100));
    });
  } finally {
    chrome.kill();
  }
}

async function gzipSize(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
  return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
}

function startShop(): Promise<{ child: ChildProcess; seconds: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('lista en')) resolve({ child, seconds: (performance.now() - t0) / 1000 });
    });
    child.on('exit', (code) => reject(new Error(`start terminó con ${code}:\n${output}`)));
  });
}

async function stopShop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function run(command: string, args: string[]): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve((performance.now() - t0) / 1000) : reject(new Error(`${args.join(' ')}: ${code}`))));
  });
}

function countHtml(dir: string): number {
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.html')).length;
}
