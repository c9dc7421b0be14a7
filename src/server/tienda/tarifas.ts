import { and, asc, count, eq, inArray, like, max, min, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LIMITES_AJUSTES,
  type consultaTarifasSchema,
  type loteTarifasSchema,
  type LoteTarifasRespuesta,
  type LugarTarifa,
  type TarifasRespuesta,
} from '../../lib/api/tienda-schemas.ts';
import { searchKey } from '../../lib/shipping/place-key.ts';
import type { Db, Tx } from '../db/client.ts';
import { departamentos, distritos, provincias } from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';
import type { Cambio } from '../admin/audit.ts';

/**
 * The delivery tariffs of Peru's 1,867 districts (checkout §7's ListTarifa reads them) as the owner
 * lists and changes them: filtered by department, province and name, and changed in bulk (set an amount,
 * or add or take one away) for a department's, a province's or chosen districts, in one transaction,
 * audited with every district's tariff before and after.
 */

type Lote = z.output<typeof loteTarifasSchema>;

const soles = (value: unknown) => Math.round(Number(value) * 100) / 100;

/** A page of districts with their tariffs, and the departments' (and the chosen department's provinces') ranges. */
export async function listarTarifas(db: Db, consulta: z.output<typeof consultaTarifasSchema>): Promise<TarifasRespuesta> {
  const condiciones: SQL[] = [];
  if (consulta.departamento) condiciones.push(eq(provincias.departamentoId, consulta.departamento));
  if (consulta.provincia) condiciones.push(eq(distritos.provinciaId, consulta.provincia));
  const q = consulta.q?.trim();
  if (q) condiciones.push(like(distritos.busqueda, `%${searchKey(q).replace(/[%_\\]/g, (m) => `\\${m}`)}%`));
  const where = condiciones.length ? and(...condiciones) : undefined;
  const porPagina = LIMITES_AJUSTES.tarifasPorPagina;
  const pagina = consulta.pagina;
  const base = db
    .select({
      idDistrito: distritos.id,
      ubigeo: distritos.ubigeo,
      distrito: distritos.nombre,
      idProvincia: provincias.id,
      provincia: provincias.nombre,
      idDepartamento: departamentos.id,
      departamento: departamentos.nombre,
      tarifa: distritos.tarifa,
    })
    .from(distritos)
    .innerJoin(provincias, eq(distritos.provinciaId, provincias.id))
    .innerJoin(departamentos, eq(provincias.departamentoId, departamentos.id));
  const [filas, [total], deps, provs] = await Promise.all([
    base
      .where(where)
      .orderBy(asc(departamentos.busqueda), asc(provincias.busqueda), asc(distritos.busqueda))
      .limit(porPagina)
      .offset((pagina - 1) * porPagina),
    db.select({ n: count() }).from(distritos).innerJoin(provincias, eq(distritos.provinciaId, provincias.id)).where(where),
    resumen(db, 'departamento'),
    consulta.departamento ? resumen(db, 'provincia', consulta.departamento) : Promise.resolve([]),
  ]);
  return {
    filas: filas.map((fila) => ({ ...fila, tarifa: soles(fila.tarifa) })),
    total: Number(total?.n ?? 0),
    pagina,
    porPagina,
    departamentos: deps,
    provincias: provs,
  };
}

/** Each department's (or one department's provinces') lowest and highest tariff and how many districts. */
async function resumen(db: Db, nivel: 'departamento' | 'provincia', departamentoId?: number): Promise<LugarTarifa[]> {
  const lugar = nivel === 'departamento' ? departamentos : provincias;
  const rows = await db
    .select({
      id: lugar.id,
      nombre: lugar.nombre,
      minima: min(distritos.tarifa),
      maxima: max(distritos.tarifa),
      distritos: count(distritos.id),
    })
    .from(distritos)
    .innerJoin(provincias, eq(distritos.provinciaId, provincias.id))
    .innerJoin(departamentos, eq(provincias.departamentoId, departamentos.id))
    .where(departamentoId ? eq(provincias.departamentoId, departamentoId) : undefined)
    .groupBy(lugar.id, lugar.nombre, lugar.busqueda)
    .orderBy(asc(lugar.busqueda));
  return rows.map((row) => ({ ...row, minima: soles(row.minima), maxima: soles(row.maxima), distritos: Number(row.distritos) }));
}

