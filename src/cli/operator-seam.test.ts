import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The command line reaches the shop only through the operator client (lib/api/operator-client.ts):
 * no command spells an operator API path, and none borrows server code, except the two local commands
 * that open the database themselves: the in-process transport (local.ts: settings, the database, the
 * app and its services) and the embedded database's backup and restore (backup.ts: the database, and
 * the audit entry a direct backup records).
 */

const SRC = resolve(import.meta.dirname, '..');
const CLI = import.meta.dirname;

/** The server modules each local command may import; every other CLI module imports none. */
const ALLOWED: Record<string, (target: string) => boolean> = {
  'cli/local.ts': (target) =>
    ['server/config.ts', 'server/app.ts', 'server/services.ts'].includes(target) || target.startsWith('server/db/'),
  'cli/backup.ts': (target) => target === 'server/admin/audit.ts' || target.startsWith('server/db/'),
};

/** The CLI's modules, tests left out. */
const modules = () =>
  readdirSync(CLI, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));

/** The string and template literals of a module's code (comments are not code), with their text. */
function literals(file: string, text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    else if (ts.isTemplateExpression(node))
      found.push([node.head.text, ...node.templateSpans.map((span) => `\${…}${span.literal.text}`)].join(''));
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return found;
}

/** The modules a module imports or re-exports (statically or with import()), as paths under src/. */
function importsOf(file: string, text: string): string[] {
  const found: string[] = [];
  const add = (specifier: ts.Expression | undefined) => {
    if (specifier && ts.isStringLiteralLike(specifier) && specifier.text.startsWith('.'))
      found.push(relative(SRC, resolve(dirname(file), specifier.text)));
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return found;
}

const operatorPaths = (file: string, text: string) => literals(file, text).filter((literal) => /admin\/api/.test(literal));
const serverImports = (file: string, text: string) => {
  const module = relative(SRC, file);
  return importsOf(file, text)
    .filter((target) => target.startsWith('server/') && !ALLOWED[module]?.(target))
    .map((target) => [module, target]);
};

describe('the command line and the operator API', () => {
  it('spells no operator API path: every call goes through the operator client', () => {
    expect(
      modules().flatMap((file) => operatorPaths(file, readFileSync(file, 'utf8')).map((literal) => [relative(SRC, file), literal])),
    ).toEqual([]);
  });

  it('imports no server module but the database start-up of its local commands', () => {
    expect(modules().flatMap((file) => serverImports(file, readFileSync(file, 'utf8')))).toEqual([]);
    // The allowances are used: the local commands do open the database.
    expect(importsOf(join(CLI, 'local.ts'), readFileSync(join(CLI, 'local.ts'), 'utf8'))).toContain('server/app.ts');
  });

  it('finds a path in any literal and a server import in any form, but not in a comment', () => {
    const file = join(CLI, 'ejemplo.ts');
    const code = [
      '// GET /admin/api/pedidos: a comment names the route',
      "const a = '/admin/api/cupones';",
      'const b = `${base}/admin/api/pedidos/${n}`;',
      'const c = `/admin/api/auditoria`;',
      "import { audit } from '../server/admin/audit.ts';",
      "export { x } from '../server/orders/payment-alerts.ts';",
      "const m = await import('../server/app.ts');",
      "import { columns } from './format.ts';",
    ].join('\n');
    expect(operatorPaths(file, code)).toEqual(['/admin/api/cupones', '${…}/admin/api/pedidos/${…}', '/admin/api/auditoria']);
    expect(serverImports(file, code)).toEqual([
      ['cli/ejemplo.ts', 'server/admin/audit.ts'],
      ['cli/ejemplo.ts', 'server/orders/payment-alerts.ts'],
      ['cli/ejemplo.ts', 'server/app.ts'],
    ]);
    // The local commands' allowances are theirs alone, and only the start-up modules.
    expect(serverImports(join(CLI, 'local.ts'), code)).toEqual([
      ['cli/local.ts', 'server/admin/audit.ts'],
      ['cli/local.ts', 'server/orders/payment-alerts.ts'],
    ]);
    expect(serverImports(join(CLI, 'backup.ts'), code)).toEqual([
      ['cli/backup.ts', 'server/orders/payment-alerts.ts'],
      ['cli/backup.ts', 'server/app.ts'],
    ]);
  });
});
