import { describe, expect, it } from 'vitest';
import { comprobantesFromEnv, serverConfig, pagoPruebaFromEnv } from './config.ts';
import { startRefusal } from './config-check.ts';

const PUBLIC = 'https://kbeauty.example';

describe('the offline pago de prueba (MP_TEST_MODE)', () => {
  it.each([
    // [situation, env, on?]
    ['npm start with the defaults (localhost)', {}, true],
    ['a localhost SITE_URL', { SITE_URL: 'http://localhost:4321' }, true],
    ['127.0.0.1', { SITE_URL: 'http://127.0.0.1:4700/' }, true],
    ['https on localhost', { SITE_URL: 'https://localhost:8443' }, true],
    ['asked for on a LAN address', { SITE_URL: 'http://192.168.1.20:4321', MP_TEST_MODE: 'true' }, true],
    ['a LAN address, not asked for', { SITE_URL: 'http://192.168.1.20:4321' }, false],
    ['turned off on localhost', { MP_TEST_MODE: 'false' }, false],
    ['a public https SITE_URL without MP_ACCESS_TOKEN', { SITE_URL: PUBLIC }, false],
    ['a public https SITE_URL with a localhost-looking subdomain', { SITE_URL: 'https://localhost.kbeauty.example' }, false],
    ['Netlify’s production context', { CONTEXT: 'production' }, false],
    ['NODE_ENV=production', { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48) }, false],
    ['Mercado Pago configured', { MP_ACCESS_TOKEN: 'APP_USR-1' }, false],
  ] as const)('%s → on: %s', (_, env, on) => {
    expect(pagoPruebaFromEnv(env)).toEqual({ enabled: on });
    expect(serverConfig(env).pagoPrueba).toBe(on);
  });

  it('is never on in a Netlify function, whatever SITE_URL says', () => {
    expect(pagoPruebaFromEnv({}, { netlify: true })).toEqual({ enabled: false });
    expect(serverConfig({ SITE_URL: 'http://localhost:4321' }, { netlify: true }).pagoPrueba).toBe(false);
  });

  it.each([
    ['a public https SITE_URL', { SITE_URL: PUBLIC }, /SITE_URL \(https:\/\/kbeauty\.example\) es una dirección pública/],
    ['Netlify’s production context', { CONTEXT: 'production', SITE_URL: 'http://localhost:4321' }, /CONTEXT=production/],
    ['NODE_ENV=production', { NODE_ENV: 'production' }, /NODE_ENV=production/],
  ] as const)('asked for on %s: the start is refused in Spanish', (_, env, reason) => {
    const setting = pagoPruebaFromEnv({ ...env, MP_TEST_MODE: 'true' });
    expect(setting.enabled).toBe(false);
    expect(setting.refusal).toMatch(/^MP_TEST_MODE=true no se permite porque /);
    expect(setting.refusal).toMatch(reason);
    expect(setting.refusal).toContain('cualquiera podría aprobar su pedido sin pagar');
    expect(() => serverConfig({ ...env, MP_TEST_MODE: 'true', JWT_SECRET: 'x'.repeat(48) })).toThrow(setting.refusal);
  });

  it('asked for in a Netlify function: refused', () => {
    expect(pagoPruebaFromEnv({ MP_TEST_MODE: 'true' }, { netlify: true }).refusal).toMatch(/Netlify/);
    expect(startRefusal({ MP_TEST_MODE: 'true' }, { netlify: true })).toMatch(
      /^La tienda no arranca: MP_TEST_MODE=true no se permite porque la tienda corre en Netlify/,
    );
  });

  it('refuses a contradiction or a value it cannot read', () => {
    expect(pagoPruebaFromEnv({ MP_TEST_MODE: 'true', MP_ACCESS_TOKEN: 'APP_USR-1' }).refusal).toMatch(
      /MP_TEST_MODE=true y MP_ACCESS_TOKEN no van juntos/,
    );
    expect(pagoPruebaFromEnv({ MP_TEST_MODE: 'si' }).refusal).toBe('MP_TEST_MODE debe ser true o false (recibido: "si").');
  });

  it('startRefusal: the prueba’s refusal outside production, production’s list first in production', () => {
    expect(startRefusal({})).toBeUndefined();
    expect(startRefusal({ SITE_URL: PUBLIC })).toBeUndefined();
    expect(startRefusal({ SITE_URL: PUBLIC, MP_TEST_MODE: 'true' })).toMatch(/^La tienda no arranca: MP_TEST_MODE=true no se permite/);
    expect(startRefusal({ NODE_ENV: 'production', MP_TEST_MODE: 'true' })).toMatch(/^La tienda no arranca en producción/);
  });
});

