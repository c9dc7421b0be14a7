import { describe, expect, it } from 'vitest';
import { makeProducto as p } from '../../../tests/fixtures/producto.ts';
import { inIdOrder, recordAnswer, withLive } from './live-products.ts';

describe('live products', () => {
  it('puts products in the order of the ids, leaving out ids without a product', () => {
    expect(inIdOrder([3, 9, 1], [p({ idProducto: 1 }), p({ idProducto: 3 })]).map((x) => x.idProducto)).toEqual([3, 1]);
  });

  it("replaces a listing's products by their live answers and drops those the API no longer has", () => {
    const listing = [p({ idProducto: 1, precio: 10 }), p({ idProducto: 2 }), p({ idProducto: 3, precio: 30 })];
    const answers = recordAnswer(new Map(), [1, 2], [p({ idProducto: 1, precio: 12 })]);
    expect(withLive(listing, answers).map((x) => [x.idProducto, x.precio])).toEqual([
      [1, 12],
      [3, 30],
    ]);
    const again = recordAnswer(answers, [2], [p({ idProducto: 2, precio: 20 })]);
    expect(withLive(listing, again).map((x) => x.idProducto)).toEqual([1, 2, 3]);
  });
});
