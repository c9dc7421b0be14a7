import { describe, expect, it } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { lineFromProducto } from './lines.ts';
import type { AppliedCoupon } from '../pricing/coupons.ts';
import { ENVIO_PROVINCIA, PUNTOS_RECOJO } from '../shipping/methods.ts';
import type { StoredUser } from '../auth/claims.ts';
import { buildCheckoutPayload } from './checkout-payload.ts';
import type { ShippingForm } from './shipping-form.ts';
import { freeShippingProgress } from '../pricing/order.ts';
import { canCheckout, cartSummary } from './summary.ts';

const plain = { ...lineFromProducto(makeProducto({ idProducto: 1, nombre: 'Tónico', precio: 50 }), { color: 'Rosa' }), cantidad: 2 };
const onSale = lineFromProducto(makeProducto({ idProducto: 2, nombre: 'Crema', precio: 80, descuento: 25 }));
const user: StoredUser = { idUsuario: 9, user: 'ana', nombre: 'Ana', correo: 'ana@example.com', telefono: '987654321', direccion: '' };
const shipping: ShippingForm = {
  departamento: 'Lima',
  provincia: 'Lima',
  distrito: 'Miraflores',
  direccion: 'Av. Larco 123',
  referencia: 'Frente al parque',
  tarifa: 10,
};
const coupon: AppliedCoupon = { kind: 'user', codigo: 'BIENVENIDA-ANA', porcentaje: 10, lineas: ['1|Rosa|'], notas: [] };

describe('cart summary', () => {
  it('totals subtotal − coupon + shipping, free shipping counted after the coupon', () => {
    expect(cartSummary([plain, onSale], coupon, ENVIO_PROVINCIA, shipping)).toMatchObject({
      subtotal: 160,
      descuento: 10,
      envio: 10,
      total: 160,
      envioGratis: false,
      faltaParaEnvioGratis: 100,
    });
  });
  it('ships free above S/250 and leaves the tariff pending until the address is saved', () => {
    const big = { ...plain, cantidad: 6 };
    expect(cartSummary([big], null, ENVIO_PROVINCIA, shipping)).toMatchObject({
      subtotal: 300,
      envio: 0,
      total: 300,
      envioGratis: true,
      faltaParaEnvioGratis: 0,
    });
    expect(cartSummary([plain], null, ENVIO_PROVINCIA, null).envio).toBeNull();
    expect(cartSummary([plain], null, PUNTOS_RECOJO[1]!.metodo, null).envio).toBe(0);
    expect(cartSummary([{ ...plain, cantidad: 5 }], null, ENVIO_PROVINCIA, shipping)).toMatchObject({
      envio: 10,
      faltaParaEnvioGratis: 0.01,
    });
    expect(freeShippingProgress(12_500)).toBe(50);
    expect(freeShippingProgress(90_000)).toBe(100);
  });
  it('blocks the pay button while province delivery is incomplete', () => {
    expect(canCheckout([plain], PUNTOS_RECOJO[0]!.metodo, null)).toBe(true);
    expect(canCheckout([plain], ENVIO_PROVINCIA, null)).toBe(false);
    expect(canCheckout([plain], ENVIO_PROVINCIA, { ...shipping, referencia: '' })).toBe(false);
    expect(canCheckout([plain], ENVIO_PROVINCIA, shipping)).toBe(true);
    expect(canCheckout([], ENVIO_PROVINCIA, shipping)).toBe(false);
  });
});

describe('checkout payload', () => {
  it('carries pickup with its fixed address and no cost', () => {
    const payload = buildCheckoutPayload({ lines: [plain], user, metodo: 'Recojo CC. Plaza Norte', shipping, applied: null });
    expect(payload.envio).toMatchObject({ metodo: 'Recojo CC. Plaza Norte', direccion: PUNTOS_RECOJO[1]!.direccion, costo: 0 });
    expect(payload.envio.instrucciones).toContain(PUNTOS_RECOJO[1]!.instrucciones);
    expect(payload).toMatchObject({
      CostoEnvio: 0,
      Direccion: PUNTOS_RECOJO[1]!.direccion,
      discountCode: null,
      isUserDiscount: false,
      discountPercentage: 0,
      destino: null,
      userDetails: user,
    });
    expect(payload.productos[0]).toMatchObject({ precio: 50, precio_unitario: 50, precio_con_descuento: 50, cantidad: 2 });
  });
  it('carries province delivery with its address, tariff and the coupon inside the eligible prices', () => {
    const payload = buildCheckoutPayload({ lines: [plain, onSale], user: null, metodo: ENVIO_PROVINCIA, shipping, applied: coupon });
    expect(payload.envio).toEqual({
      metodo: ENVIO_PROVINCIA,
      direccion: 'Av. Larco 123, Miraflores, Lima, Lima',
      instrucciones: 'Referencia: Frente al parque',
      costo: 10,
    });
    expect(payload).toMatchObject({
      CostoEnvio: 10,
      Direccion: 'Av. Larco 123, Miraflores, Lima, Lima',
      discountCode: 'BIENVENIDA-ANA',
      isUserDiscount: true,
      discountPercentage: 10,
      userDetails: null,
    });
    expect(payload.destino).toEqual({
      departamento: 'Lima',
      provincia: 'Lima',
      distrito: 'Miraflores',
      direccion: 'Av. Larco 123',
      referencia: 'Frente al parque',
    });
    expect(payload.productos[0]).toMatchObject({ precio: 45, precioOriginal: 50, precio_unitario: 50, precio_con_descuento: 45 });
    expect(payload.productos[1]).toMatchObject({ precio: 60, precioOriginal: 80, precio_unitario: 80, precio_con_descuento: 60 });
    expect(payload.resumen).toEqual({ subtotal: 160, descuento: 10, envio: 10, total: 160 });
    const checkoutSubtotal = payload.productos.reduce((sum, line) => sum + line.precio * line.cantidad, 0);
    expect(checkoutSubtotal + payload.CostoEnvio).toBe(payload.resumen.total);
  });
  it('marks a shop coupon as not the user discount', () => {
    const payload = buildCheckoutPayload({
      lines: [plain],
      user,
      metodo: PUNTOS_RECOJO[0]!.metodo,
      shipping: null,
      applied: { ...coupon, kind: 'global', codigo: 'KBEAUTY10' },
    });
    expect(payload).toMatchObject({ discountCode: 'KBEAUTY10', isUserDiscount: false, discountPercentage: 10 });
  });
  it('refuses province delivery with incomplete data', () => {
    expect(() =>
      buildCheckoutPayload({ lines: [plain], user, metodo: ENVIO_PROVINCIA, shipping: { ...shipping, direccion: '' }, applied: null }),
    ).toThrow();
  });
});
