import { describe, expect, it } from 'vitest';
import { ADMIN_REWRITE, redirectRules } from '../../netlify/redirects.ts';
import { netlifyApiPaths } from '../../src/server/api-paths.ts';

describe('dist/_redirects', () => {
  it('sends each escaped spelling to its page, then lets a server that decodes the path find the page itself', () => {
    expect(redirectRules(['marcas', 'marcas/Dr. Jart+', 'marcas/Ma:nyo', 'marcas/COSRX', 'producto/7-serum', 'Contorno de ojos'])).toEqual([
      '/marcas/Dr.%20Jart%2B /marcas/Dr.%20Jart+ 301',
      '/marcas/Ma%3Anyo /marcas/Ma:nyo 301',
      '/marcas/:page /marcas/:page 200',
      '/marcas/:page/ /marcas/:page/ 200',
    ]);
  });

  it('has nothing to add for a site without such names, and never rewrites one-segment paths (the API’s /login)', () => {
    expect(redirectRules(['marcas/COSRX', 'Contorno de ojos'])).toEqual([]);
    expect(redirectRules(['Cuidado+'])).toEqual(['/Cuidado%2B /Cuidado+ 301']);
  });

  it("serves the back office's page for every /admin/* path, after the other rules, never standing in the API's way", () => {
    const rules = redirectRules(['admin', 'marcas/Dr. Jart+', 'producto/7-serum']);
    expect(rules.at(-1)).toBe(ADMIN_REWRITE);
    expect(ADMIN_REWRITE).toBe('/admin/* /admin/index.html 200');
    // Not forced (no `!`): a file under /admin wins; the API's /admin/api/* is a function path, matched before any rule.
    expect(ADMIN_REWRITE).not.toContain('!');
    expect(netlifyApiPaths()).toContain('/admin/api/*');
    // A build without the back office gets no rewrite.
    expect(redirectRules(['marcas/COSRX'])).toEqual([]);
  });
});
