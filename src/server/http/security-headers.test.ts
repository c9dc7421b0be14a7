import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, scriptElements } from './inline-scripts.ts';
import { API_CSP, COMMON_HEADERS, HSTS, securityHeaders, siteCsp } from './security-headers.ts';

/** The `Name = "value"` pairs of netlify.toml's `[[headers]]` block for `/*`. */
function netlifyHeaders(): Record<string, string> {
  const toml = readFileSync(new URL('../../../netlify.toml', import.meta.url), 'utf8');
  const block = toml.split('[[headers]]').find((part) => /for\s*=\s*"\/\*"/.test(part)) ?? '';
  return Object.fromEntries(
    [...block.matchAll(/^\s*([A-Za-z-]+)\s*=\s*"(.*)"\s*$/gm)]
      .filter(([, name]) => name !== 'for')
      .map(([, name, value]) => [name!, value!]),
  );
}

describe('security headers', () => {
  it('netlify.toml carries exactly the module’s common headers and HSTS for static files', () => {
    expect(netlifyHeaders()).toEqual({ ...COMMON_HEADERS, 'Strict-Transport-Security': HSTS });
  });

  it('netlify.toml builds the CSP file from the same module', () => {
    expect(readFileSync(new URL('../../../netlify.toml', import.meta.url), 'utf8')).toMatch(
      /command = "npm run build && node --import tsx netlify\/headers\.ts( && [^"]*)?"/,
    );
  });

  it('the site CSP forbids framing, allows the store maps and hashes inline scripts', () => {
    const csp = siteCsp({ scriptHashes: ['abc='], apiOrigin: 'https://api.example.pe' });
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('frame-src https://www.openstreetmap.org');
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-abc='");
    expect(csp).toContain("connect-src 'self' https://api.example.pe");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('HSTS only in production', () => {
    expect(securityHeaders({ production: false, csp: API_CSP })).not.toHaveProperty('Strict-Transport-Security');
    expect(securityHeaders({ production: true, csp: API_CSP })['Strict-Transport-Security']).toBe(HSTS);
  });

  it('hashes executable inline scripts only, as browsers do (the exact text between the tags)', () => {
    const html = `<script>alert(1)</script><script type="module">go()</script><script src="/a.js"></script><script type="application/ld+json">{}</script>`;
    // sha256 of "alert(1)" and of "go()", base64.
    expect([...inlineScriptHashes(html)].sort()).toEqual(
      ['bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=', '5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='].sort(),
    );
  });

  it('finds script elements as a browser parses them: text that only looks like one in an attribute, a comment, a title or a textarea is none', () => {
    const ataque = '</script><script>alert(1)</script>';
    const html = `<head><title>${ataque}</title><meta name="description" content="${ataque}"><meta property='og:title' content='${ataque} >'><!-- ${ataque} --><script type="application/ld+json">{"a":"\\u003c"}</script><SCRIPT>go()</SCRIPT ></head><body><textarea>${ataque}</textarea><p data-x="a>b">texto</p><script type="module">x()</script></body>`;
    expect(scriptElements(html)).toEqual([
      { attributes: ' type="application/ld+json"', body: '{"a":"\\u003c"}' },
      { attributes: '', body: 'go()' },
      { attributes: ' type="module"', body: 'x()' },
    ]);
    expect(inlineScriptHashes(html).size).toBe(2);
  });
});
