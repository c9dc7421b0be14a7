/**
 * The back office's first load (issue 36, DESIGN.md's budget: ≤ 200 KB of JavaScript compressed, React
 * included): the module scripts dist/admin/index.html loads and every module they import statically,
 * each once, gzip level 9 (what `npm start` and the CDN send). Screens split with React.lazy load later
 * and are listed apart. `node --import tsx scripts/bench/backoffice-js.ts [dist]`, or from `npm run bench`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

/** The budget of the first load, in KB (1024 bytes) of gzip. */
export const BACKOFFICE_JS_BUDGET_KB = 200;

export interface BackofficeJs {
  /** Files of the first load, by URL path, with their gzip size in bytes. */
  first: { file: string; gzip: number }[];
  /** The lazily loaded screens' files (not counted in the first load). */
  later: { file: string; gzip: number }[];
  /** Gzip bytes of the first load. */
  firstGzip: number;
}

const gzip = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

/** The JavaScript /admin/ loads before its first screen works, and what its screens load later. */
export async function measureBackofficeJs(distDir: string): Promise<BackofficeJs> {
  await init;
  const page = join(distDir, 'admin', 'index.html');
  if (!existsSync(page)) throw new Error(`${page} no existe: construye el sitio primero.`);
  const html = readFileSync(page, 'utf8');
  const entries = [
    ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((match) => match[1]!),
  ];
  const inline = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).filter(Boolean);
  const first = new Map<string, number>();
  const later = new Map<string, number>();
  const lazy: string[] = [];
  /** Follows a module's static imports (into `first`) and notes its dynamic ones. */
  const visit = (urlPath: string) => {
    if (first.has(urlPath)) return;
    const code = readFileSync(join(distDir, urlPath), 'utf8');
    first.set(urlPath, gzip(code));
    follow(code, dirname(urlPath));
  };
  const follow = (code: string, from: string) => {
    const [imports] = parse(code);
    for (const entry of imports) {
      if (!entry.n || (!entry.n.startsWith('.') && !entry.n.startsWith('/'))) continue;
      const target = entry.n.startsWith('/') ? entry.n : resolve(from, entry.n);
      if (entry.d === -1) visit(target);
      else if (entry.d >= 0) lazy.push(target);
    }
  };
  for (const code of inline) {
    first.set('(inline)', (first.get('(inline)') ?? 0) + gzip(code));
    follow(code, '/');
  }
  for (const entry of entries) visit(entry);
  // A lazily loaded screen's own files, beyond what the first load already brought.
  const laterVisit = (urlPath: string) => {
    if (first.has(urlPath) || later.has(urlPath) || !existsSync(join(distDir, urlPath))) return;
    const code = readFileSync(join(distDir, urlPath), 'utf8');
    later.set(urlPath, gzip(code));
    const [imports] = parse(code);
    for (const entry of imports) if (entry.n?.startsWith('.') && entry.d === -1) laterVisit(resolve(dirname(urlPath), entry.n));
  };
  for (const target of lazy) laterVisit(target);
  const list = (map: Map<string, number>) => [...map].map(([file, size]) => ({ file, gzip: size })).sort((a, b) => b.gzip - a.gzip);
  return { first: list(first), later: list(later), firstGzip: [...first.values()].reduce((sum, size) => sum + size, 0) };
}

/** The measurement as Markdown lines. */
export function backofficeJsReport(result: BackofficeJs): string[] {
  const KB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    '## Back office (/admin/)',
    '',
    `- first load: ${KB(result.firstGzip)} of JavaScript (gzip) in ${result.first.length} files (budget ${BACKOFFICE_JS_BUDGET_KB} KB)`,
    ...result.first.map(({ file, gzip: size }) => `  - ${file}: ${KB(size)}`),
    `- screens loaded when opened: ${result.later.map(({ file, gzip: size }) => `${file.replace(/^\/_astro\//, '')} ${KB(size)}`).join(', ')}`,
    '',
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const result = await measureBackofficeJs(process.argv[2] || process.env.DIST_DIR || 'dist');
  console.log(backofficeJsReport(result).join('\n'));
  if (result.firstGzip > BACKOFFICE_JS_BUDGET_KB * 1024) {
    console.error(`El panel carga ${(result.firstGzip / 1024).toFixed(1)} KB: más que ${BACKOFFICE_JS_BUDGET_KB} KB.`);
    process.exitCode = 1;
  }
}
