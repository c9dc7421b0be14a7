import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The order's life has one home (docs/decisions/0166-order-life.md): orders/life.ts, which payments and
 * comprobantes call into and which reaches neither. Checked on the server's imports, type-only ones
 * included (they tie files together for a reader as much as any other): no loop of imports passes through
 * orders, payments or comprobantes, and orders/life.ts reaches no payment or comprobante module.
 */

const SERVER = resolve(import.meta.dirname, '..');
const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;
const FOLDERS = ['orders', 'payments', 'comprobantes'];

/** Every server module (tests left out), as a path under src/server, with the server modules it imports. */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(SERVER, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(SERVER, join(entry.parentPath, entry.name)));
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(join(SERVER, file), 'utf8');
      const targets = [...text.matchAll(IMPORT)].map((match) => relative(SERVER, resolve(dirname(join(SERVER, file)), match[2]!)));
      return [file, [...new Set(targets.filter((target) => known.has(target)))]];
    }),
  );
}

/** The loops of `graph`: its strongly connected parts of two files or more, and files that import themselves (Tarjan). */
function loops(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== file);
    if (part.length > 1 || graph.get(file)?.includes(file)) found.push(part.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** Every module `from` reaches through its imports. */
function reached(graph: Map<string, string[]>, from: string): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    for (const next of graph.get(file) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      walk(next);
    }
  };
  walk(from);
  return seen;
}

const inFolder = (file: string, folders: string[]) => folders.some((folder) => file.startsWith(`${folder}/`));

describe("the order's life in one place", () => {
  const graph = importGraph();

  it('finds a loop when there is one (the check can fail)', () => {
    const drawn = new Map([
      ['orders/life.ts', ['comprobantes/emision.ts']],
      ['comprobantes/emision.ts', ['orders/payment-alerts.ts']],
      ['orders/payment-alerts.ts', ['orders/life.ts']],
      ['payments/webhook.ts', ['orders/life.ts']],
      ['payments/aplicar.ts', ['payments/aplicar.ts']],
    ]);
    expect(loops(drawn)).toEqual([['comprobantes/emision.ts', 'orders/life.ts', 'orders/payment-alerts.ts'], ['payments/aplicar.ts']]);
  });

  it('reads the modules it checks', () => {
    for (const file of [
      'orders/life.ts',
      'payments/aplicar.ts',
      'payments/webhook.ts',
      'payments/vencimiento.ts',
      'comprobantes/emision.ts',
    ])
      expect(graph.has(file), file).toBe(true);
    expect(graph.get('payments/aplicar.ts')).toContain('orders/life.ts');
    expect(graph.get('comprobantes/emision.ts')).toContain('orders/life.ts');
  });

  it('no loop of imports passes through orders, payments or comprobantes', () => {
    expect(loops(graph).filter((part) => part.some((file) => inFolder(file, FOLDERS)))).toEqual([]);
  });

  it('orders and comprobantes import no payment module: payments sit above both', () => {
    const up = [...graph].flatMap(([file, targets]) =>
      inFolder(file, ['orders', 'comprobantes'])
        ? targets.filter((target) => inFolder(target, ['payments'])).map((target) => `${file} -> ${target}`)
        : [],
    );
    expect(up).toEqual([]);
  });

  it('orders/life.ts reaches no payment or comprobante module: they call into it, never the reverse', () => {
    expect([...reached(graph, 'orders/life.ts')].filter((file) => inFolder(file, ['payments', 'comprobantes']))).toEqual([]);
  });
});
