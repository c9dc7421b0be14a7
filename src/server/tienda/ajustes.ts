import { eq } from 'drizzle-orm';
import {
  AVISO_IDENTIDAD_DEMO,
  ajustesTiendaSchema,
  esIdentidadDemo,
  type AjustesPublicos,
  type AjustesTienda,
  type AjustesTiendaRespuesta,
  type PuntoRecojoAjuste,
} from '../../lib/api/tienda-schemas.ts';
import { PUNTOS_RECOJO } from '../../lib/shipping/methods.ts';
import { DEVOLUCIONES, PROVEEDOR, TIENDA } from '../../lib/tienda.ts';
import type { ServerConfig, TransferenciaConfig } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { ajustesTienda } from '../db/schema/index.ts';

/**
 * The shop's own settings (issue 37, item 8; docs/decisions/0202-ajustes-tienda.md): one row the owner
 * saves from the back office. Until then the environment's and the code's values are in force (the
 * defaults); once saved, the row wins. Read from the database on each use (one row by its key), so every
 * process and every Netlify instance follows a change at once.
 */

/** What the defaults come from: the settings the environment gave at start. */
export type ConfigAjustes = Pick<ServerConfig, 'comprobantes' | 'transferencia' | 'correoTienda'>;

/** The pickup points as the code lists them (the spec's checkout methods). */
const puntosPorDefecto = (): PuntoRecojoAjuste[] =>
  PUNTOS_RECOJO.map(({ metodo, direccion, horario, instrucciones }) => ({ metodo, direccion, horario, instrucciones }));

/** The settings in force before the owner saves any: the environment's (series, accounts, SHOP_EMAIL) and the code's. */
export function ajustesPorDefecto(config: Partial<ConfigAjustes> = {}): AjustesTienda {
  return {
    ruc: PROVEEDOR.ruc,
    razonSocial: PROVEEDOR.razonSocial,
    direccion: PROVEEDOR.direccion,
    series: { ...(config.comprobantes?.series ?? { boleta: 'B001', factura: 'F001', notaBoleta: 'BC01', notaFactura: 'FC01' }) },
    cuentas: (config.transferencia?.cuentas ?? []).map((cuenta) => ({ ...cuenta })),
    correoTienda: config.correoTienda ?? TIENDA.correo,
    envioGratisDesde: TIENDA.envioGratisDesde,
    devolucionDias: DEVOLUCIONES.dias,
    puntosRecojo: puntosPorDefecto(),
    diasNoLaborables: [],
  };
}

/** The saved row, if the owner ever saved one. */
export async function ajustesGuardados(db: Db | Tx) {
  const [row] = await db.select().from(ajustesTienda).where(eq(ajustesTienda.id, 1));
  if (!row) return null;
  // A row written by an older version may miss a field added since: the default fills it.
  const datos = ajustesTiendaSchema.partial().safeParse(row.datos);
  return { ...row, datos: datos.success ? datos.data : {} };
}

/** The settings in force: the saved ones over the defaults, each pickup point by its method's name. */
export async function ajustesVigentes(db: Db | Tx, config: Partial<ConfigAjustes> = {}): Promise<AjustesTienda> {
  const porDefecto = ajustesPorDefecto(config);
  const guardados = await ajustesGuardados(db);
  if (!guardados) return porDefecto;
  const puntos = new Map((guardados.datos.puntosRecojo ?? []).map((punto) => [punto.metodo, punto]));
  return {
    ...porDefecto,
    ...guardados.datos,
    puntosRecojo: porDefecto.puntosRecojo.map((punto) => puntos.get(punto.metodo) ?? punto),
  } as AjustesTienda;
}

/** What the back office shows: the settings, when and by whom they were saved, and what needs the owner. */
export async function ajustesParaOperador(db: Db, config: Partial<ConfigAjustes>): Promise<AjustesTiendaRespuesta> {
  const guardados = await ajustesGuardados(db);
  const ajustes = await ajustesVigentes(db, config);
  const identidadDemo = esIdentidadDemo(ajustes);
  const avisos: string[] = [];
  if (identidadDemo) avisos.push(AVISO_IDENTIDAD_DEMO);
  if (ajustes.cuentas.length === 0) avisos.push('Sin cuentas bancarias la transferencia no se ofrece en el checkout.');
  if (config.transferencia?.demo && !guardados)
    avisos.push('Las cuentas bancarias son las de demostración: cámbialas por las de la tienda.');
  return {
    ajustes,
    actualizado: guardados?.actualizado.toISOString() ?? null,
    actualizadoPor: guardados?.actualizadoPor ?? null,
    identidadDemo,
    avisos,
  };
}

/** The part of the settings the storefront's cart and checkout read (GET /web/tienda-ajustes). */
export async function ajustesPublicos(db: Db): Promise<AjustesPublicos> {
  const { envioGratisDesde, devolucionDias, puntosRecojo } = await ajustesVigentes(db);
  return { envioGratisDesde, devolucionDias, puntosRecojo };
}

/** Saves the whole settings object (validated by the caller) in `tx`; answers the fields that changed, before and after. */
export async function guardarAjustes(tx: Tx, nuevos: AjustesTienda, quien: string, config: Partial<ConfigAjustes> = {}) {
  const antes = await ajustesVigentes(tx, config);
  const values = { id: 1, datos: nuevos, actualizado: new Date(), actualizadoPor: quien };
  await tx.insert(ajustesTienda).values(values).onConflictDoUpdate({ target: ajustesTienda.id, set: values });
  const cambiaron = (Object.keys(nuevos) as (keyof AjustesTienda)[]).filter(
    (campo) => JSON.stringify(antes[campo]) !== JSON.stringify(nuevos[campo]),
  );
  return {
    antes: Object.fromEntries(cambiaron.map((campo) => [campo, antes[campo]])),
    despues: Object.fromEntries(cambiaron.map((campo) => [campo, nuevos[campo]])),
  };
}

/** The company as a receipt names its issuer. */
export interface EmisorComprobante {
  ruc: string;
  razonSocial: string;
  direccion: string;
}

/** The issuer and the series in force (the saved ones over the code's company and the environment's series), read in the numbering's transaction. */
export async function emisionVigente(tx: Db | Tx, series: AjustesTienda['series']) {
  const datos = (await ajustesGuardados(tx))?.datos ?? {};
  return { emisor: emisorDe(datos), series: datos.series ?? series };
}

/** The company receipts name now. */
export const emisorVigente = async (db: Db | Tx): Promise<EmisorComprobante> => emisorDe((await ajustesGuardados(db))?.datos ?? {});

const emisorDe = (datos: Partial<AjustesTienda>): EmisorComprobante => ({
  ruc: datos.ruc ?? PROVEEDOR.ruc,
  razonSocial: datos.razonSocial ?? PROVEEDOR.razonSocial,
  direccion: datos.direccion ?? PROVEEDOR.direccion,
});

/** The shop's e-mail in force (SHOP_EMAIL until the owner saves another). */
export async function correoDeTienda(db: Db | Tx, porDefecto: string): Promise<string> {
  return (await ajustesGuardados(db))?.datos.correoTienda ?? porDefecto;
}

/** The transfer accounts in force: the owner's once saved (never the demo ones then), else TRANSFERENCIA_CUENTAS or the demo. */
export async function transferenciaVigente(db: Db | Tx, config: TransferenciaConfig): Promise<TransferenciaConfig> {
  const cuentas = (await ajustesGuardados(db))?.datos.cuentas;
  return cuentas ? { ...config, cuentas: cuentas.map((cuenta) => ({ ...cuenta })), demo: false } : config;
}
