import { sql } from 'drizzle-orm';
import { catalogueVersion } from '../catalogue/queries.ts';
import type { Db } from '../db/client.ts';
import { trabajos } from '../db/schema/index.ts';
import type { Handlers } from './queue.ts';
import { registrarConstruccion, registrarFallida, registrarPublicada } from '../publicacion/estado.ts';

/** The job type, and the key of its one row, of a requested rebuild of the static site. */
const RECONSTRUIR = 'reconstruir-sitio';
/** Longest wait for the build hook or the deployed site to answer. */
const TIMEOUT_MS = 10_000;

/**
 * Asks for a rebuild `delaySeconds` from now through the job queue's one keyed row: while it waits,
 * later requests join it, so a burst of changes makes one build; once it has run (or given up), the
 * next request arms it again, but not sooner than `minIntervalSeconds` after that last build hook call
 * (the row's `terminado`, which the scheduled check sets too), so builds come at most once an interval.
 */
export async function requestRebuild(db: Db, delaySeconds: number, minIntervalSeconds = 0): Promise<void> {
  const soon = sql`now() + make_interval(secs => ${delaySeconds})`;
  await db
    .insert(trabajos)
    .values({ tipo: RECONSTRUIR, datos: {}, clave: RECONSTRUIR, ejecutarEn: soon, maxIntentos: 5 })
    .onConflictDoUpdate({
      target: trabajos.clave,
      // greatest() skips a NULL terminado (a request that gave up never called the hook).
      set: {
        ejecutarEn: sql`greatest(${soon}, ${trabajos.terminado} + make_interval(secs => ${minIntervalSeconds}))`,
        intentos: 0,
        terminado: null,
        bloqueadoHasta: null,
        ultimoError: null,
      },
      setWhere: sql`${trabajos.terminado} IS NOT NULL OR ${trabajos.intentos} >= ${trabajos.maxIntentos}`,
    });
}

/**
 * The queue's rebuild job: calls the build hook (retried with back-off when it fails); nothing without one.
 * With the database, the call is recorded for the publishing status: the version being built, or the hook's error.
 */
export function rebuildJobs(hookUrl: string | undefined, db?: Db): Handlers {
  return {
    [RECONSTRUIR]: async () => {
      if (!hookUrl) return;
      const version = db ? await catalogueVersion(db) : undefined;
      try {
        await callBuildHook(hookUrl, 'Cambio en el catálogo');
      } catch (error) {
        if (db && version !== undefined)
          await registrarFallida(
            db,
            version,
            `Netlify no aceptó el pedido de construcción: ${error instanceof Error ? error.message : String(error)}`,
          );
        throw error;
      }
      if (db && version !== undefined) await registrarConstruccion(db, version);
    },
  };
}

/** POSTs Netlify's build hook with a title for the deploy log; throws unless it answers 2xx. */
export async function callBuildHook(hookUrl: string, title: string): Promise<void> {
  const url = new URL(hookUrl);
  url.searchParams.set('trigger_title', title);
  const res = await fetch(url, { method: 'POST', body: '{}', signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`El build hook respondió ${res.status}.`);
}

/**
 * What the scheduled check did: nothing to do, a request or a build already under way, a build
 * requested now, nothing yet because the last build hook call is less than the minimum interval ago
 * ('espera': the next check after it asks), or nothing because the build it requested for this very catalogue version did not
 * deploy (it failed: Netlify keeps the last good deploy and tells the operator; asking again would fail
 * again, so the next catalogue change asks).
 */
export type Comprobacion = 'al-dia' | 'pendiente' | 'construyendo' | 'espera' | 'solicitada' | 'fallida';

export interface CheckOptions {
  /** Public URL of the deployed site, which serves the `/version.json` its build wrote. */
  siteUrl: string;
  hookUrl: string;
  /** Minutes after a hook call during which that build is taken to be under way. */
  buildMinutes: number;
  /** Shortest time between two build hook calls (REBUILD_MIN_INTERVAL_SECONDS). */
  minIntervalSeconds: number;
}

/**
 * The scheduled check: calls the build hook when the deployed site's catalogue version differs from
 * the database's, unless a rebuild is already requested or a hooked build may still be under way
 * (its deploy reads the catalogue when it starts). The call and the version it asked for are recorded
 * in the rebuild row: a version it already asked for that still is not deployed once its build had
 * time to finish failed to build, and is not asked for again (a catalogue value that breaks a page
 * breaks every build of it); the next catalogue change is. Nor is any version asked for within the
 * minimum interval of the last call: sell-outs and their releases move the version as often as anyone
 * likes, and each call is a whole build.
 */
export async function checkDeployedVersion(
  db: Db,
  { siteUrl, hookUrl, buildMinutes, minIntervalSeconds }: CheckOptions,
): Promise<Comprobacion> {
  const [deployed, current] = await Promise.all([deployedVersion(siteUrl), catalogueVersion(db)]);
  if (deployed !== undefined) await registrarPublicada(db, deployed);
  if (deployed === current) return 'al-dia';
  const result = await db.execute(sql`
    SELECT (terminado IS NULL AND intentos < max_intentos) AS pendiente,
      coalesce(terminado > now() - make_interval(mins => ${buildMinutes}), false) AS reciente,
      coalesce(terminado > now() - make_interval(secs => ${minIntervalSeconds}), false) AS espera,
      datos->'version' AS pedida
    FROM ${trabajos} WHERE clave = ${RECONSTRUIR}`);
  const [row] = (result as unknown as { rows: { pendiente: boolean; reciente: boolean; espera: boolean; pedida: unknown }[] }).rows;
  if (row?.pendiente) return 'pendiente';
  if (row?.reciente) return 'construyendo';
  if (row?.pedida === current) {
    await registrarFallida(
      db,
      current,
      `Netlify no publicó el catálogo ${current}: su construcción falló y sigue en línea el sitio anterior. Revisa el registro del despliegue en Netlify; el próximo cambio la vuelve a pedir.`,
    );
    return 'fallida';
  }
  if (row?.espera) return 'espera';
  await callBuildHook(hookUrl, `Catálogo ${current} (publicado: ${deployed ?? 'ninguno'})`);
  await db
    .insert(trabajos)
    .values({ tipo: RECONSTRUIR, datos: { version: current }, clave: RECONSTRUIR, terminado: sql`now()`, maxIntentos: 5 })
    .onConflictDoUpdate({
      target: trabajos.clave,
      set: { datos: { version: current }, terminado: sql`now()`, intentos: 0, bloqueadoHasta: null, ultimoError: null },
    });
  await registrarConstruccion(db, current);
  return 'solicitada';
}

/** The catalogue version the deployed site was built from; undefined when it has no `/version.json`. */
export async function deployedVersion(siteUrl: string): Promise<number | undefined> {
  const url = `${siteUrl.replace(/\/+$/, '')}/version.json`;
  const res = await fetch(url, { headers: { 'Cache-Control': 'no-cache' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`${url} respondió ${res.status}.`);
  const { version } = (await res.json()) as { version?: unknown };
  return typeof version === 'number' ? version : undefined;
}
