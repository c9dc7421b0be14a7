import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, sentCalls, stubFetch } from '../../../tests/fixtures/fetch.ts';
import type { CotizacionServidor, PreferenciaBody } from './checkout-schemas.ts';
import {
  createPreference,
  fetchOrderDetail,
  fetchPreferenciaPrueba,
  payPreferenciaPrueba,
  payWithYape,
  PricesChangedError,
  quoteCart,
  yapeAvailability,
  YapeRejectedError,
} from './checkout-client.ts';
import { ApiError, serverMessage } from './request.ts';
import { RECHAZO_YAPE_GENERICO, RECHAZOS_YAPE } from './yape-rules.ts';

const body = {
  cart: [{ id: 1, precio: 10, cantidad: 1 }],
  Recojo: true,
  metadata: { id_usuario: 5, metodo_envio: 'Recojo en Miraflores', costo_envio: 0 },
} satisfies PreferenciaBody;
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
    await expect(payPreferenciaPrueba('p/1', 'approved')).resolves.toEqual({ redirect: '/success?status=approved' });
    expect(calls[0]).toMatchObject({ url: '/carrito/prueba/p%2F1/pagar', init: { method: 'POST', body: '{"resultado":"approved"}' } });
    await expect(fetchOrderDetail(3, 'tok')).resolves.toEqual({ idVenta: 3, pagado: true });
    expect(calls[1]!.url).toBe('/api/detalle-pedido/3');
    stubFetch(json({ mensaje: 'No puedes ver este pedido.' }, 403));
    await expect(fetchOrderDetail(4, 'tok')).rejects.toBeInstanceOf(ApiError);
  });

  it('accepts an order detail with its comprobantes (the optional `comprobantes`)', async () => {
    const comprobantes = [
      {
        tipo: '03',
        nombre: 'Boleta de venta electrónica',
        numero: 'B001-00000042',
        estado: 'aceptado',
        url: 'https://tienda.example.pe/api/comprobantes/abc',
        pdf: null,
        prueba: true,
      },
    ];
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
    await fetchPreferenciaPrueba('p/1');
    await payPreferenciaPrueba('p/1', 'rejected');
    await fetchOrderDetail(3, 'tok');
    expect(sentCalls(calls)).toEqual([
      { method: 'POST', url: '/carrito/cotizar/5', body, authorization: 'Bearer tok' },
      { method: 'POST', url: '/carrito/create-preference/5', body, authorization: 'Bearer tok', idempotencyKey: 'key-1' },
      { method: 'GET', url: '/carrito/prueba/p%2F1' },
      { method: 'POST', url: '/carrito/prueba/p%2F1/pagar', body: { resultado: 'rejected' } },
      { method: 'GET', url: '/api/detalle-pedido/3', authorization: 'Bearer tok' },
    ]);
  });

  it('asks whether the shop takes Yape (public: no token) and refuses an answer of another shape', async () => {
    const calls = stubFetch(
      json({ disponible: true, maximo: 2000, prueba: true }),
      json({ disponible: 'sí', maximo: 2000, prueba: false }),
    );
    await expect(yapeAvailability()).resolves.toEqual({ disponible: true, maximo: 2000, prueba: true });
    expect(sentCalls(calls)[0]).toEqual({
      method: 'GET',
      url: '/carrito/yape',
      body: undefined,
      authorization: undefined,
      idempotencyKey: undefined,
    });
    await expect(yapeAvailability()).rejects.toMatchObject({ status: 502 });
  });

  it('pays with Yape: the body with its yape fields, the token and the order key; a lost request is sent again as it was', async () => {
    const aprobado = {
      estado: 'approved',
      idVenta: 8,
      payment_id: '991',
      redirect: '/success?status=approved&payment_id=991&external_reference=8',
    };
    const yapeBody = { ...body, yape: { celular: '111111111', codigo: '123456', intento: 'intento-1' } };
    const calls = stubFetch(new TypeError('Failed to fetch'), json(aprobado));
    await expect(payWithYape(5, 'tok', yapeBody, 'orden-1')).resolves.toEqual(aprobado);
    expect(sentCalls(calls)).toEqual([
      { method: 'POST', url: '/carrito/yape/5', body: yapeBody, authorization: 'Bearer tok', idempotencyKey: 'orden-1' },
      { method: 'POST', url: '/carrito/yape/5', body: yapeBody, authorization: 'Bearer tok', idempotencyKey: 'orden-1' },
    ]);
    // Under Mercado Pago's review: paid later, the browser goes to /pending.
    const pendiente = { ...aprobado, estado: 'pending', redirect: '/pending?status=pending&payment_id=991&external_reference=8' };
    stubFetch(json(pendiente), json({ ...aprobado, estado: 'rejected' }));
    await expect(payWithYape(5, 'tok', yapeBody, 'orden-1')).resolves.toEqual(pendiente);
    await expect(payWithYape(5, 'tok', yapeBody, 'orden-1')).rejects.toMatchObject({ status: 502 });
  });

  it('tells a Yape rejection (402, the order stays payable) from a price change and other errors', async () => {
    const yapeBody = { ...body, yape: { celular: '111111112', codigo: '123456', intento: 'intento-2' } };
    const rechazo = { mensaje: RECHAZOS_YAPE.cc_rejected_call_for_authorize!, status_detail: 'cc_rejected_call_for_authorize', idVenta: 8 };
    stubFetch(json(rechazo, 402));
    const rejected = await payWithYape(5, 'tok', yapeBody, 'k').catch((error: unknown) => error);
    expect(rejected).toBeInstanceOf(YapeRejectedError);
    expect((rejected as YapeRejectedError).rechazo).toEqual(rechazo);
    expect(serverMessage(rejected)).toBe(RECHAZOS_YAPE.cc_rejected_call_for_authorize);

    // Without words of its own, the rejection says the ones for its status_detail.
    stubFetch(json({ status_detail: 'cc_rejected_max_attempts', idVenta: 8 }, 402), json({ status_detail: 'otro', idVenta: 8 }, 402));
    await expect(payWithYape(5, 'tok', yapeBody, 'k')).rejects.toMatchObject({
      status: 402,
      message: RECHAZOS_YAPE.cc_rejected_max_attempts,
    });
    await expect(payWithYape(5, 'tok', yapeBody, 'k')).rejects.toMatchObject({ status: 402, message: RECHAZO_YAPE_GENERICO });

    stubFetch(
      json({ mensaje: 'Los precios cambiaron.', cotizacion }, 409),
      json({ mensaje: 'El celular debe tener 9 dígitos y empezar con 9.' }, 400),
    );
    await expect(payWithYape(5, 'tok', yapeBody, 'k')).rejects.toBeInstanceOf(PricesChangedError);
    const refused = await payWithYape(5, 'tok', yapeBody, 'k').catch((error: unknown) => error);
    expect(refused).not.toBeInstanceOf(YapeRejectedError);
    expect(refused).toMatchObject({ status: 400, mensaje: 'El celular debe tener 9 dígitos y empezar con 9.' });
  });
});
