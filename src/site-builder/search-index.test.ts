import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProducto } from '../../tests/fixtures/producto.ts';
import { indexCatalogue, searchDocument } from './search-index.ts';

describe('the search index, made from the catalogue', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kbeauty-index-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const pageCounts = (folder: string) => {
    const entry = JSON.parse(readFileSync(join(root, folder, 'pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
    return Object.values(entry.languages).map((language) => language.page_count);
  };

  it('holds a document for each product, with its name as the heading and its texts escaped', () => {
    const document = searchDocument(
      makeProducto({
        nombre: 'Sérum <b>Glow</b>',
        marca: 'Dr. Jart+',
        descripcion: 'Centella & niacinamida.',
        etiquetalogo: 'Vegano',
        newores: 'Nuevo',
      }),
    );
    expect(document).toContain('<h1>Sérum &lt;b&gt;Glow&lt;/b&gt;</h1>');
    expect(document).toContain('<p>Dr. Jart+</p>');
    expect(document).toContain('<p>Nuevo Vegano</p>');
    expect(document).toContain('<p>Centella &amp; niacinamida.</p>');
    expect(document).toContain('data-pagefind-index-attrs="value"');
    expect(document).toContain(' drjart ');
    expect(document).not.toContain('<b>');
  });

  it('indexes every product at its page address, in one index when it fits', async () => {
    await indexCatalogue(root, [makeProducto({ idProducto: 7, nombre: 'Sérum Glow' }), makeProducto({ idProducto: 8, nombre: 'Tónico' })]);
    expect(pageCounts('pagefind')).toEqual([2]);
    expect(JSON.parse(readFileSync(join(root, 'pagefind', 'indices.json'), 'utf8'))).toEqual({ indices: [] });
  });

  it('splits a big catalogue into several indexes, listed for the search to merge', async () => {
    await indexCatalogue(
      root,
      [9, 7, 8].map((idProducto) => makeProducto({ idProducto, nombre: `Crema ${idProducto}` })),
      2,
    );
    expect(pageCounts('pagefind')).toEqual([2]);
    expect(pageCounts('pagefind/indice-1')).toEqual([1]);
    expect(JSON.parse(readFileSync(join(root, 'pagefind', 'indices.json'), 'utf8'))).toEqual({ indices: ['/pagefind/indice-1/'] });
  });

  it("indexes a list read as it goes (the snapshot file), holding an index's products at most", async () => {
    async function* asRead() {
      for (const idProducto of [1, 2, 3, 4, 5]) yield makeProducto({ idProducto, nombre: `Tónico ${idProducto}` });
    }
    await indexCatalogue(root, asRead(), 2);
    expect([pageCounts('pagefind'), pageCounts('pagefind/indice-1'), pageCounts('pagefind/indice-2')]).toEqual([[2], [2], [1]]);
    expect(JSON.parse(readFileSync(join(root, 'pagefind', 'indices.json'), 'utf8'))).toEqual({
      indices: ['/pagefind/indice-1/', '/pagefind/indice-2/'],
    });
  });

  it('writes an empty index for an empty catalogue', async () => {
    await indexCatalogue(root, []);
    expect(pageCounts('pagefind')).toEqual([]);
    expect(JSON.parse(readFileSync(join(root, 'pagefind', 'indices.json'), 'utf8'))).toEqual({ indices: [] });
  });
});
