import { fieldsOf, listOf } from './checks.ts';
import type { PedidoResumen } from './orders-schemas.ts';
import { request } from './request.ts';
import { api, param } from './routes.ts';

/** The customer's orders calls (checkout §7); the detail is `fetchOrderDetail` in checkout-client.ts. */

const isPedidoResumen = fieldsOf<PedidoResumen>({ idVenta: 'number', estado: 'string' });

/** The customer's orders, newest first (GET /web/ListPedidos/{userId}); throws ApiError on a refusal. */
export const fetchPedidos = (userId: number, token: string): Promise<PedidoResumen[]> =>
  request(api.web.ListPedidos[':userId'].$path({ param: { userId: param(userId) } }), { check: listOf(isPedidoResumen), token });
