import { describe, expect, it } from 'vitest';
import { BASE_DE_DATOS, databaseLimits, serverConfig } from '../config.ts';
import { poolConfig } from './client.ts';

describe('the Postgres pool size (issue 26)', () => {
  it('opens 10 connections per process, 3 per Netlify function instance, unless DB_POOL_MAX says otherwise', () => {
    expect(databaseLimits({}).poolMax).toBe(BASE_DE_DATOS.conexiones);
    expect(databaseLimits({}, { netlify: true }).poolMax).toBe(BASE_DE_DATOS.conexionesPorFuncion);
    expect(BASE_DE_DATOS.conexionesPorFuncion).toBeLessThan(BASE_DE_DATOS.conexiones);
    expect(databaseLimits({ DB_POOL_MAX: '25' }).poolMax).toBe(25);
    expect(databaseLimits({ DB_POOL_MAX: '1' }, { netlify: true }).poolMax).toBe(1);
    expect(serverConfig({}, { netlify: true }).databaseLimits.poolMax).toBe(BASE_DE_DATOS.conexionesPorFuncion);
  });

  it('refuses a pool size that is not a positive whole number', () => {
    for (const valor of ['0', '-2', 'diez', '2.5']) expect(() => databaseLimits({ DB_POOL_MAX: valor })).toThrow(/DB_POOL_MAX/);
  });

  it('gives the pool its size', () => {
    expect(poolConfig('postgres://localhost/x', databaseLimits({ DB_POOL_MAX: '4' })).max).toBe(4);
  });
});
