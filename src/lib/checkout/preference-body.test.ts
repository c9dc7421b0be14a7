import { describe, expect, it } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { preferenciaSchema } from '../api/checkout-schemas.ts';
import { lineFromProducto } from '../cart/lines.ts';
import { buildCheckoutPayload } from '../cart/checkout-payload.ts';
import type { ShippingForm } from '../cart/shipping-form.ts';
import type { AppliedCoupon } from '../pricing/coupons.ts';
import { ENVIO_PROVINCIA, PUNTOS_RECOJO } from '../shipping/methods.ts';
import { preferenceBody, type Comprador } from './preference-body.ts';

const tonico = {
  ...lineFromProducto(makeProducto({ idProducto: 1, nombre: 'Tónico', precio: 50, colores: 'Rosa,Azul' }), { color: 'Rosa' }),
  cantidad: 2,
};
const crema = lineFromProducto(makeProducto({ idProducto: 2, nombre: 'Crema', precio: 80, descuento: 25 }));
const shipping: ShippingForm = {
  departamento: 'Cusco',
  provincia: 'Cusco',
  distrito: 'Wanchaq',
  direccion: 'Av. Sol 123',
  referencia: 'Frente al banco',
  tarifa: 15,
};
const coupon: AppliedCoupon = { kind: 'user', codigo: 'BIENVENIDA-ANA', porcentaje: 10, lineas: ['1|Rosa|'], notas: [] };
const ana: Comprador = {
  nombre: 'Ana',
  apellido: 'Quispe',
  correo: 'ana@example.pe',
  telefono: '987654321',
  ciudad: '',
  direccion: 'Jr. Lima 1',
  dni: '',
  pasaporte: '',
  carnetExtranjeria: 'X12345',
};

describe('preferenceBody', () => {
  it('sends province delivery with its destination, the coupon inside the charged prices and the claimed figures', () => {
    const payload = buildCheckoutPayload({ lines: [tonico, crema], user: null, metodo: ENVIO_PROVINCIA, shipping, applied: coupon });
    const body = preferenceBody(payload, 7, ana);
    expect(body.cart).toEqual([
      {
        id: 1,
        nombre: 'Tónico',
        precio: 45,
        cantidad: 2,
        selectedColor: 'Rosa',
        img: tonico.img,
        precio_unitario: 50,
        precio_con_descuento: 45,
      },
      { id: 2, nombre: 'Crema', precio: 60, cantidad: 1, img: crema.img, precio_unitario: 80, precio_con_descuento: 60 },
    ]);
    expect(body).toMatchObject({
      Recojo: false,
      descuento: 10,
      codigo_descuento: 'BIENVENIDA-ANA',
      porcentaje_descuento: 10,
      total: 165,
      destino: payload.destino,
    });
    expect(body.metadata).toEqual({
      id_usuario: 7,
      recojo: false,
      direccion_completa: 'Av. Sol 123, Wanchaq, Cusco, Cusco',
      metodo_envio: ENVIO_PROVINCIA,
      costo_envio: 15,
      nombre: 'Ana',
      apellido: 'Quispe',
      correo: 'ana@example.pe',
      telefono: '987654321',
      ciudad: 'Cusco',
      direccion: 'Jr. Lima 1',
      documento_tipo: 'CARNET_EXTRANJERIA',
      documento_numero: 'X12345',
      codigo_descuento: 'BIENVENIDA-ANA',
      porcentaje_descuento: 10,
      descuento_aplicado: true,
    });
    // The server validates the body with the contract's schema.
    expect(preferenciaSchema.safeParse(body).success).toBe(true);
  });

  it('sends pickup with no destination, no coupon and no document when the profile is unknown', () => {
    const payload = buildCheckoutPayload({ lines: [crema], user: null, metodo: PUNTOS_RECOJO[2]!.metodo, shipping: null, applied: null });
    const body = preferenceBody(payload, 3, {});
    expect(body).toMatchObject({ Recojo: true, destino: null, descuento: 0, codigo_descuento: null, porcentaje_descuento: 0, total: 60 });
    expect(body.metadata).toEqual({
      id_usuario: 3,
      recojo: true,
      direccion_completa: PUNTOS_RECOJO[2]!.direccion,
      metodo_envio: PUNTOS_RECOJO[2]!.metodo,
      costo_envio: 0,
      codigo_descuento: null,
      porcentaje_descuento: 0,
      descuento_aplicado: false,
    });
    expect(preferenciaSchema.safeParse(body).success).toBe(true);
  });

  it('names each document type as the payment metadata spells it', () => {
    const payload = buildCheckoutPayload({ lines: [crema], user: null, metodo: PUNTOS_RECOJO[0]!.metodo, shipping: null, applied: null });
    expect(preferenceBody(payload, 1, { dni: '12345678' }).metadata).toMatchObject({ documento_tipo: 'DNI', documento_numero: '12345678' });
    expect(preferenceBody(payload, 1, { pasaporte: 'AB1234' }).metadata).toMatchObject({
      documento_tipo: 'PASAPORTE',
      documento_numero: 'AB1234',
    });
  });

  it('keeps the routine fields of routine lines', () => {
    const rutina = { ...crema, esProductoRutina: true, rutinaNivel: 'intermedio', rutinaId: 'r-1' };
    const payload = buildCheckoutPayload({ lines: [rutina], user: null, metodo: PUNTOS_RECOJO[0]!.metodo, shipping: null, applied: null });
    expect(preferenceBody(payload, 1, {}).cart[0]).toMatchObject({ esProductoRutina: true, rutinaNivel: 'intermedio', rutinaId: 'r-1' });
  });
});
