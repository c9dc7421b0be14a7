import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ stay a newcomer's ten-minute read and never send a reader out of the repository:
 * README.md is at most 250 lines, every relative link in README.md and docs/**\/*.md names a file or
 * folder of this repository (and an anchor names a heading of the linked page), no link climbs out of
 * the repository (`../shared/…`) or names a path of one machine (`/work/…`, `file:`), and every numbered
 * decision record has its three sections and a line in docs/decisions/README.md.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const README_MAX_LINES = 250;

/** Markdown files under docs/, recursively, as paths relative to the repository. */
function docsFiles(dir = join(ROOT, 'docs')): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return docsFiles(path);
    return entry.name.endsWith('.md') ? [relative(ROOT, path)] : [];
  });
}

/** The text a reader sees as prose: fenced code blocks and inline code spans blanked out. */
export function withoutCode(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length));
}

/** Every link target of a Markdown text: inline links and images `[t](target "title")`, and reference definitions `[t]: target`. */
export function linkTargets(markdown: string): string[] {
  const prose = withoutCode(markdown);
  const targets: string[] = [];
  for (const match of prose.matchAll(/!?\[(?:[^\][]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) {
    targets.push(match[1]!.replace(/^<|>$/g, ''));
  }
  for (const match of prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*(\S+)/gm)) targets.push(match[1]!.replace(/^<|>$/g, ''));
  return targets;
}

/** The anchors GitHub gives a page's headings (github-slugger: lower case, punctuation dropped, spaces to hyphens, repeats numbered). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutCodeBlocks(markdown).matchAll(/^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = match[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').toLowerCase();
    const base = text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

type Problem = { file: string; target: string; why: string };

/** What is wrong with one link of `file` (a path relative to the repository); undefined when it resolves inside the repository. */
export function linkProblem(file: string, target: string, root = ROOT): string | undefined {
  if (/^(https?:|mailto:)/i.test(target)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return 'a link to a machine or a scheme other than http(s) or mailto';
  if (target.startsWith('/') || /^[A-Za-z]:[\\/]/.test(target) || target.startsWith('\\'))
    return 'an absolute path of one machine, not a path inside the repository';
  if (/(^|\/)\.\.\/shared(\/|$)/.test(target)) return 'a link out of the repository (../shared)';
  const [pathPart, anchor] = splitAnchor(target);
  const from = join(root, dirname(file));
  const resolved = pathPart === '' ? join(root, file) : resolve(from, decodeURIComponent(pathPart));
  if (resolved !== root && !resolved.startsWith(root + sep)) return 'a link out of the repository';
  if (!existsSync(resolved)) return `no such file: ${relative(root, resolved)}`;
  if (anchor !== undefined) {
    if (!statSync(resolved).isFile() || !resolved.endsWith('.md')) return 'an anchor on something that is not a Markdown page';
    if (!headingAnchors(readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor).toLowerCase()))
      return `no heading #${anchor} in ${relative(root, resolved)}`;
  }
  return undefined;
}

function splitAnchor(target: string): [string, string | undefined] {
  const hash = target.indexOf('#');
  return hash === -1 ? [target, undefined] : [target.slice(0, hash), target.slice(hash + 1)];
}

describe('README.md and docs/', () => {
  const files = ['README.md', ...docsFiles()];

  it('README.md is a ten-minute read: at most 250 lines', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('docs/ holds the pages the README sends a reader to', () => {
    for (const page of ['operations', 'deployment', 'configuration', 'security', 'architecture', 'glossary']) {
      expect(files, page).toContain(join('docs', `${page}.md`));
    }
  });

  it('every relative link resolves to a file or folder of the repository, and every anchor to a heading', () => {
    const problems: Problem[] = [];
    let links = 0;
    for (const file of files) {
      for (const target of linkTargets(readFileSync(join(ROOT, file), 'utf8'))) {
        links++;
        const why = linkProblem(file, target);
        if (why) problems.push({ file, target, why });
      }
    }
    expect(problems).toEqual([]);
    expect(links).toBeGreaterThan(50);
  });

  it('every numbered decision record has Context, Decision and Consequence, cites no issue, and is in the index', () => {
    const dir = join(ROOT, 'docs', 'decisions');
    const index = readFileSync(join(dir, 'README.md'), 'utf8');
    const records = readdirSync(dir).filter((name) => /^\d{4}-[a-z0-9-]+\.md$/.test(name));
    expect(records.length).toBeGreaterThan(100);
    for (const name of records) {
      const text = readFileSync(join(dir, name), 'utf8');
      expect(text, `${name} starts with its title, "# ${name.slice(0, 4)}. …"`).toMatch(new RegExp(`^# ${name.slice(0, 4)}\\. \\S`));
      for (const section of ['## Context', '## Decision', '## Consequence'])
        expect(text, `${name}: ${section}`).toContain(`\n${section}\n`);
      expect(text, `${name} cites an issue`).not.toMatch(/\bissues? \d/i);
      expect(text, `${name} links outside the repository`).not.toMatch(/\]\((https?:|\/)/);
      expect(index, `${name} is not in docs/decisions/README.md`).toContain(`](${name})`);
    }
    const numbers = records.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size, 'two records share a number').toBe(numbers.length);
  });
});

describe('the link checker itself', () => {
  const here = 'docs/decisions/README.md';

  it('finds inline links, images and reference definitions, but not links written as code', () => {
    const text = [
      'See [ops](../operations.md#backups) and ![x](img.png "t").',
      '`[not](a-link.md)`',
      '```',
      '[nor](this.md)',
      '```',
      '[ref]: ../glossary.md',
    ].join('\n');
    expect(linkTargets(text)).toEqual(['../operations.md#backups', 'img.png', '../glossary.md']);
  });

  it('refuses links that leave the repository or name one machine', () => {
    expect(linkProblem(here, '../../../shared/DESIGN.md')).toMatch(/out of the repository/);
    expect(linkProblem('README.md', '../shared/spec/storefront.md')).toMatch(/out of the repository/);
    expect(linkProblem('README.md', '/work/shared/DESIGN.md')).toMatch(/absolute path/);
    expect(linkProblem('README.md', 'file:///etc/passwd')).toMatch(/scheme/);
    expect(linkProblem('README.md', 'docs/nowhere.md')).toMatch(/no such file/);
    expect(linkProblem('README.md', 'https://www.nubefact.com')).toBeUndefined();
    expect(linkProblem('README.md', 'package.json')).toBeUndefined();
  });

  it('checks anchors against the headings GitHub makes', () => {
    const anchors = headingAnchors(
      '# Comprobantes electrónicos (SUNAT)\n## Orders & tracking\n## Orders & tracking\n```\n# not a heading\n```',
    );
    expect([...anchors]).toEqual(['comprobantes-electrónicos-sunat', 'orders--tracking', 'orders--tracking-1']);
    expect(linkProblem('README.md', 'README.md#no-such-heading')).toMatch(/no heading/);
  });
});
