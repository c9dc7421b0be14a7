import { count } from 'drizzle-orm';
import { searchKey } from '../../lib/shipping/place-key.ts';
import type { Db } from '../db/client.ts';
import { departamentos, distritos, provincias } from '../db/schema/index.ts';
import { loadUbigeo } from './ubigeo.ts';

/** Loads Peru's departments, provinces and districts with demo tariffs when the tables are empty. */
export async function seedLocationsIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(departamentos);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    for (const departamento of loadUbigeo()) {
      const [dep] = await tx
        .insert(departamentos)
        .values({ ubigeo: departamento.ubigeo, nombre: departamento.nombre, busqueda: searchKey(departamento.nombre) })
        .returning({ id: departamentos.id });
      for (const provincia of departamento.provincias) {
        const [prov] = await tx
          .insert(provincias)
          .values({ departamentoId: dep!.id, ubigeo: provincia.ubigeo, nombre: provincia.nombre, busqueda: searchKey(provincia.nombre) })
          .returning({ id: provincias.id });
        if (provincia.distritos.length === 0) continue;
        await tx.insert(distritos).values(
          provincia.distritos.map((distrito) => ({
            provinciaId: prov!.id,
            ubigeo: distrito.ubigeo,
            nombre: distrito.nombre,
            busqueda: searchKey(distrito.nombre),
            tarifa: distrito.tarifa,
          })),
        );
      }
    }
  });
  return true;
}
