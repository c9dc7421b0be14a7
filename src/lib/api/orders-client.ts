import { apiGet } from './client.ts';
import { arrayOf, type Guard } from './guards.ts';
import type { PedidoResumen } from './orders-schemas.ts';

/** The customer's orders calls (checkout §7); the detail is `fetchOrderDetail` in checkout-client.ts. */

const isPedidoResumen: Guard<PedidoResumen> = (data): data is PedidoResumen =>
  typeof data === 'object' && data !== null && typeof (data as PedidoResumen).idVenta === 'number' && typeof (data as PedidoResumen).estado === 'string';

/** The customer's orders, newest first (GET /web/ListPedidos/{userId}); throws ApiError on a refusal. */
export const fetchPedidos = (userId: number, token: string): Promise<PedidoResumen[]> => apiGet(`/web/ListPedidos/${userId}`, arrayOf(isPedidoResumen), { token });

