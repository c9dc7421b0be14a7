import { describe, expect, it } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import type { AjustesPublicos } from '../api/tienda-schemas.ts';
import { freeShippingProgress, priceOrder } from '../pricing/order.ts';
import { ENVIO_PROVINCIA, PUNTOS_RECOJO } from '../shipping/methods.ts';
import { buildCheckoutPayload } from './checkout-payload.ts';
import { lineFromProducto } from './lines.ts';
import type { ShippingForm } from './shipping-form.ts';
import { cartSummary } from './summary.ts';

/** The shop's settings (issue 37) in the cart: the owner's threshold and pickup points, the code's when absent. */
const linea = { ...lineFromProducto(makeProducto({ idProducto: 1, nombre: 'Tónico', precio: 50 })), cantidad: 4 };
const envio: ShippingForm = {
  departamento: 'Arequipa',
  provincia: 'Arequipa',
  distrito: 'Cayma',
  direccion: 'Calle Los Arces 123',
  referencia: 'Frente al parque',
  tarifa: 12,
};
const ajustes: AjustesPublicos = {
  envioGratisDesde: 150,
  devolucionDias: 30,
  puntosRecojo: PUNTOS_RECOJO.map((punto) => ({ ...punto, direccion: `${punto.direccion} (nueva)` })),
};

describe('the shop’s settings in the cart', () => {
  it('ships free above the owner’s threshold, and charges the tariff under the code’s S/250 without it', () => {
    expect(cartSummary([linea], null, ENVIO_PROVINCIA, envio, 150)).toMatchObject({
      subtotal: 200,
      envio: 0,
      envioGratis: true,
      total: 200,
    });
    expect(cartSummary([linea], null, ENVIO_PROVINCIA, envio)).toMatchObject({ envio: 12, envioGratis: false, faltaParaEnvioGratis: 50 });
    expect(cartSummary([linea], null, ENVIO_PROVINCIA, envio, 300)).toMatchObject({ envio: 12, faltaParaEnvioGratis: 100 });
  });

  it('a threshold of 0 makes every order ship free and the bar full', () => {
    expect(priceOrder([linea], { metodo: ENVIO_PROVINCIA, tarifa: 12, envioGratisDesde: 0 })).toMatchObject({
      envio: 0,
      envioGratis: true,
    });
    expect(freeShippingProgress(100, 0)).toBe(100);
    expect(freeShippingProgress(7500, 15000)).toBe(50);
  });

  it('the checkout payload carries the owner’s pickup address and the threshold’s shipping', () => {
    const recojo = buildCheckoutPayload({
      lines: [linea],
      user: null,
      metodo: PUNTOS_RECOJO[1]!.metodo,
      shipping: null,
      applied: null,
      ajustes,
    });
    expect(recojo.envio.direccion).toBe(ajustes.puntosRecojo[1]!.direccion);
    const domicilio = buildCheckoutPayload({
      lines: [linea],
      user: null,
      metodo: ENVIO_PROVINCIA,
      shipping: envio,
      applied: null,
      ajustes,
    });
    expect(domicilio.CostoEnvio).toBe(0);
    const sinAjustes = buildCheckoutPayload({ lines: [linea], user: null, metodo: ENVIO_PROVINCIA, shipping: envio, applied: null });
    expect(sinAjustes.CostoEnvio).toBe(12);
  });
});
