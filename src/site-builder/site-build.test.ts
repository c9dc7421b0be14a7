import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { buildIsStale, checkInlineScripts, precompress } from './site-build.ts';
import { builtVersion } from '../server/node/static-site.ts';

describe('site build bookkeeping', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kbeauty-build-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is stale when there is no build or it was made from another catalogue version', () => {
    const dist = join(root, 'dist');
    expect(builtVersion(dist)).toBeUndefined();
    expect(buildIsStale(dist, 3, root)).toBe(true);
    mkdirSync(dist);
    writeFileSync(join(dist, 'version.json'), '{"version":3}');
    expect(builtVersion(dist)).toBe(3);
    expect(buildIsStale(dist, 3, root)).toBe(false);
    expect(buildIsStale(dist, 4, root)).toBe(true);
  });

  it('is stale when a source file is newer than the build', () => {
    const dist = join(root, 'dist');
    mkdirSync(dist);
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'page.astro'), '');
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(root, 'src', 'page.astro'), past, past);
    utimesSync(join(root, 'src'), past, past);
    writeFileSync(join(dist, 'version.json'), '{"version":1}');
    expect(buildIsStale(dist, 1, root)).toBe(false);
    writeFileSync(join(root, 'src', 'page.astro'), 'cambio');
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src', 'page.astro'), future, future);
    expect(buildIsStale(dist, 1, root)).toBe(true);
  });

  it('precompresses text files of 1 KB or more, and only those', async () => {
    const html = '<p>hola</p>'.repeat(200);
    writeFileSync(join(root, 'page.html'), html);
    writeFileSync(join(root, 'tiny.css'), 'a{}');
    writeFileSync(join(root, 'photo.webp'), Buffer.alloc(4096));
    await precompress(root, {});
    expect(gunzipSync(readFileSync(join(root, 'page.html.gz'))).toString()).toBe(html);
    expect(brotliDecompressSync(readFileSync(join(root, 'page.html.br'))).toString()).toBe(html);
    expect(existsSync(join(root, 'tiny.css.gz'))).toBe(false);
    expect(existsSync(join(root, 'photo.webp.gz'))).toBe(false);
  });

  it('leaves product pages, one per product, to be compressed as they are sent', async () => {
    mkdirSync(join(root, 'producto', '7-serum'), { recursive: true });
    mkdirSync(join(root, 'marcas', 'Abib'), { recursive: true });
    writeFileSync(join(root, 'producto', '7-serum', 'index.html'), '<p>hola</p>'.repeat(200));
    writeFileSync(join(root, 'marcas', 'Abib', 'index.html'), '<p>hola</p>'.repeat(200));
    await precompress(root, {});
    expect(existsSync(join(root, 'producto', '7-serum', 'index.html.br'))).toBe(false);
    expect(existsSync(join(root, 'producto', '7-serum', 'index.html.gz'))).toBe(false);
    expect(existsSync(join(root, 'marcas', 'Abib', 'index.html.br'))).toBe(true);
  });

  it('refuses a build whose page holds an inline script the build did not list as its own, naming the page; narrows the list to the scripts the pages hold', async () => {
    const listed = createHash('sha256').update('self.Astro=1').digest('base64');
    const unused = createHash('sha256').update('nunca()').digest('base64');
    writeFileSync(join(root, 'inline-scripts.json'), JSON.stringify({ hashes: [listed, unused] }));
    mkdirSync(join(root, 'producto', '7-serum'), { recursive: true });
    const good = join(root, 'index.html');
    const bad = join(root, 'producto', '7-serum', 'index.html');
    writeFileSync(
      good,
      '<script>self.Astro=1</script><meta name="description" content="</script><script>alert(1)</script>"><script type="application/ld+json">{"name":"\\u003cscript\\u003e"}</script>',
    );
    await expect(checkInlineScripts(root, [good])).resolves.toBeUndefined();
    expect(JSON.parse(readFileSync(join(root, 'inline-scripts.json'), 'utf8'))).toEqual({ hashes: [listed] });
    writeFileSync(bad, '<script>self.Astro=1</script><h1>Sérum</h1><script>alert(1)</script>');
    await expect(checkInlineScripts(root, [good, bad])).rejects.toThrow(
      `La página ${join('producto', '7-serum', 'index.html')} tiene un script que el build no escribió`,
    );
  });

  it('leaves compression to the CDN on Netlify', async () => {
    writeFileSync(join(root, 'page.html'), '<p>hola</p>'.repeat(200));
    await precompress(root, { NETLIFY: 'true' });
    expect(existsSync(join(root, 'page.html.br'))).toBe(false);
    expect(existsSync(join(root, 'page.html.gz'))).toBe(false);
  });
});
