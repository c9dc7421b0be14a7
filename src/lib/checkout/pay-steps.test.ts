import { describe, expect, it } from 'vitest';
import { MENSAJES_YAPE } from '../api/yape-rules.ts';
import { MENSAJES_PAGO, METODOS_PAGO, metodosOfrecidos, newIdempotencyKey, payBlocker, preferenceErrorText } from './pay-steps.ts';

describe('payBlocker', () => {
  it('checks in the spec order: method, session, a method that takes payments, user id', () => {
    expect(payBlocker({ metodo: null, signedIn: false, userId: undefined })).toEqual({ mensaje: 'Por favor selecciona un método de pago' });
    expect(payBlocker({ metodo: 'transferencia', signedIn: false, userId: undefined })).toEqual({
      mensaje: 'Debes iniciar sesión para continuar',
      login: true,
    });
    // The bank transfer (issue 36) is paid once listed (GET /carrito/metodos-pago names it, or it is not offered).
    expect(payBlocker({ metodo: 'transferencia', signedIn: true, userId: undefined })).toEqual({ mensaje: MENSAJES_PAGO.sinUsuario });
    expect(payBlocker({ metodo: 'transferencia', signedIn: true, userId: 4 })).toBeNull();
    expect(payBlocker({ metodo: 'mercadopago', signedIn: true, userId: undefined })).toEqual({ mensaje: MENSAJES_PAGO.sinUsuario });
    expect(payBlocker({ metodo: 'mercadopago', signedIn: true, userId: 4 })).toBeNull();
  });

  it('takes Yape only while it is offered for the order (issue 24)', () => {
    expect(payBlocker({ metodo: 'yape', signedIn: false, userId: undefined, ofertas: { yape: 'disponible' } })).toEqual({
      mensaje: MENSAJES_PAGO.sinSesion,
      login: true,
    });
    expect(payBlocker({ metodo: 'yape', signedIn: true, userId: 4 })).toEqual({ mensaje: MENSAJES_YAPE.noDisponible });
    expect(payBlocker({ metodo: 'yape', signedIn: true, userId: 4, ofertas: { yape: 'montoMaximo' } })).toEqual({
      mensaje: MENSAJES_YAPE.montoMaximo,
    });
    expect(payBlocker({ metodo: 'yape', signedIn: true, userId: undefined, ofertas: { yape: 'disponible' } })).toEqual({
      mensaje: MENSAJES_PAGO.sinUsuario,
    });
    expect(payBlocker({ metodo: 'yape', signedIn: true, userId: 4, ofertas: { yape: 'disponible' } })).toBeNull();
  });

  it('knows Mercado Pago, Yape and the bank transfer; no Plin', () => {
    expect(METODOS_PAGO.map((metodo) => metodo.nombre)).toEqual(['Mercado Pago', 'Yape', 'Transferencia bancaria']);
    expect(METODOS_PAGO.find((metodo) => metodo.id === 'yape')!.detalle).toBe(
      'Paga con tu celular y el código de aprobación de tu app Yape.',
    );
  });
});

describe('metodosOfrecidos', () => {
  const ids = (...args: Parameters<typeof metodosOfrecidos>) => metodosOfrecidos(...args).map((metodo) => metodo.id);

  it('offers the bank transfer only while the server names it (issue 34)', () => {
    expect(ids(['mercadopago', 'yape'], { yape: 'disponible' })).toEqual(['mercadopago', 'yape']);
    expect(ids([], { yape: 'oculto' })).toEqual(['mercadopago']);
    expect(ids(['mercadopago', 'yape', 'transferencia'], { yape: 'disponible' })).toEqual(['mercadopago', 'yape', 'transferencia']);
  });

  it('keeps Mercado Pago (checkout §2) and Yape as its own call offers it, listed above its ceiling', () => {
    expect(ids([], { yape: 'disponible' })).toEqual(['mercadopago', 'yape']);
    expect(ids(['mercadopago', 'yape'], { yape: 'montoMaximo' })).toEqual(['mercadopago', 'yape']);
    expect(ids(['mercadopago', 'yape'], { yape: 'oculto' })).toEqual(['mercadopago']);
  });
});

describe('preferenceErrorText', () => {
  it("wraps the server's mensaje, or the default, without doubling the full stop", () => {
    expect(preferenceErrorText('Solo quedan 2 unidad(es) de Tónico.')).toBe(
      'Error al procesar el pago: Solo quedan 2 unidad(es) de Tónico. Por favor intenta nuevamente.',
    );
    expect(preferenceErrorText('Documento de identidad requerido')).toBe(
      'Error al procesar el pago: Documento de identidad requerido. Por favor intenta nuevamente.',
    );
    expect(preferenceErrorText(undefined)).toBe(
      'Error al procesar el pago: Error al crear preferencia de pago. Por favor intenta nuevamente.',
    );
    expect(preferenceErrorText('  ')).toBe('Error al procesar el pago: Error al crear preferencia de pago. Por favor intenta nuevamente.');
  });
});

describe('newIdempotencyKey', () => {
  it('makes a v4 UUID, a new one each time', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
    expect(newIdempotencyKey((bytes) => bytes.fill(255))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});