describe('the comprobantes provider (NUBEFACT_URL, RECEIPTS_TEST_MODE)', () => {
  const NUBEFACT = { NUBEFACT_URL: 'https://api.nubefact.com/api/v1/ruta', NUBEFACT_TOKEN: 'token' };
  it.each([
    ['a developer machine', {}, 'prueba'],
    ['Nubefact configured', NUBEFACT, 'nubefact'],
    ['a public site without Nubefact', { SITE_URL: 'https://kbeautyperu.pe' }, null],
    ['turned off on localhost', { RECEIPTS_TEST_MODE: 'false' }, null],
    ['asked for on a LAN address', { SITE_URL: 'http://192.168.1.20:4321', RECEIPTS_TEST_MODE: 'true' }, 'prueba'],
  ] as const)('%s', (_, env, proveedor) => {
    expect(comprobantesFromEnv(env)).toEqual({ proveedor });
    expect(serverConfig(env).comprobantes.proveedor).toBe(proveedor);
  });

  it('refuses the comprobantes de prueba on a public site, on Netlify and beside Nubefact, and half a Nubefact setting', () => {
    expect(comprobantesFromEnv({ SITE_URL: 'https://kbeautyperu.pe', RECEIPTS_TEST_MODE: 'true' }).refusal).toMatch(
      /^RECEIPTS_TEST_MODE=true no se permite porque SITE_URL .* los comprobantes de prueba no tienen validez tributaria/,
    );
    expect(comprobantesFromEnv({ NODE_ENV: 'production', RECEIPTS_TEST_MODE: 'true' }).refusal).toMatch(/NODE_ENV=production/);
    expect(startRefusal({ RECEIPTS_TEST_MODE: 'true' }, { netlify: true })).toMatch(
      /^La tienda no arranca: RECEIPTS_TEST_MODE=true no se permite porque la tienda corre en Netlify/,
    );
    expect(comprobantesFromEnv({ ...NUBEFACT, RECEIPTS_TEST_MODE: 'true' }).refusal).toMatch(/no van juntos/);
    expect(comprobantesFromEnv({ NUBEFACT_URL: NUBEFACT.NUBEFACT_URL }).refusal).toMatch(/^NUBEFACT_URL y NUBEFACT_TOKEN van juntos/);
    expect(comprobantesFromEnv({ RECEIPTS_TEST_MODE: 'si' }).refusal).toBe('RECEIPTS_TEST_MODE debe ser true o false (recibido: "si").');
    expect(() => serverConfig({ RECEIPTS_TEST_MODE: 'true', SITE_URL: 'https://kbeautyperu.pe' })).toThrow(
      /RECEIPTS_TEST_MODE=true no se permite/,
    );
  });

  it('takes the series from the environment, checked', () => {
    expect(serverConfig({ RECEIPT_SERIES_BOLETA: 'b002' }).comprobantes.series).toEqual({
      boleta: 'B002',
      factura: 'F001',
      notaBoleta: 'BC01',
      notaFactura: 'FC01',
    });
    expect(() => serverConfig({ RECEIPT_SERIES_FACTURA: 'B001' })).toThrow(
      'RECEIPT_SERIES_FACTURA debe ser una serie de SUNAT de 4 caracteres que empiece con F',
    );
    expect(() => serverConfig({ RECEIPT_SERIES_NOTA_BOLETA: 'B001' })).toThrow(/serie propia/);
  });
});
