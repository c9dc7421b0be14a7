import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, sentCalls, stubFetch } from '../../../tests/fixtures/fetch.ts';
import type { CotizacionServidor, PreferenciaBody } from './checkout-schemas.ts';
import { createPreference, fetchOrderDetail, fetchTestPreference, payTestPreference, PricesChangedError, quoteCart } from './checkout-client.ts';
import { ApiError, serverMessage } from './request.ts';

const body = { cart: [{ id: 1, precio: 10, cantidad: 1 }], Recojo: true, metadata: { id_usuario: 5, metodo_envio: 'Recojo en Miraflores', costo_envio: 0 } } satisfies PreferenciaBody;
const cotizacion = { productos: [], subtotal: 11, descuento: 0, envio: 0, total: 11 } as unknown as CotizacionServidor;


afterEach(() => vi.unstubAllGlobals());

describe('checkout client', () => {
  it('prices the cart with the bearer token', async () => {
    const calls = stubFetch(json(cotizacion));
    await expect(quoteCart(5, 'tok', body)).resolves.toEqual(cotizacion);
    expect(calls[0]!.url).toBe('/carrito/cotizar/5');
    expect(calls[0]!.init).toMatchObject({ method: 'POST', body: JSON.stringify(body) });
    expect(calls[0]!.init.headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
  });

  it('sends the idempotency key, and the same key again when the network lost the request', async () => {
    const created = { id: 'pref-1', init_point: '/pago-de-prueba?preference_id=pref-1', idVenta: 3 };
    const calls = stubFetch(new TypeError('Failed to fetch'), json(created));
    await expect(createPreference(5, 'tok', body, 'key-1')).resolves.toEqual(created);
    expect(calls).toHaveLength(2);
    expect(calls.map((call) => (call.init.headers as Record<string, string>)['Idempotency-Key'])).toEqual(['key-1', 'key-1']);
    expect(calls[0]!.url).toBe('/carrito/create-preference/5');
  });

  it("tells a price change (409 with the server's quote) from other errors, which carry the mensaje", async () => {
    stubFetch(json({ mensaje: 'Los precios cambiaron.', cotizacion }, 409));
    const changed = await createPreference(5, 'tok', body, 'k').catch((error: unknown) => error);
    expect(changed).toBeInstanceOf(PricesChangedError);
    expect((changed as PricesChangedError).cotizacion).toEqual(cotizacion);

    const calls = stubFetch(json({ mensaje: 'Solo quedan 1 unidad(es) de Tónico.' }, 409));
    const stock = await createPreference(5, 'tok', body, 'k').catch((error: unknown) => error);
    expect(stock).not.toBeInstanceOf(PricesChangedError);
    expect(stock).toMatchObject({ status: 409, message: 'Solo quedan 1 unidad(es) de Tónico.' });
    // A server answer is never retried: only a lost request is.
    expect(calls).toHaveLength(1);

    stubFetch(new Response('<html>', { status: 503 }));
    const unavailable = await quoteCart(5, 'tok', body).catch((error: unknown) => error);
    expect(unavailable).toMatchObject({ status: 503 });
    expect(serverMessage(unavailable)).toBeUndefined();
    expect(serverMessage(stock)).toBe('Solo quedan 1 unidad(es) de Tónico.');
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('pays a test preference and reads an order detail', async () => {
    const calls = stubFetch(json({ redirect: '/success?status=approved' }), json({ mensaje: { idVenta: 3, pagado: true } }));
    await expect(payTestPreference('p/1', 'approved')).resolves.toEqual({ redirect: '/success?status=approved' });
    expect(calls[0]).toMatchObject({ url: '/carrito/prueba/p%2F1/pagar', init: { method: 'POST', body: '{"resultado":"approved"}' } });
    await expect(fetchOrderDetail(3, 'tok')).resolves.toEqual({ idVenta: 3, pagado: true });
    expect(calls[1]!.url).toBe('/api/detalle-pedido/3');
    stubFetch(json({ mensaje: 'No puedes ver este pedido.' }, 403));
    await expect(fetchOrderDetail(4, 'tok')).rejects.toBeInstanceOf(ApiError);
  });

  it("accepts an order detail with its receipts (the optional `comprobantes`)", async () => {
    const comprobantes = [{ tipo: '03', nombre: 'Boleta de venta electrónica', numero: 'B001-00000042', estado: 'aceptado', url: 'https://tienda.example.pe/api/comprobantes/abc', pdf: null, prueba: true }];
    stubFetch(json({ mensaje: { idVenta: 3, pagado: true, comprobantes } }));
    await expect(fetchOrderDetail(3, 'tok')).resolves.toEqual({ idVenta: 3, pagado: true, comprobantes });
  });

  it('sends each call to its route with its method, body, token and idempotency key', async () => {
    const prueba = { id: 'p/1', idVenta: 3, productos: [] };
    const calls = stubFetch(
      json(cotizacion),
      json({ id: 'pref-1', init_point: '/pago-de-prueba?preference_id=pref-1', idVenta: 3 }),
      json(prueba),
      json({ redirect: '/success?status=approved' }),
      json({ mensaje: { idVenta: 3 } }),
    );
    await quoteCart(5, 'tok', body);
    await createPreference(5, 'tok', body, 'key-1');
    await fetchTestPreference('p/1');
    await payTestPreference('p/1', 'rejected');
    await fetchOrderDetail(3, 'tok');
    expect(sentCalls(calls)).toEqual([
      { method: 'POST', url: '/carrito/cotizar/5', body, authorization: 'Bearer tok' },
      { method: 'POST', url: '/carrito/create-preference/5', body, authorization: 'Bearer tok', idempotencyKey: 'key-1' },
      { method: 'GET', url: '/carrito/prueba/p%2F1' },
      { method: 'POST', url: '/carrito/prueba/p%2F1/pagar', body: { resultado: 'rejected' } },
      { method: 'GET', url: '/api/detalle-pedido/3', authorization: 'Bearer tok' },
    ]);
  });
});
