import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProducto } from '../../tests/fixtures/producto.ts';
import { memoryStorage } from '../../tests/fixtures/storage.ts';
import { buildCheckoutPayload } from '../lib/cart/checkout-payload.ts';
import { lineFromProducto } from '../lib/cart/lines.ts';
import type { ShippingForm } from '../lib/cart/shipping-form.ts';
import { ENVIO_PROVINCIA, METODO_POR_DEFECTO } from '../lib/shipping/methods.ts';

const line = { ...lineFromProducto(makeProducto({ idProducto: 3, nombre: 'Sérum', precio: 60 })), cantidad: 2 };
const shipping: ShippingForm = {
  departamento: 'Cusco',
  provincia: 'Cusco',
  distrito: 'Wanchaq',
  direccion: 'Av. Sol 1',
  referencia: 'Junto al banco',
  tarifa: 15,
};
const payload = buildCheckoutPayload({ lines: [line], user: null, metodo: ENVIO_PROVINCIA, shipping, applied: null });
const recojo = { metodo: METODO_POR_DEFECTO, shipping: null };

/** The checkout store of a page (a fresh module instance) whose tab storage is `session`. */
async function pageWith(session: Storage) {
  vi.resetModules();
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('window', { addEventListener: () => {}, removeEventListener: () => {} });
  return import('./checkout.ts');
}

let session: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  session = memoryStorage();
});
afterEach(() => vi.unstubAllGlobals());

describe('checkout store', () => {
  it('survives a reload of the page: a new page reads back the coupon, the delivery choice and the payload', async () => {
    const before = await pageWith(session);
    before.setCoupon('KBEAUTY10');
    before.setDelivery({ metodo: ENVIO_PROVINCIA, shipping });
    before.saveCheckoutPayload(payload);

    const after = await pageWith(session);
    expect(after.storedCoupon()).toBe('KBEAUTY10');
    expect(after.$entrega.get()).toEqual({ metodo: ENVIO_PROVINCIA, shipping });
    expect(after.storedCheckoutPayload()).toEqual(JSON.parse(JSON.stringify(payload)));
  });

  it('starts empty, as the server renders, until the page loads it after mounting', async () => {
    (await pageWith(session)).setDelivery({ metodo: ENVIO_PROVINCIA, shipping });
    const after = await pageWith(session);
    expect(after.$entrega.get()).toEqual(recojo);
    after.loadCheckout();
    expect(after.$entrega.get()).toEqual({ metodo: ENVIO_PROVINCIA, shipping });
  });

  it('forgets a removed coupon across the reload', async () => {
    const before = await pageWith(session);
    before.setCoupon('KBEAUTY10');
    before.clearCoupon();
    expect(before.$cupon.get()).toBe('');
    expect((await pageWith(session)).storedCoupon()).toBe('');
  });

  it('clears the coupon, the delivery choice, the payload and the cart after a payment', async () => {
    const store = await pageWith(session);
    const { $cart, addToCart } = await import('./cart.ts');
    addToCart(line);
    store.setCoupon('KBEAUTY10');
    store.setDelivery({ metodo: ENVIO_PROVINCIA, shipping });
    store.saveCheckoutPayload(payload);

    store.clearCheckout();
    expect(session.length).toBe(0);
    expect([store.$cupon.get(), store.$entrega.get(), store.$checkoutPayload.get(), $cart.get()]).toEqual(['', recojo, null, []]);
    const after = await pageWith(session);
    expect([after.storedCoupon(), after.$entrega.get(), after.storedCheckoutPayload()]).toEqual(['', recojo, null]);
  });

  it('reads corrupt stored copies as empty', async () => {
    session.setItem('carrito-cupon', '{roto');
    session.setItem('carrito-envio', 'no es json');
    session.setItem('checkout', '{"productos": [');
    const store = await pageWith(session);
    expect(store.storedCoupon()).toBe('');
    expect(store.$entrega.get()).toEqual(recojo);
    expect(store.storedCheckoutPayload()).toBeNull();
  });
});
