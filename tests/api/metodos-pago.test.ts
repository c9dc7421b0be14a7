import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetodosPagoDisponibles } from '../../src/lib/api/metodos-pago.ts';
import { testDatabases } from './databases.ts';
import { openShop, type TestShop } from './shop.ts';

/**
 * GET /carrito/metodos-pago (issue 34, item 13): the payment methods the server can complete now, so
 * the checkout offers no method it would refuse at pay time. The bank transfer (issue 36) is one while the shop has accounts to show.
 */
describe('GET /carrito/metodos-pago', () => {
  const [target] = testDatabases();
  let prueba: TestShop;
  let sinPasarela: TestShop;
  let sinCuentas: TestShop;
  beforeAll(async () => {
    prueba = await openShop(target!);
    sinPasarela = await openShop(target!, { config: { pagoPrueba: false, mpAccessToken: undefined } });
    sinCuentas = await openShop(target!, { config: { transferencia: { cuentas: [], horas: 24, demo: false } } });
  });
  afterAll(async () => {
    await prueba?.close();
    await sinPasarela?.close();
    await sinCuentas?.close();
  });

  it('lists Mercado Pago and Yape while the pago de prueba takes them, and the bank transfer while the shop has accounts', async () => {
    const res = await prueba.call('GET', '/carrito/metodos-pago');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ metodos: ['mercadopago', 'yape', 'transferencia'] } satisfies MetodosPagoDisponibles);
    // A production shop without TRANSFERENCIA_CUENTAS: no transfer, and its call refuses (503, Spanish).
    expect(await (await sinCuentas.call('GET', '/carrito/metodos-pago')).json()).toEqual({ metodos: ['mercadopago', 'yape'] });
    expect(await (await sinCuentas.call('GET', '/carrito/transferencia')).json()).toMatchObject({ disponible: false, cuentas: [] });
  });

  it('lists nothing while no payment provider is configured (create-preference answers 503 then)', async () => {
    expect(await (await sinPasarela.call('GET', '/carrito/metodos-pago')).json()).toEqual({ metodos: [] });
    expect(await (await sinPasarela.call('GET', '/carrito/yape')).json()).toMatchObject({ disponible: false });
    expect(await (await sinPasarela.call('GET', '/carrito/transferencia')).json()).toMatchObject({ disponible: false });
  });
});
