import { desc, eq, sql } from 'drizzle-orm';
import type { EstadoPublicacionRespuesta } from '../../lib/api/publicacion-schemas.ts';
import type { Db } from '../db/client.ts';
import { catalogoEstado, publicaciones } from '../db/schema/index.ts';

/** Longest error text kept (a build's stack can be long; the back office shows the first lines). */
const ERROR_MAXIMO = 2_000;

/** Records that the site of catalogue `version` started building (npm start's build, or Netlify's build hook called). */
export async function registrarConstruccion(db: Db, version: number): Promise<void> {
  await db
    .insert(publicaciones)
    .values({ version, estado: 'construyendo' })
    .onConflictDoUpdate({
      target: publicaciones.version,
      set: { estado: 'construyendo', error: null, iniciada: sql`now()`, terminada: null },
      // A version seen live stays live (Netlify may be asked again for what it already deployed).
      setWhere: sql`${publicaciones.estado} <> 'publicada'`,
    });
}

/** Records that the site of catalogue `version` is live; the moment it was first seen live is kept. */
export async function registrarPublicada(db: Db, version: number): Promise<void> {
  await db
    .insert(publicaciones)
    .values({ version, estado: 'publicada', terminada: sql`now()` })
    .onConflictDoUpdate({
      target: publicaciones.version,
      set: { estado: 'publicada', error: null, terminada: sql`now()` },
      setWhere: sql`${publicaciones.estado} <> 'publicada'`,
    });
}

/** Records that the site of catalogue `version` failed to build or deploy, with the error the operator reads. */
export async function registrarFallida(db: Db, version: number, error: string): Promise<void> {
  const texto = error.length > ERROR_MAXIMO ? `${error.slice(0, ERROR_MAXIMO)}…` : error;
  await db
    .insert(publicaciones)
    .values({ version, estado: 'fallida', error: texto, terminada: sql`now()` })
    .onConflictDoUpdate({
      target: publicaciones.version,
      set: { estado: 'fallida', error: texto, terminada: sql`now()` },
      setWhere: sql`${publicaciones.estado} <> 'publicada'`,
    });
}

/** The three recorders on one database, as `npm start`'s site refresh takes them. */
export const registroPublicacion = (db: Db) => ({
  construyendo: (version: number) => registrarConstruccion(db, version),
  publicada: (version: number) => registrarPublicada(db, version),
  fallida: (version: number, error: string) => registrarFallida(db, version, error),
});

export interface OpcionesEstado {
  /** A build under way longer than this did not deploy (REBUILD_BUILD_MINUTES): it is reported as failed. */
  construccionMinutos: number;
  /** The clock (tests). */
  ahora?: Date;
}

const iso = (fecha: Date | null | undefined) => (fecha ? fecha.toISOString() : null);

/**
 * What the back office says about publishing: live when the newest version seen live is the
 * database's; failed when the current version's build failed (or a build ran past its time without
 * deploying); being built when a build newer than the live one runs; otherwise pending.
 */
export async function estadoPublicacion(
  db: Db,
  { construccionMinutos, ahora = new Date() }: OpcionesEstado,
): Promise<EstadoPublicacionRespuesta> {
  const [[catalogo], [vivo], [ultimo]] = await Promise.all([
    db
      .select({ version: catalogoEstado.version, actualizado: catalogoEstado.actualizado })
      .from(catalogoEstado)
      .where(eq(catalogoEstado.id, 1)),
    db.select().from(publicaciones).where(eq(publicaciones.estado, 'publicada')).orderBy(desc(publicaciones.version)).limit(1),
    db.select().from(publicaciones).orderBy(desc(publicaciones.version)).limit(1),
  ]);
  const version = Number(catalogo?.version ?? 1);
  const base = {
    version,
    versionPublicada: vivo ? Number(vivo.version) : null,
    publicadaEn: iso(vivo?.terminada),
    cambioEn: iso(catalogo?.actualizado) ?? ahora.toISOString(),
    desde: null,
    error: null,
  };
  if (vivo && Number(vivo.version) >= version) return { ...base, estado: 'al-dia' };
  const posterior = ultimo && Number(ultimo.version) > Number(vivo?.version ?? 0) ? ultimo : undefined;
  if (posterior?.estado === 'fallida' && Number(posterior.version) === version)
    return { ...base, estado: 'fallida', desde: iso(posterior.terminada), error: posterior.error };
  if (posterior?.estado === 'construyendo') {
    const limite = posterior.iniciada.getTime() + construccionMinutos * 60_000;
    if (ahora.getTime() > limite && Number(posterior.version) === version)
      return {
        ...base,
        estado: 'fallida',
        desde: iso(posterior.iniciada),
        error: `La construcción empezó hace más de ${construccionMinutos} minutos y no se publicó. Revisa el registro de la construcción (en Netlify, sus despliegues).`,
      };
    if (ahora.getTime() <= limite) return { ...base, estado: 'construyendo', desde: iso(posterior.iniciada) };
  }
  return { ...base, estado: 'pendiente' };
}