/** The districts a bulk change reaches, and how the place is named in messages and the audit trail. */
async function alcanceDe(tx: Tx, alcance: Lote['alcance']): Promise<{ donde: SQL; nombre: string }> {
  if (alcance.tipo === 'distritos') {
    const ids = [...new Set(alcance.ids)];
    const [encontrados] = await tx.select({ n: count() }).from(distritos).where(inArray(distritos.id, ids));
    if (Number(encontrados?.n ?? 0) !== ids.length) throw clientError(400, 'Algún distrito elegido no existe. Vuelve a cargar la lista.');
    return { donde: inArray(distritos.id, ids), nombre: ids.length === 1 ? 'el distrito elegido' : `los ${ids.length} distritos elegidos` };
  }
  const tabla = alcance.tipo === 'departamento' ? departamentos : provincias;
  const [lugar] = await tx.select({ nombre: tabla.nombre }).from(tabla).where(eq(tabla.id, alcance.id));
  if (!lugar) throw clientError(404, `No existe ${alcance.tipo === 'departamento' ? 'el departamento' : 'la provincia'} ${alcance.id}.`);
  const donde =
    alcance.tipo === 'provincia'
      ? eq(distritos.provinciaId, alcance.id)
      : inArray(distritos.provinciaId, tx.select({ id: provincias.id }).from(provincias).where(eq(provincias.departamentoId, alcance.id)));
  return { donde, nombre: `${alcance.tipo === 'departamento' ? 'el departamento' : 'la provincia'} ${lugar.nombre}` };
}

const formato = (value: number) => `S/ ${value.toFixed(2)}`;

/**
 * Previews or applies a bulk tariff change in one transaction (the districts locked while it runs);
 * answers what changes and, when applied, the audit entry to record in the same transaction.
 */
export async function cambiarTarifas(tx: Tx, lote: Lote): Promise<{ respuesta: LoteTarifasRespuesta; cambio?: Cambio }> {
  const { donde, nombre } = await alcanceDe(tx, lote.alcance);
  const filas = await tx
    .select({ id: distritos.id, ubigeo: distritos.ubigeo, nombre: distritos.nombre, tarifa: distritos.tarifa })
    .from(distritos)
    .where(donde)
    .orderBy(asc(distritos.busqueda))
    .for('update');
  const nuevas = filas.map((fila) => {
    const antes = soles(fila.tarifa);
    const calculada = lote.operacion === 'fijar' ? lote.monto : soles(antes + lote.monto);
    return { ...fila, antes, despues: Math.min(LIMITES_AJUSTES.tarifaMaxima, Math.max(0, calculada)), enCero: calculada < 0 };
  });
  const cambian = nuevas.filter((fila) => fila.despues !== fila.antes);
  const enCero = nuevas.filter((fila) => fila.enCero).length;
  const uno = cambian.length === 1;
  const verbo = lote.simulacro ? (uno ? 'Se cambiará' : 'Se cambiarán') : uno ? 'Cambió' : 'Cambiaron';
  const accion =
    lote.operacion === 'fijar'
      ? `${uno ? 'queda' : 'quedan'} en ${formato(lote.monto)}`
      : `${lote.monto >= 0 ? (uno ? 'sube' : 'suben') : uno ? 'baja' : 'bajan'} ${formato(Math.abs(lote.monto))}`;
  const distritosTexto = (n: number) => (n === 1 ? '1 distrito' : `${n} distritos`);
  const deLugar = lote.alcance.tipo === 'distritos' ? '' : ` de ${nombre}`;
  const mensaje =
    cambian.length === 0
      ? `Ninguna tarifa de ${nombre} cambia.`
      : `${verbo} ${distritosTexto(cambian.length)}${deLugar}: ${accion}.` +
        (enCero ? ` ${distritosTexto(enCero)} ${enCero === 1 ? 'queda' : 'quedan'} en S/ 0.00.` : '');
  const respuesta: LoteTarifasRespuesta = {
    simulacro: lote.simulacro,
    distritos: filas.length,
    cambian: cambian.length,
    ejemplos: cambian.slice(0, 8).map((fila) => ({ idDistrito: fila.id, distrito: fila.nombre, antes: fila.antes, despues: fila.despues })),
    enCero,
    mensaje,
  };
  if (lote.simulacro || cambian.length === 0) return { respuesta };
  // One statement per distinct new tariff (a "set" is one; an addition a few), never one per district.
  const porTarifa = new Map<number, number[]>();
  for (const fila of cambian) porTarifa.set(fila.despues, [...(porTarifa.get(fila.despues) ?? []), fila.id]);
  for (const [tarifa, ids] of porTarifa) await tx.update(distritos).set({ tarifa }).where(inArray(distritos.id, ids));
  return {
    respuesta,
    cambio: {
      accion: 'envios.tarifas',
      objetivo: nombre,
      antes: { tarifas: Object.fromEntries(cambian.map((fila) => [fila.ubigeo, fila.antes])) },
      despues: {
        operacion: lote.operacion,
        monto: lote.monto,
        tarifas: Object.fromEntries(cambian.map((fila) => [fila.ubigeo, fila.despues])),
      },
    },
  };
}
