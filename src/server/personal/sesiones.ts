import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { PersonaSesion, SesionRespuesta } from '../../lib/api/backoffice-schemas.ts';
import type { PersonalConfig } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { codigosRecuperacionPersonal, passkeys, personas, sesionesPersonal } from '../db/schema/index.ts';
import { huella, nuevoSecreto } from './secretos.ts';

/**
 * The back office's sessions (issue 36): kept on the server, named by a random cookie whose SHA-256 is
 * the row's id. A session ends after `sesionInactivaMinutos` without a call (each call slides it) and
 * `sesionMaximaHoras` after sign-in whatever happens; it is "fresh" (money, people, keys, exports)
 * until `reautenticadaHasta`, set at sign-in and by POST /sesion/reautenticar.
 */

/** The session cookie: HttpOnly; Secure; SameSite=Strict; Path=/admin (the app and its API), no Max-Age (ends with the browser). */
export const COOKIE_SESION = 'kb_personal';
const COOKIE_OPCIONES = { httpOnly: true, secure: true, sameSite: 'Strict', path: '/admin' } as const;

/** The refusal of a call whose session ended (or never was). */
export const SESION_TERMINADA = 'Tu sesión terminó. Vuelve a ingresar con tu correo, contraseña y código.';

const minutos = (n: number) => n * 60_000;

/** A new session for `personaId`, fresh from now; sets the cookie on `c`. */
export async function abrirSesion(db: Db | Tx, c: Context, personaId: number, config: PersonalConfig): Promise<string> {
  const ahora = config.ahora();
  const valor = nuevoSecreto();
  const id = huella(valor);
  const expiraMaximo = new Date(ahora.getTime() + minutos(config.sesionMaximaHoras * 60));
  await db.insert(sesionesPersonal).values({
    id,
    personaId,
    creada: ahora,
    ultimoUso: ahora,
    expira: new Date(Math.min(ahora.getTime() + minutos(config.sesionInactivaMinutos), expiraMaximo.getTime())),
    expiraMaximo,
    reautenticadaHasta: new Date(ahora.getTime() + minutos(config.reautenticacionMinutos)),
  });
  setCookie(c, COOKIE_SESION, valor, COOKIE_OPCIONES);
  return id;
}

/** The Set-Cookie header that removes the cookie (on a refusal's own response). */
export const COOKIE_BORRADA = `${COOKIE_SESION}=; Max-Age=0; Path=/admin; HttpOnly; Secure; SameSite=Strict`;

/** Removes the cookie from the browser. */
export const borrarCookie = (c: Context) => deleteCookie(c, COOKIE_SESION, COOKIE_OPCIONES);

/** The session a request's cookie names, still open: its id, person and clocks (slid forward by this call); null otherwise. */
export async function sesionDe(db: Db, c: Context, config: PersonalConfig) {
  const valor = getCookie(c, COOKIE_SESION);
  if (!valor || valor.length > 200) return null;
  const ahora = config.ahora();
  const id = huella(valor);
  const inactiva = minutos(config.sesionInactivaMinutos);
  // One statement slides the idle end and checks every way a session ends, so two calls never revive a dead one.
  const [fila] = await db
    .update(sesionesPersonal)
    .set({
      ultimoUso: ahora,
      expira: sql`least(${new Date(ahora.getTime() + inactiva)}::timestamptz, ${sesionesPersonal.expiraMaximo})`,
    })
    .where(
      and(
        eq(sesionesPersonal.id, id),
        isNull(sesionesPersonal.cerrada),
        gt(sesionesPersonal.expira, ahora),
        gt(sesionesPersonal.expiraMaximo, ahora),
        sql`exists (select 1 from ${personas} where ${personas.id} = ${sesionesPersonal.personaId} and ${personas.activa})`,
      ),
    )
    .returning();
  if (!fila) return null;
  return { ...fila, fresca: fila.reautenticadaHasta !== null && fila.reautenticadaHasta > ahora };
}

export type Sesion = NonNullable<Awaited<ReturnType<typeof sesionDe>>>;

/** Closes one session, or every open session of a person (sign out everywhere, a disabled person). */
export async function cerrarSesion(db: Db | Tx, id: string, ahora: Date): Promise<void> {
  await db
    .update(sesionesPersonal)
    .set({ cerrada: ahora })
    .where(and(eq(sesionesPersonal.id, id), isNull(sesionesPersonal.cerrada)));
}
export async function cerrarSesionesDe(db: Db | Tx, personaId: number, ahora: Date): Promise<number> {
  const cerradas = await db
    .update(sesionesPersonal)
    .set({ cerrada: ahora })
    .where(and(eq(sesionesPersonal.personaId, personaId), isNull(sesionesPersonal.cerrada)))
    .returning({ expira: sesionesPersonal.expira, expiraMaximo: sesionesPersonal.expiraMaximo });
  // The count says how many were still open (the ended ones were closed only on paper).
  return cerradas.filter((sesion) => sesion.expira > ahora && sesion.expiraMaximo > ahora).length;
}

/** Marks a session fresh again until now + `reautenticacionMinutos`. */
export async function reautenticar(db: Db, id: string, config: PersonalConfig): Promise<Date> {
  const hasta = new Date(config.ahora().getTime() + minutos(config.reautenticacionMinutos));
  await db.update(sesionesPersonal).set({ reautenticadaHasta: hasta }).where(eq(sesionesPersonal.id, id));
  return hasta;
}

/** A person as the session's answers show it: with their passkeys and unused recovery codes counted. */
export async function personaSesion(db: Db | Tx, personaId: number): Promise<PersonaSesion> {
  const [persona] = await db
    .select({ id: personas.id, nombre: personas.nombre, correo: personas.correo, rol: personas.rol })
    .from(personas)
    .where(eq(personas.id, personaId));
  const [llaves] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.personaId, personaId));
  const [codigos] = await db
    .select({ n: count() })
    .from(codigosRecuperacionPersonal)
    .where(and(eq(codigosRecuperacionPersonal.personaId, personaId), isNull(codigosRecuperacionPersonal.usado)));
  return { ...persona!, passkeys: Number(llaves?.n ?? 0), codigosRestantes: Number(codigos?.n ?? 0) };
}

/** GET /sesion's answer for a session row. */
export async function respuestaSesion(
  db: Db | Tx,
  sesion: { personaId: number; expira: Date; expiraMaximo: Date; reautenticadaHasta: Date | null },
  ahora: Date,
): Promise<SesionRespuesta> {
  return {
    persona: await personaSesion(db, sesion.personaId),
    expira: sesion.expira.toISOString(),
    expiraMaximo: sesion.expiraMaximo.toISOString(),
    reautenticadaHasta: sesion.reautenticadaHasta && sesion.reautenticadaHasta > ahora ? sesion.reautenticadaHasta.toISOString() : null,
  };
}
