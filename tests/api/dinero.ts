import { and, eq, sql } from 'drizzle-orm';
import type { PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { pedidos, trabajos } from '../../src/server/db/schema/index.ts';
import { lineOf, newKey, payDePrueba, preferenceBody, runJobsUntilIdle, validBody, type TestShop } from './shop.ts';

/** Helpers of the refunds and returns tests (issue 36). */

let next = 0;

/** An order of `cart` (product, units) placed by a new customer, PENDIENTE. */
export async function pedidoDe(
  shop: TestShop,
  cart: [Producto, number][],
  options: { metodo?: string; cupon?: boolean } = {},
): Promise<{ idVenta: number; preferencia: PreferenciaCreada; customer: { id: number; token: string; usuario: string } }> {
  const customer = await shop.customer(`dinero${process.pid}x${++next}`);
  const codigo = options.cupon ? `BIENVENIDA-${customer.usuario.toUpperCase()}` : undefined;
  const body = await validBody(
    shop,
    customer,
    preferenceBody(
      customer.id,
      cart.map(([p, n]) => lineOf(p, n)),
      { metodo: options.metodo, codigo },
    ),
  );
  const res = await shop.call('POST', `/carrito/create-preference/${customer.id}`, {
    token: customer.token,
    body,
    headers: { 'Idempotency-Key': newKey() },
  });
  if (res.status !== 200) throw new Error(`create-preference respondió ${res.status}: ${await res.text()}`);
  const preferencia = (await res.json()) as PreferenciaCreada;
  return { idVenta: preferencia.idVenta, preferencia, customer };
}

/** A paid order (the prueba's page approving it), its background work done. */
export async function pedidoPagado(shop: TestShop, cart: [Producto, number][], options: { metodo?: string; cupon?: boolean } = {}) {
  const pedido = await pedidoDe(shop, cart, options);
  const pago = await payDePrueba(shop, pedido.preferencia.id, 'approved');
  if (pago.status !== 200) throw new Error(`El pago de prueba respondió ${pago.status}`);
  await runJobsUntilIdle(shop);
  return pedido;
}

/** The operator API with the shared token (today the owner, always fresh). */
export async function operador(shop: TestShop) {
  const token = (await shop.services.operatorToken())!;
  return (method: string, path: string, body?: unknown) =>
    shop.call(method, `/admin/api${path}`, { headers: { Authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { body }) });
}

/** Moves an order to ENTREGADO the way the shop does (delivery: EN TRANSITO with a courier first). */
export async function entregar(shop: TestShop, idVenta: number, recojo: boolean) {
  const admin = await operador(shop);
  const pasos = recojo ? [{ estado: 'LISTO PARA RECOGER' }] : [{ estado: 'EN TRANSITO', courier: 'Olva', guia: '123456789' }];
  for (const paso of [...pasos, { estado: 'ENTREGADO' }]) {
    const res = await admin('POST', `/pedidos/${idVenta}/estado`, paso);
    if (res.status !== 200) throw new Error(`No se pudo pasar a ${paso.estado}: ${await res.text()}`);
  }
  await runJobsUntilIdle(shop);
}

export const pedidoRow = async (shop: TestShop, id: number) =>
  (await shop.database.db.select().from(pedidos).where(eq(pedidos.id, id)))[0]!;

/** Makes the refund retry jobs due now (they wait a minute after the request's own attempt). */
export async function reembolsosVencidos(shop: TestShop) {
  await shop.database.db
    .update(trabajos)
    .set({ ejecutarEn: new Date(Date.now() - 1000) })
    .where(and(eq(trabajos.tipo, 'reembolso'), sql`${trabajos.terminado} IS NULL`));
}
