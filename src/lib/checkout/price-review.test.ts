import { describe, expect, it } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import type { CotizacionServidor } from '../api/checkout-schemas.ts';
import { lineFromProducto } from '../cart/lines.ts';
import { buildCheckoutPayload } from '../cart/checkout-payload.ts';
import type { AppliedCoupon } from '../pricing/coupons.ts';
import { ENVIO_PROVINCIA } from '../shipping/methods.ts';
import { cartWithQuote, payloadWithQuote, priceChangeText, quoteDiffers, reviewQuote } from './price-review.ts';

const tonico = { ...lineFromProducto(makeProducto({ idProducto: 1, nombre: 'Tónico', precio: 50 })), cantidad: 2 };
const crema = lineFromProducto(makeProducto({ idProducto: 2, nombre: 'Crema', precio: 80, descuento: 25 }));
const shipping = { departamento: 'Lima', provincia: 'Lima', distrito: 'Surco', direccion: 'Calle 1', referencia: 'Casa azul', tarifa: 10 };
const coupon: AppliedCoupon = { kind: 'user', codigo: 'BIENVENIDA-ANA', porcentaje: 10, lineas: ['1||'], notas: [] };
const payload = buildCheckoutPayload({ lines: [tonico, crema], user: null, metodo: ENVIO_PROVINCIA, shipping, applied: coupon });

/** The server's quote of the same order; `tonicoPrecio` is the product's price now. */
function quote(tonicoPrecio = 50): CotizacionServidor {
  const cobrado = Math.round(tonicoPrecio * 90) / 100;
  const subtotal = tonicoPrecio * 2 + 60;
  const descuento = Math.round((tonicoPrecio - cobrado) * 2 * 100) / 100;
  return {
    productos: [
      {
        id: 1,
        nombre: 'Tónico',
        img: '',
        selectedColor: '',
        selectedSize: '',
        cantidad: 2,
        precio_unitario: tonicoPrecio,
        precio_con_descuento: tonicoPrecio,
        precio: cobrado,
        stock: 10,
      },
      {
        id: 2,
        nombre: 'Crema',
        img: '',
        selectedColor: '',
        selectedSize: '',
        cantidad: 1,
        precio_unitario: 80,
        precio_con_descuento: 60,
        precio: 60,
        stock: 10,
      },
    ],
    subtotal,
    descuento,
    envio: 10,
    total: subtotal - descuento + 10,
    envioGratis: false,
    cupon: { codigo: 'BIENVENIDA-ANA', porcentaje: 10, tipo: 'usuario' },
    metodo_envio: ENVIO_PROVINCIA,
    direccion: 'Calle 1, Surco, Lima, Lima',
  };
}

describe('quoteDiffers', () => {
  it('is false when the server priced what the shopper saw', () => {
    expect(payload.resumen).toEqual({ subtotal: 160, descuento: 10, envio: 10, total: 160 });
    expect(quoteDiffers(payload, quote())).toBe(false);
  });
  it('is true when a line, the discount, the shipping or the total changed', () => {
    expect(quoteDiffers(payload, quote(55))).toBe(true);
    expect(quoteDiffers(payload, { ...quote(), envio: 0, total: 150 })).toBe(true);
    expect(quoteDiffers(payload, { ...quote(), descuento: 0 })).toBe(true);
    expect(quoteDiffers(payload, { ...quote(), total: 161 })).toBe(true);
    expect(quoteDiffers(payload, { ...quote(), productos: quote().productos.slice(0, 1) })).toBe(true);
  });
});

describe('payloadWithQuote', () => {
  it('takes the server figures, lines built as the cart builds them', () => {
    const updated = payloadWithQuote(payload, quote(55));
    expect(updated.productos[0]).toMatchObject({ precio: 49.5, precio_unitario: 55, precio_con_descuento: 49.5, precioOriginal: 55 });
    expect(updated.productos[1]).toMatchObject({ precio: 60, precio_unitario: 80, precio_con_descuento: 60, precioOriginal: 80 });
    expect(updated.resumen).toEqual({ subtotal: 170, descuento: 11, envio: 10, total: 169 });
    expect(updated.CostoEnvio).toBe(10);
    expect(quoteDiffers(updated, quote(55))).toBe(false);
    // Unchanged prices leave the payload as the cart built it.
    expect(payloadWithQuote(payload, quote())).toEqual(payload);
  });
});

describe('cartWithQuote', () => {
  it('gives the cart product prices, never coupon prices, and leaves other lines alone', () => {
    const other = lineFromProducto(makeProducto({ idProducto: 9, precio: 20 }));
    const [t, c, o] = cartWithQuote([tonico, crema, other], payload, quote(55));
    expect(t).toMatchObject({ precio: 55, precio_unitario: 55, precio_con_descuento: 55, precioOriginal: undefined, cantidad: 2 });
    expect(c).toMatchObject({ precio: 60, precio_unitario: 80, precio_con_descuento: 60, precioOriginal: 80 });
    expect(o).toBe(other);
  });
});

describe('priceChangeText', () => {
  it('lists what changed and asks for a review', () => {
    expect(priceChangeText(payload, quote(55))).toBe(
      '• Tónico: antes S/ 45.00, ahora S/ 49.50\n• Descuento: antes S/ 10.00, ahora S/ 11.00\n• Total: antes S/ 160.00, ahora S/ 169.00\n\nRevisa tu pedido y vuelve a presionar pagar.',
    );
  });
});

describe('reviewQuote', () => {
  it('answers the payload alone when the server priced what the shopper saw', () => {
    expect(reviewQuote(payload, quote(), [tonico, crema])).toEqual({ payload, cambio: null });
  });
  it('answers the updated payload, the cart with the server prices and the alert text when prices changed', () => {
    const other = lineFromProducto(makeProducto({ idProducto: 9, precio: 20 }));
    expect(reviewQuote(payload, quote(55), [tonico, crema, other])).toEqual({
      payload: payloadWithQuote(payload, quote(55)),
      cambio: { cart: cartWithQuote([tonico, crema, other], payload, quote(55)), texto: priceChangeText(payload, quote(55)) },
    });
    expect(reviewQuote(payload, quote(55), [tonico]).cambio?.cart[0]).toMatchObject({ precio: 55, precio_unitario: 55 });
  });
});
