import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../tests/fixtures/fetch.ts';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { lineFromProducto } from '../../lib/cart/lines.ts';
import { $cart } from '../../stores/cart.ts';
import { refreshCart } from './refresh-cart.ts';

const showAlert = vi.hoisted(() => vi.fn(async () => true));
vi.mock('../../ui/alerts.ts', () => ({ showAlert }));

const tonico = makeProducto({ idProducto: 3, nombre: 'Tónico', precio: 50 });
const crema = makeProducto({ idProducto: 7, nombre: 'Crema', precio: 80 });

/** The product ids one recorded call asked for. */
const idsOf = (url: string) => new URL(url, 'http://tienda').searchParams.get('ids')!.split(',').map(Number);

afterEach(() => {
  vi.unstubAllGlobals();
  showAlert.mockClear();
  $cart.set([]);
});

describe('refreshCart', () => {
  it("asks only for its own lines' products, each once, and never for the whole catalogue", async () => {
    $cart.set([lineFromProducto(tonico, { color: 'Rosa' }), lineFromProducto(tonico, { color: 'Azul' }), lineFromProducto(crema)]);
    const calls = stubFetch(json([{ ...tonico, precio: 40 }, crema]));
    const { refresh } = await refreshCart();
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.url, 'http://tienda').pathname).toBe('/web/productos');
    expect(idsOf(calls[0]!.url).sort()).toEqual([3, 7]);
    expect(calls.some((call) => call.url.includes('/web/listprod'))).toBe(false);
    expect(refresh.precios).toEqual([
      { nombre: 'Tónico', antes: 50, ahora: 40 },
      { nombre: 'Tónico', antes: 50, ahora: 40 },
    ]);
    expect($cart.get().map((line) => line.precio)).toEqual([40, 40, 80]);
    expect(showAlert).toHaveBeenCalledOnce();
  });

  it('removes a line whose product the answer leaves out, as one gone from the catalogue', async () => {
    $cart.set([lineFromProducto(tonico), lineFromProducto(crema)]);
    stubFetch(json([crema]));
    const { refresh } = await refreshCart();
    expect(refresh.retirados).toEqual([{ nombre: 'Tónico', motivo: 'no-disponible' }]);
    expect($cart.get().map((line) => line.idProducto)).toEqual([7]);
  });

  it('asks nothing for an empty cart', async () => {
    const calls = stubFetch();
    await expect(refreshCart()).resolves.toMatchObject({ productos: [], refresh: { lines: [] } });
    expect(calls).toEqual([]);
  });
});
