import { describe, expect, it } from 'vitest';
import { ENVIO_PROVINCIA, METODO_POR_DEFECTO } from '../shipping/methods.ts';
import { readDelivery } from './delivery-session.ts';

describe('readDelivery', () => {
  it('restores the stored delivery choice, falling back to the default method', () => {
    expect(readDelivery(null)).toEqual({ metodo: METODO_POR_DEFECTO, shipping: null });
    expect(readDelivery(JSON.stringify({ metodo: 'Envío a Marte' })).metodo).toBe(METODO_POR_DEFECTO);
    expect(readDelivery(JSON.stringify({ metodo: ENVIO_PROVINCIA, shipping: { departamento: 'Lima', tarifa: 10 } }))).toMatchObject({
      metodo: ENVIO_PROVINCIA,
      shipping: { departamento: 'Lima', tarifa: 10 },
    });
  });
});
