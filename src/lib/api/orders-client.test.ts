import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, sentCalls, stubFetch } from '../../../tests/fixtures/fetch.ts';
import { fetchPedidos } from './orders-client.ts';
import { ApiError } from './request.ts';

afterEach(() => vi.unstubAllGlobals());

describe('orders client', () => {
  it("asks for the token's own orders at GET /web/ListPedidos/{userId} and checks each one", async () => {
    const pedidos = [{ idVenta: 7, estado: 'PAGADO' }];
    const calls = stubFetch(json(pedidos), json([{ idVenta: 'siete' }]), json({ mensaje: 'No puedes ver estos pedidos.' }, 403));
    await expect(fetchPedidos(5, 'tok')).resolves.toEqual(pedidos);
    expect(sentCalls(calls)).toEqual([{ method: 'GET', url: '/web/ListPedidos/5', authorization: 'Bearer tok' }]);
    await expect(fetchPedidos(5, 'tok')).rejects.toEqual(new ApiError(502));
    await expect(fetchPedidos(6, 'tok')).rejects.toEqual(new ApiError(403, 'No puedes ver estos pedidos.'));
  });
});
