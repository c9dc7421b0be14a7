import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productosFromSeeds } from '../../../tests/fixtures/producto.ts';
import { buildDemoProducts } from '../../demo/catalogue.ts';
import { seededRandom } from '../../demo/random.ts';
import { indexCatalogue } from '../../site-builder/search-index.ts';
import type { Producto } from '../api/schemas.ts';
import { productIdFromPath } from './routes.ts';
import { searchProducts } from './search.ts';
import { searchTerms } from './search-terms.ts';

describe('searchTerms', () => {
  it('lists every suffix of the compacted name and brand, once', () => {
    expect(searchTerms({ nombre: 'Sérum B5', marca: 'Dr. Jart+' }).split(' ')).toEqual([
      'serumb5',
      'erumb5',
      'rumb5',
      'umb5',
      'mb5',
      'b5',
      '5',
      'drjart',
      'rjart',
      'jart',
      'art',
      'rt',
      't',
    ]);
  });
});

/** The demo catalogue as the API answers it (ids in seed order). */
const catalogue: Producto[] = productosFromSeeds(buildDemoProducts(new Date('2026-01-01T00:00:00Z')));

/** Pagefind's own search script, as the browser runs it, over an index written by the build's indexCatalogue. */
interface PagefindSearch {
  search: (query: string) => Promise<{ results: { data: () => Promise<{ url: string }> }[] }>;
}

describe('Pagefind over the demo catalogue', () => {
  let root: string;
  let pagefind: PagefindSearch;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'kbeauty-pagefind-'));
    await indexCatalogue(root, catalogue);
    // pagefind.js loads its index with fetch, relative to the base path: read it from the folder.
    vi.stubGlobal(
      'fetch',
      async (input: string) => new Response(await readFile(join(root, 'pagefind', new URL(input).pathname.replace(/^\/pagefind\//, '')))),
    );
    pagefind = (await import(/* @vite-ignore */ pathToFileURL(join(root, 'pagefind', 'pagefind.js')).href)) as PagefindSearch & {
      options: (o: object) => Promise<void>;
    };
    await (pagefind as PagefindSearch & { options: (o: object) => Promise<void> }).options({ basePath: 'http://tienda.test/pagefind/' });
  }, 120_000);

  afterAll(() => {
    vi.unstubAllGlobals();
    rmSync(root, { recursive: true, force: true });
  });

  /** The product ids Pagefind finds for a query, every result. */
  const found = async (query: string) => {
    const search = await pagefind.search(query);
    const pages = await Promise.all(search.results.map((result) => result.data()));
    return new Set(pages.map((page) => productIdFromPath(page.url)));
  };

  /** The queries the spec's contains-match answers, and a sample of pieces of names and brands. */
  const random = seededRandom(15);
  const pieces = catalogue.flatMap((producto) => {
    const start = Math.floor(random() * (producto.nombre.length - 3));
    return [producto.nombre.slice(start, start + 3 + Math.floor(random() * 12))];
  });
  const queries = [
    // one word, partial words (start and middle of a word), accents either way, brands, two words
    'serum',
    'crema',
    'tónico',
    'hidrat',
    'erum',
    'ampol',
    'sérum',
    'SERUM',
    'tonico',
    'protección',
    'proteccion',
    'cosrx',
    'COSRX',
    'Beauty of Joseon',
    'Dr. Jart+',
    'drjart',
    'Rom&nd',
    "I'm From",
    'Ma:nyo',
    'Mise en Scène',
    "d'Alba",
    'snail mucin',
    'cosrx snail',
    'agua micelar',
    'aceite limpiador',
    'cica',
    ...catalogue.map((producto) => producto.marca),
    ...pieces,
  ];

  it('finds every product the contains-match finds (name or brand), for one word, partial words, accents, brands and two words', async () => {
    const misses: string[] = [];
    let checked = 0;
    for (const query of new Set(queries)) {
      const expected = searchProducts(catalogue, query);
      if (expected.length === 0) continue;
      checked += 1;
      const ids = await found(query);
      const missing = expected.filter((producto) => !ids.has(producto.idProducto));
      if (missing.length > 0) misses.push(`${query}: ${missing.map((producto) => producto.nombre).join(', ')}`);
    }
    expect(misses).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });

  it('also finds products by their description, which the contains-match does not read', async () => {
    const word = catalogue
      .flatMap((p) => p.descripcion.toLowerCase().match(/[a-záéíóúñ]{9,}/g) ?? [])
      .find((candidate) => searchProducts(catalogue, candidate).length === 0)!;
    const described = catalogue.filter((p) => p.descripcion.toLowerCase().includes(word));
    expect([...(await found(word))]).toEqual(expect.arrayContaining(described.map((p) => p.idProducto)));
  });
});
