import { describe, expect, it } from 'vitest';
import { MENSAJES_YAPE } from '../api/yape-rules.ts';
import { campoDelMensaje, OrderKey, ofertaYape, problemaYape, soloDigitos } from './yape.ts';

describe('ofertaYape', () => {
  it('offers Yape only when the shop takes it, up to its ceiling (S/ 2,000.00 included)', () => {
    const yape = (disponible: boolean, maximo = 2000) => ({ disponible, maximo, prueba: false });
    expect(ofertaYape(null, 44.9)).toBe('oculto');
    expect(ofertaYape(yape(false), 44.9)).toBe('oculto');
    expect(ofertaYape(yape(true), 44.9)).toBe('disponible');
    expect(ofertaYape(yape(true), 2000)).toBe('disponible');
    expect(ofertaYape(yape(true), 2000.01)).toBe('montoMaximo');
    // Soles compared in céntimos: 0.1 + 0.2 is not above 0.3.
    expect(ofertaYape(yape(true, 0.3), 0.1 + 0.2)).toBe('disponible');
  });
});

describe('the Yape fields', () => {
  it('keep digits only, at most their length', () => {
    expect(soloDigitos('celular', '+51 987 654 321')).toBe('519876543');
    expect(soloDigitos('celular', '987-654-321')).toBe('987654321');
    expect(soloDigitos('codigo', ' 12 34 56 7')).toBe('123456');
    expect(soloDigitos('codigo', 'abc')).toBe('');
  });

  it('say why a value is refused, and take Mercado Pago’s test phones in the test mode only', () => {
    expect(problemaYape('celular', '')).toBe(MENSAJES_YAPE.faltaCelular);
    expect(problemaYape('celular', '812345678')).toBe(MENSAJES_YAPE.celular);
    expect(problemaYape('celular', '98765432')).toBe(MENSAJES_YAPE.celular);
    expect(problemaYape('celular', '987654321')).toBeNull();
    for (const phone of ['111111111', '111111112', '111111118']) {
      expect(problemaYape('celular', phone, true)).toBeNull();
      expect(problemaYape('celular', phone)).toBe(MENSAJES_YAPE.celular);
    }
    expect(problemaYape('celular', '111111119', true)).toBe(MENSAJES_YAPE.celular);
    expect(problemaYape('celular', '987654321', true)).toBeNull();
    expect(problemaYape('codigo', '')).toBe(MENSAJES_YAPE.faltaCodigo);
    expect(problemaYape('codigo', '12345')).toBe(MENSAJES_YAPE.codigo);
    expect(problemaYape('codigo', '123456')).toBeNull();
  });

  it('tell which field a 400 refers to', () => {
    expect(campoDelMensaje(MENSAJES_YAPE.celular)).toBe('celular');
    expect(campoDelMensaje(MENSAJES_YAPE.faltaCodigo)).toBe('codigo');
    expect(campoDelMensaje('Documento de identidad requerido')).toBeNull();
  });
});

describe('OrderKey', () => {
  it('keeps the key while the order body is the same, and makes a new one for another body or after a paid order', () => {
    let n = 0;
    const key = new OrderKey(() => `key-${++n}`);
    const body = { cart: [{ id: 1, cantidad: 1 }], total: 44.9, comprobante: { tipo: 'boleta' } };
    expect(key.for(body)).toBe('key-1');
    expect(key.for({ ...body })).toBe('key-1');
    expect(key.for({ ...body, comprobante: { tipo: 'factura' } })).toBe('key-2');
    expect(key.for(body)).toBe('key-3');
    key.forget();
    expect(key.for(body)).toBe('key-4');
  });
});
