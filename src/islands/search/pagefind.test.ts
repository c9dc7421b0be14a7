import { describe, expect, it } from 'vitest';
import { pagefindResults } from '../../../tests/fixtures/pagefind.ts';
import { hitsOf } from './pagefind.ts';

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
});
