import { describe, expect, it, vi } from 'vitest';
import { pagefindResults } from '../../../tests/fixtures/pagefind.ts';
import { hitsOf, pagefindSearch } from './pagefind.ts';

describe('Pagefind hits', () => {
  it('count every result but fetch only the fragments of the range asked for', async () => {
    const { results, fetched } = pagefindResults(Array.from({ length: 200 }, (_, index) => 200 - index));
    const hits = hitsOf(results);
    expect(hits.total).toBe(200);
    expect(await hits.ids(20, 40)).toEqual(Array.from({ length: 20 }, (_, index) => 180 - index));
    expect(fetched).toHaveLength(20);
  });

  it('leave out results that are not product pages', async () => {
    const hits = hitsOf([
      { data: async () => ({ url: '/marcas/COSRX/' }) },
      { data: async () => ({ url: 'https://tienda.pe/producto/7-crema/' }) },
    ]);
    expect(await hits.ids(0, 20)).toEqual([7]);
  });

  it('fetch a range asked twice once, and a range that failed again when asked next', async () => {
    const { results, fetched } = pagefindResults([5, 4, 3]);
    const hits = hitsOf(results);
    expect(hits.ids(0, 2)).toBe(hits.ids(0, 2));
    expect(await hits.ids(0, 2)).toEqual([5, 4]);
    expect(fetched).toEqual([5, 4]);

    let fail = true;
    const flaky = hitsOf([{ data: async () => (fail ? Promise.reject(new Error('sin red')) : { url: '/producto/9-crema/' }) }]);
    await expect(flaky.ids(0, 1)).rejects.toThrow('sin red');
    fail = false;
    expect(await flaky.ids(0, 1)).toEqual([9]);
  });
});

describe('pagefindSearch', () => {
  it('answers the same query asked again (the page’s script, then its island) with the same search', () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const first = pagefindSearch('crema');
    expect(pagefindSearch('crema')).toBe(first);
    expect(pagefindSearch('sérum')).not.toBe(first);
  });
});
