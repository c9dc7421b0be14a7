import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { seedLocationsIfEmpty } from '../../src/server/shipping/seed.ts';
import { describeEachDatabase } from './databases.ts';

describeEachDatabase('location and tariff API', (target) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const json = async (path: string) => {
    const res = await app.request(path);
    expect(res.status, path).toBe(200);
    return res.json() as Promise<Record<string, unknown>[]>;
  };

  beforeAll(async () => {
    database = await target.open();
    expect(await seedLocationsIfEmpty(database.db)).toBe(true);
    expect(await seedLocationsIfEmpty(database.db)).toBe(false);
    app = createApp({ db: database.db });
  });
  afterAll(() => database?.close());

  it("lists all of Peru's departments", async () => {
    const departamentos = await json('/web/departamentos-tarifas');
    expect(departamentos).toHaveLength(25);
    expect(departamentos[0]).toEqual({ id_departamento: expect.any(Number), nombre_departamento: 'Amazonas' });
    expect(departamentos.map((d) => d.nombre_departamento)).toEqual(expect.arrayContaining(['Lima', 'Callao', 'Cusco', 'Áncash']));
  });

  it('lists the provinces of a department by name (any case or accents) or id', async () => {
    const byName = await json('/web/ciudades-tarifas/ANCASH');
    expect(byName.length).toBe(20);
    expect(byName.map((p) => p.nombre_provincia)).toContain('Huaraz');
    const lima = (await json('/web/departamentos-tarifas')).find((d) => d.nombre_departamento === 'Lima')!;
    const byId = await json(`/web/ciudades-tarifas/${lima.id_departamento}`);
    expect(byId.map((p) => p.nombre_provincia)).toContain('Huaral');
    expect(await json('/web/ciudades-tarifas/Atlantida')).toEqual([]);
  });

  it('lists the districts of a province', async () => {
    const distritos = await json('/web/distritos-tarifas/Lima/Lima');
    expect(distritos).toHaveLength(43);
    expect(distritos.map((d) => d.nombre_distrito)).toEqual(expect.arrayContaining(['Miraflores', 'San Miguel', 'Independencia']));
    expect(await json(`/web/distritos-tarifas/Lima/${encodeURIComponent('Nowhere')}`)).toEqual([]);
  });

  it('gives the tariff of a district as text, Lima Metropolitana lowest', async () => {
    const miraflores = await json('/web/ListTarifa/LIMA/MIRAFLORES');
    expect(miraflores).toEqual([{ PRECIO: '10.00' }]);
    const [cusco] = await json(`/web/ListTarifa/CUSCO/${encodeURIComponent('SAN SEBASTIÁN')}`);
    expect(Number(cusco!.PRECIO)).toBeGreaterThan(Number(miraflores[0]!.PRECIO));
    expect(await json('/web/ListTarifa/LIMA/ATLANTIS')).toEqual([]);
  });

  it('rejects malformed names with a Spanish mensaje', async () => {
    const res = await app.request('/web/ListTarifa/%20/MIRAFLORES');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ mensaje: expect.stringContaining('provincia') });
  });
});
