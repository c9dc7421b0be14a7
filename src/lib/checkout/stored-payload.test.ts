import { describe, expect, it } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { lineFromProducto } from '../cart/lines.ts';
import { buildCheckoutPayload } from '../cart/checkout-payload.ts';
import { ENVIO_PROVINCIA, PUNTOS_RECOJO } from '../shipping/methods.ts';
import { readCheckoutPayload } from './stored-payload.ts';

const line = lineFromProducto(makeProducto({ idProducto: 4, nombre: 'Sérum', precio: 70 }));
const shipping = { departamento: 'Lima', provincia: 'Lima', distrito: 'Surco', direccion: 'Calle 1', referencia: 'Casa azul', tarifa: 10 };

describe('readCheckoutPayload', () => {
  it('reads back what the cart stored, pickup and province delivery alike', () => {
    for (const payload of [
      buildCheckoutPayload({ lines: [line], user: null, metodo: PUNTOS_RECOJO[0]!.metodo, shipping: null, applied: null }),
      buildCheckoutPayload({ lines: [line], user: null, metodo: ENVIO_PROVINCIA, shipping, applied: null }),
    ]) {
      expect(readCheckoutPayload(JSON.stringify(payload))).toEqual(JSON.parse(JSON.stringify(payload)));
    }
  });

  it('restores prices stored as text and drops unreadable lines', () => {
    const payload = buildCheckoutPayload({ lines: [line], user: null, metodo: PUNTOS_RECOJO[0]!.metodo, shipping: null, applied: null });
    const stored = JSON.parse(JSON.stringify(payload)) as { productos: Record<string, unknown>[] };
    stored.productos = [{ ...stored.productos[0], precio: '70' }, { nombre: 'sin id' }];
    expect(readCheckoutPayload(JSON.stringify(stored))?.productos).toEqual([{ ...line, precio: 70 }]);
  });

  it('answers null for nothing or garbage', () => {
    expect(readCheckoutPayload(null)).toBeNull();
    expect(readCheckoutPayload('')).toBeNull();
    expect(readCheckoutPayload('{no es json')).toBeNull();
    expect(readCheckoutPayload('[]')).toBeNull();
    expect(readCheckoutPayload(JSON.stringify({ productos: [], envio: { metodo: '' }, resumen: {} }))).toBeNull();
  });
});
