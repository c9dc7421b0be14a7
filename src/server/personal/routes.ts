import { and, asc, count, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  type ClaveApi,
  type ClaveCreada,
  type CodigosNuevos,
  type CuentaCambiada,
  type PasskeyPropia,
  type InscripcionConfirmada,
  type InscripcionTotp,
  type Invitacion,
  type InvitacionCreada,
  type InvitacionPublica,
  type ListaPersonal,
  type Persona,
  type PrimerPasoRespuesta,
  type Rol,
  type SesionRespuesta,
} from '../../lib/api/backoffice-schemas.ts';
import {
  aceptarInvitacionSchema,
  cambioContrasenaSchema,
  cambioRolSchema,
  confirmarTotpSchema,
  ingresoSchema,
  invitacionSchema,
  nuevaClaveSchema,
  passkeyIngresoSchema,
  passkeyOpcionesSchema,
  passkeyRegistroSchema,
  problemaContrasena,
  reautenticacionSchema,
  verificacionSchema,
} from '../../lib/api/personal-schemas.ts';
import { PERSONAL, type ServerConfig } from '../config.ts';
import { audit, operadorDe, type OperatorEnv } from '../admin/audit.ts';
import { exigirRol } from '../admin/roles.ts';
import { clientIp } from '../auth/context.ts';
import { dummyHash, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { countInWindow, refuseWhenLimited } from '../auth/rate-limit.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  clavesApi,
  codigosRecuperacionPersonal,
  desafiosPersonal,
  invitacionesPersonal,
  passkeys,
  personas,
  sesionesPersonal,
} from '../db/schema/index.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { parseId } from '../http/params.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitacionEmail } from './correo.ts';
import { ingresoConPasskey, nombrePasskey, opcionesIngresoPasskey, opcionesRegistroPasskey, registrarPasskey } from './passkeys.ts';
import { huella, nuevaClave, nuevoCodigoRecuperacion, nuevoSecreto, normalizarCodigo, prefijoDe } from './secretos.ts';
import { abrirSesion, borrarCookie, cerrarSesion, cerrarSesionesDe, personaSesion, reautenticar, respuestaSesion } from './sesiones.ts';
import { inscripcionTotp, nuevoSecretoTotp, pasoDelCodigo } from './totp.ts';

/** What the people routes need: the database, the settings and the mailer (invitations). */
export interface PersonalDeps {
  db: Db;
  config: Pick<ServerConfig, 'personal' | 'rateLimits' | 'trustProxy' | 'clientIpHeader' | 'siteUrl'>;
  mailer: Mailer;
}

export const CREDENCIALES_INCORRECTAS = 'Correo o contraseña incorrectos.';
export const CODIGO_INCORRECTO = 'El código no es correcto o ya se usó. Espera el siguiente código de tu app e intenta nuevamente.';
export const INGRESO_VENCIDO = 'El ingreso venció. Vuelve a ingresar tu correo y contraseña.';
export const INVITACION_NO_EXISTE = 'Esta invitación no existe. Revisa el enlace o pide una nueva.';
export const INVITACION_VENCIDA = 'Esta invitación venció. Pide una nueva a la dueña o dueño de la tienda.';
export const INVITACION_USADA = 'Esta invitación ya se usó. Si ya tienes cuenta, ingresa con tu correo y contraseña.';
export const INVITACION_REVOCADA = 'Esta invitación fue anulada. Pide una nueva a la dueña o dueño de la tienda.';
/** The TOTP secret of an account whose access the owner reset: none, until it enrols again through its new link. */
export const SIN_SEGUNDO_FACTOR = '';
export const RESTABLECER_PROPIO = 'No puedes restablecer tu propio acceso: cambia tu contraseña o tus códigos en Mi cuenta.';
export const SOLO_PERSONAS = 'Esto es de una persona con sesión iniciada: una clave de API o el token de operador no tienen sesión.';

const minutos = (n: number) => n * 60_000;
const iso = (fecha: Date | null) => (fecha ? fecha.toISOString() : null);

type FilaPersona = typeof personas.$inferSelect;

/** A person as the people screen lists them. */
const persona = (fila: FilaPersona): Persona => ({
  id: fila.id,
  nombre: fila.nombre,
  correo: fila.correo,
  rol: fila.rol,
  activa: fila.activa,
  creada: fila.creada.toISOString(),
  ultimoIngreso: iso(fila.ultimoIngreso),
  ...(fila.totpSecreto === SIN_SEGUNDO_FACTOR ? { accesoPendiente: true } : {}),
});

const invitacion = (fila: typeof invitacionesPersonal.$inferSelect): Invitacion => ({
  id: fila.id,
  correo: fila.correo,
  rol: fila.rol,
  creada: fila.creada.toISOString(),
  expira: fila.expira.toISOString(),
  invitadaPor: fila.invitadaPor,
});

const claveApi = (fila: typeof clavesApi.$inferSelect): ClaveApi => ({
  id: fila.id,
  nombre: fila.nombre,
  prefijo: `${fila.prefijo}…`,
  creada: fila.creada.toISOString(),
  creadaPor: fila.creadaPor,
  ultimoUso: iso(fila.ultimoUso),
  revocada: iso(fila.revocada),
});

/** The failures' counters and the growing wait of one account (issue 36): rate limits per IP and per account, a delay before lockout. */
function cerrojo({ db, config }: PersonalDeps) {
  const porIp = config.rateLimits.personalPorIp;
  const porCuenta = config.rateLimits.personalPorCuenta;
  const claves = (c: Context, correo: string) => ({ ip: `personal:ip:${clientIp(c, config)}`, cuenta: `personal:cuenta:${correo}` });
  const ventana = (limite: { windowSeconds: number }, ahora: Date) =>
    new Date(Math.floor(ahora.getTime() / (limite.windowSeconds * 1000)) * limite.windowSeconds * 1000);

  return {
    /** Refuses (429) an address or account past its window, or an account still inside its wait after failures in a row. */
    async comprobar(c: Context, correo: string, fila: FilaPersona | undefined) {
      const ahora = config.personal.ahora();
      const { ip, cuenta } = claves(c, correo);
      await refuseWhenLimited(db, ip, porIp, ahora);
      await refuseWhenLimited(db, cuenta, porCuenta, ahora);
      if (fila && fila.fallos >= PERSONAL.fallosSinEspera && fila.ultimoFallo) {
        const segundos = Math.min(PERSONAL.esperaSegundos * 2 ** (fila.fallos - PERSONAL.fallosSinEspera), PERSONAL.esperaMaximaSegundos);
        const falta = Math.ceil((fila.ultimoFallo.getTime() + segundos * 1000 - ahora.getTime()) / 1000);
        if (falta > 0) throw tooMany(falta);
      }
    },
    /** Counts a failure against the address and the account, records it (and a lockout) in the audit trail. */
    async fallo(c: Context, correo: string, fila: FilaPersona | undefined, motivo: string) {
      const ahora = config.personal.ahora();
      const { ip, cuenta } = claves(c, correo);
      await countInWindow(db, ip, ventana(porIp, ahora));
      const enCuenta = await countInWindow(db, cuenta, ventana(porCuenta, ahora));
      if (fila)
        await db
          .update(personas)
          .set({ fallos: sql`${personas.fallos} + 1`, ultimoFallo: ahora })
          .where(eq(personas.id, fila.id));
      const quien = fila?.nombre ?? `desconocido (${correo})`;
      await audit(db, quien, [
        { accion: 'personal.ingreso-fallido', objetivo: `cuenta ${correo}`, despues: { motivo, ip: clientIp(c, config) } },
        ...(enCuenta === porCuenta.max
          ? [{ accion: 'personal.bloqueo', objetivo: `cuenta ${correo}`, despues: { minutos: Math.ceil(porCuenta.windowSeconds / 60) } }]
          : []),
      ]);
    },
    /** A success clears the failures in a row. */
    async exito(personaId: number) {
      await db.update(personas).set({ fallos: 0, ultimoFallo: null }).where(eq(personas.id, personaId));
    },
  };
}

/** A 429 with Retry-After: the growing wait between failed sign-ins. */
function tooMany(segundos: number) {
  const mensaje = `Demasiados intentos fallidos. Espera ${segundos} segundo(s) e intenta nuevamente.`;
  const error = clientError(429, mensaje);
  error.res?.headers.set('Retry-After', String(segundos));
  return error;
}

/**
 * Checks a second factor for `fila`: a 6-digit TOTP code of a step not used yet (a replayed code is
 * refused), or one of its unused recovery codes (used up here). Answers how, or null.
 */
async function segundoFactor(db: Db | Tx, fila: FilaPersona, codigo: string, ahora: Date): Promise<'totp' | 'recuperacion' | null> {
  const limpio = codigo.replace(/\s+/g, '');
  if (/^\d{6}$/.test(limpio)) {
    // An account whose access the owner reset has no TOTP secret until it enrols again.
    if (!fila.totpSecreto) return null;
    const paso = pasoDelCodigo(fila.totpSecreto, limpio, ahora);
    if (paso === null) return null;
    const usado = await db
      .update(personas)
      .set({ totpUltimoPaso: paso })
      .where(and(eq(personas.id, fila.id), or(isNull(personas.totpUltimoPaso), lt(personas.totpUltimoPaso, paso))))
      .returning({ id: personas.id });
    return usado.length ? 'totp' : null;
  }
  const normal = normalizarCodigo(limpio);
  if (normal.length !== 16) return null;
  const usado = await db
    .update(codigosRecuperacionPersonal)
    .set({ usado: ahora })
    .where(
      and(
        eq(codigosRecuperacionPersonal.personaId, fila.id),
        eq(codigosRecuperacionPersonal.codigoHash, huella(normal)),
        isNull(codigosRecuperacionPersonal.usado),
      ),
    )
    .returning({ id: codigosRecuperacionPersonal.id });
  return usado.length ? 'recuperacion' : null;
}

/** A live challenge of `tipo` by the value the browser holds, or undefined. */
async function desafioVivo(db: Db | Tx, valor: string, tipo: 'ingreso' | 'inscripcion', ahora: Date) {
  const [fila] = await db
    .select()
    .from(desafiosPersonal)
    .where(
      and(
        eq(desafiosPersonal.id, huella(valor)),
        eq(desafiosPersonal.tipo, tipo),
        isNull(desafiosPersonal.usado),
        gt(desafiosPersonal.expira, ahora),
        lt(desafiosPersonal.intentos, PERSONAL.desafioIntentos),
      ),
    );
  return fila;
}

/** Uses a challenge up; false when another call used it first. */
async function gastarDesafio(db: Db | Tx, id: string, ahora: Date): Promise<boolean> {
  const filas = await db
    .update(desafiosPersonal)
    .set({ usado: ahora })
    .where(and(eq(desafiosPersonal.id, id), isNull(desafiosPersonal.usado)))
    .returning({ id: desafiosPersonal.id });
  return filas.length > 0;
}

/** An invitation by its token, and why it cannot be used (or undefined when it can). */
async function invitacionPorToken(db: Db | Tx, token: string, ahora: Date) {
  const [fila] =
    token.length > 200
      ? []
      : await db
          .select()
          .from(invitacionesPersonal)
          .where(eq(invitacionesPersonal.tokenHash, huella(token)));
  if (!fila) throw clientError(404, INVITACION_NO_EXISTE);
  if (fila.revocada) throw clientError(410, INVITACION_REVOCADA);
  if (fila.usada) throw clientError(410, INVITACION_USADA);
  if (fila.expira <= ahora) throw clientError(410, INVITACION_VENCIDA);
  return fila;
}

/** Signs `fila` in: a new session (fresh), the failures cleared, the sign-in on record. */
async function ingresar(deps: PersonalDeps, c: Context, fila: FilaPersona, via: string): Promise<SesionRespuesta> {
  const { db, config } = deps;
  const ahora = config.personal.ahora();
  await db.update(personas).set({ ultimoIngreso: ahora, fallos: 0, ultimoFallo: null }).where(eq(personas.id, fila.id));
  const id = await abrirSesion(db, c, fila.id, config.personal);
  await audit(db, fila.nombre, [{ accion: 'personal.ingreso', objetivo: `persona ${fila.id}`, despues: { via, ip: clientIp(c, config) } }]);
  const [sesion] = await db.select().from(sesionesPersonal).where(eq(sesionesPersonal.id, id));
  return respuestaSesion(db, sesion!, ahora);
}

/**
 * Enrols again the account a reset invitation names (the owner's 'Restablecer acceso'): its new name,
 * password, TOTP secret and recovery codes; only while the reset is pending (no TOTP secret), so a
 * second use of any link never replaces a working account's factors. Same account, same role and history.
 */
async function reinscribir(
  tx: Tx,
  invitada: typeof invitacionesPersonal.$inferSelect,
  datos: { nombre: string; contrasena: string; secreto: string },
  paso: number,
  codigos: string[],
): Promise<FilaPersona> {
  const [cuenta] = await tx
    .update(personas)
    .set({
      nombre: datos.nombre,
      contrasena: datos.contrasena,
      totpSecreto: datos.secreto,
      totpUltimoPaso: paso,
      fallos: 0,
      ultimoFallo: null,
    })
    .where(and(eq(personas.id, invitada.personaId!), eq(personas.totpSecreto, SIN_SEGUNDO_FACTOR), eq(personas.activa, true)))
    .returning();
  if (!cuenta) throw clientError(410, INVITACION_USADA);
  await tx.delete(codigosRecuperacionPersonal).where(eq(codigosRecuperacionPersonal.personaId, cuenta.id));
  await tx
    .insert(codigosRecuperacionPersonal)
    .values(codigos.map((codigo) => ({ personaId: cuenta.id, codigoHash: huella(normalizarCodigo(codigo)) })));
  await audit(tx, cuenta.nombre, [
    {
      accion: 'personal.reinscripcion',
      objetivo: `persona ${cuenta.id} (${cuenta.correo})`,
      despues: { invitacion: invitada.id, restablecidaPor: invitada.invitadaPor },
    },
  ]);
  return cuenta;
}

/**
 * The people routes anyone may call (issue 36): sign-in (password, then a TOTP code, a recovery code or a
 * passkey) and the invitation's enrolment. Mounted before the actor guard.
 */
export function personalPublicRoutes(deps: PersonalDeps) {
  const { db, config } = deps;
  const limites = cerrojo(deps);
  const ahora = () => config.personal.ahora();
  /** The person behind a live sign-in challenge, or a 401 that says to start again. */
  const conDesafio = async (valor: string) => {
    const desafio = await desafioVivo(db, valor, 'ingreso', ahora());
    const [fila] = desafio?.personaId ? await db.select().from(personas).where(eq(personas.id, desafio.personaId)) : [];
    if (!desafio || !fila || !fila.activa) throw clientError(401, INGRESO_VENCIDO);
    return { desafio, fila };
  };

  return new Hono<OperatorEnv>()
    .post('/sesion', async (c) => {
      const { correo, contrasena } = await parseBody(c, ingresoSchema);
      const [fila] = await db.select().from(personas).where(eq(personas.correo, correo));
      await limites.comprobar(c, correo, fila);
      const correcta = await verifyPassword(fila?.contrasena ?? (await dummyHash()), contrasena);
      if (!fila || !correcta || !fila.activa) {
        await limites.fallo(c, correo, fila, !fila ? 'cuenta inexistente' : !correcta ? 'contraseña' : 'cuenta desactivada');
        throw clientError(401, CREDENCIALES_INCORRECTAS);
      }
      const valor = nuevoSecreto();
      const momento = ahora();
      await db.insert(desafiosPersonal).values({
        id: huella(valor),
        tipo: 'ingreso',
        personaId: fila.id,
        creado: momento,
        expira: new Date(momento.getTime() + minutos(config.personal.desafioMinutos)),
      });
      const [{ total }] = (await db.select({ total: count() }).from(passkeys).where(eq(passkeys.personaId, fila.id))) as [
        { total: number },
      ];
      return c.json({ desafio: valor, passkey: Number(total) > 0 } satisfies PrimerPasoRespuesta);
    })
    .post('/sesion/verificar', async (c) => {
      const { desafio: valor, codigo } = await parseBody(c, verificacionSchema);
      const { desafio, fila } = await conDesafio(valor);
      await limites.comprobar(c, fila.correo, fila);
      const via = await segundoFactor(db, fila, codigo, ahora());
      if (!via) {
        await db
          .update(desafiosPersonal)
          .set({ intentos: sql`${desafiosPersonal.intentos} + 1` })
          .where(eq(desafiosPersonal.id, desafio.id));
        await limites.fallo(c, fila.correo, fila, 'código de verificación');
        throw clientError(401, CODIGO_INCORRECTO);
      }
      if (!(await gastarDesafio(db, desafio.id, ahora()))) throw clientError(401, INGRESO_VENCIDO);
      return c.json(await ingresar(deps, c, fila, via === 'totp' ? 'código' : 'código de recuperación'));
    })
    .post('/sesion/passkey/opciones', async (c) => {
      const { desafio: valor } = await parseBody(c, passkeyOpcionesSchema);
      const { desafio, fila } = await conDesafio(valor);
      return c.json(await opcionesIngresoPasskey(db, config, desafio.id, fila.id));
    })
    .post('/sesion/passkey', async (c) => {
      const { desafio: valor, respuesta } = await parseBody(c, passkeyIngresoSchema);
      const { desafio, fila } = await conDesafio(valor);
      await limites.comprobar(c, fila.correo, fila);
      const ok = await ingresoConPasskey(db, config, desafio, fila.id, respuesta);
      if (!ok) {
        await db
          .update(desafiosPersonal)
          .set({ intentos: sql`${desafiosPersonal.intentos} + 1` })
          .where(eq(desafiosPersonal.id, desafio.id));
        await limites.fallo(c, fila.correo, fila, 'passkey');
        throw clientError(401, 'La passkey no es válida para esta cuenta. Usa tu código de verificación.');
      }
      if (!(await gastarDesafio(db, desafio.id, ahora()))) throw clientError(401, INGRESO_VENCIDO);
      return c.json(await ingresar(deps, c, fila, 'passkey'));
    })
    .get('/invitaciones/:token', async (c) => {
      const fila = await invitacionPorToken(db, c.req.param('token'), ahora());
      const [cuenta] = fila.personaId
        ? await db.select({ nombre: personas.nombre }).from(personas).where(eq(personas.id, fila.personaId))
        : [];
      return c.json({
        correo: fila.correo,
        rol: fila.rol,
        expira: fila.expira.toISOString(),
        ...(cuenta ? { restablecimiento: true, nombre: cuenta.nombre } : {}),
      } satisfies InvitacionPublica);
    })
    .post('/invitaciones/:token', async (c) => {
      const fila = await invitacionPorToken(db, c.req.param('token'), ahora());
      const { nombre, contrasena } = await parseBody(c, aceptarInvitacionSchema);
      const problema = problemaContrasena(contrasena, fila.correo);
      if (problema) throw clientError(400, problema);
      const [existe] = await db.select({ id: personas.id }).from(personas).where(eq(personas.correo, fila.correo));
      if (existe && existe.id !== fila.personaId)
        throw clientError(409, `Ya existe una cuenta con el correo ${fila.correo}. Ingresa con tu contraseña.`);
      const secreto = nuevoSecretoTotp();
      const valor = nuevoSecreto();
      const momento = ahora();
      await db.insert(desafiosPersonal).values({
        id: huella(valor),
        tipo: 'inscripcion',
        invitacionId: fila.id,
        datos: { nombre, contrasena: await hashPassword(contrasena), secreto },
        creado: momento,
        // The time to set up the app and type its first code: the invitation's own life bounds it.
        expira: new Date(Math.min(momento.getTime() + minutos(config.personal.desafioMinutos * 6), fila.expira.getTime())),
      });
      const { uri, qrSvg } = await inscripcionTotp(secreto, fila.correo);
      return c.json({ inscripcion: valor, secreto, uri, qrSvg } satisfies InscripcionTotp);
    })
    .post('/invitaciones/:token/totp', async (c) => {
      const { inscripcion, codigo } = await parseBody(c, confirmarTotpSchema);
      const momento = ahora();
      const invitada = await invitacionPorToken(db, c.req.param('token'), momento);
      const desafio = await desafioVivo(db, inscripcion, 'inscripcion', momento);
      if (!desafio || desafio.invitacionId !== invitada.id)
        throw clientError(401, 'La inscripción venció. Vuelve a abrir el enlace de la invitación.');
      const datos = desafio.datos as { nombre: string; contrasena: string; secreto: string };
      const paso = pasoDelCodigo(datos.secreto, codigo.replace(/\s+/g, ''), momento);
      if (paso === null) {
        await db
          .update(desafiosPersonal)
          .set({ intentos: sql`${desafiosPersonal.intentos} + 1` })
          .where(eq(desafiosPersonal.id, desafio.id));
        throw clientError(400, 'El código no coincide. Revisa la hora de tu celular y escribe el código que muestra tu app ahora.');
      }
      const codigos = Array.from({ length: PERSONAL.codigosRecuperacion }, nuevoCodigoRecuperacion);
      const nueva = await db.transaction(async (tx) => {
        const usada = await tx
          .update(invitacionesPersonal)
          .set({ usada: momento })
          .where(and(eq(invitacionesPersonal.id, invitada.id), isNull(invitacionesPersonal.usada), isNull(invitacionesPersonal.revocada)))
          .returning({ id: invitacionesPersonal.id });
        if (!usada.length || !(await gastarDesafio(tx, desafio.id, momento))) throw clientError(410, INVITACION_USADA);
        if (invitada.personaId !== null) return reinscribir(tx, invitada, datos, paso, codigos);
        const [creada] = await tx
          .insert(personas)
          .values({
            correo: invitada.correo,
            nombre: datos.nombre,
            rol: invitada.rol,
            contrasena: datos.contrasena,
            totpSecreto: datos.secreto,
            totpUltimoPaso: paso,
            creada: momento,
          })
          .onConflictDoNothing()
          .returning();
        if (!creada) throw clientError(409, `Ya existe una cuenta con el correo ${invitada.correo}. Ingresa con tu contraseña.`);
        await tx
          .insert(codigosRecuperacionPersonal)
          .values(codigos.map((codigo) => ({ personaId: creada.id, codigoHash: huella(normalizarCodigo(codigo)) })));
        await audit(tx, creada.nombre, [
          {
            accion: 'personal.alta',
            objetivo: `persona ${creada.id} (${creada.correo})`,
            despues: { rol: creada.rol, invitacion: invitada.id, invitadaPor: invitada.invitadaPor },
          },
        ]);
        return creada;
      });
      const sesion = await ingresar(deps, c, nueva, 'invitación');
      return c.json({
        mensaje: `¡Listo, ${nueva.nombre}! Tu cuenta está activa. Guarda tus códigos de recuperación: no volverán a mostrarse.`,
        persona: sesion.persona,
        codigosRecuperacion: codigos,
      } satisfies InscripcionConfirmada);
    });
}

/** The people routes behind the actor guard: the session itself, passkeys, people and API keys. */
export function personalRoutes(deps: PersonalDeps) {
  const { db, config, mailer } = deps;
  const limites = cerrojo(deps);
  const ahora = () => config.personal.ahora();
  const soloDueno = exigirRol('dueno', { fresca: true });
  /** The signed-in person's id and session, or a 400 for a key or the token. */
  const suya = (c: Context<OperatorEnv>) => {
    const persona = c.get('persona');
    const sesion = c.get('sesion');
    if (persona === undefined || sesion === undefined) throw clientError(400, SOLO_PERSONAS);
    return { persona, sesion };
  };
  const personaPorId = async (id: number) => {
    const [fila] = await db.select().from(personas).where(eq(personas.id, id));
    if (!fila) throw clientError(404, `No existe la persona N.° ${id}.`);
    return fila;
  };
  /** Whether another active owner than `id` remains (the shop never loses its last owner). */
  const otroDuenoActivo = async (id: number) => {
    const [fila] = await db
      .select({ id: personas.id })
      .from(personas)
      .where(and(eq(personas.rol, 'dueno'), eq(personas.activa, true), ne(personas.id, id)))
      .limit(1);
    return Boolean(fila);
  };

  return new Hono<OperatorEnv>()
    .get('/sesion', async (c) => {
      const { sesion } = suya(c);
      const [fila] = await db.select().from(sesionesPersonal).where(eq(sesionesPersonal.id, sesion));
      return c.json(await respuestaSesion(db, fila!, ahora()));
    })
    .delete('/sesion', async (c) => {
      const { persona, sesion } = suya(c);
      await cerrarSesion(db, sesion, ahora());
      borrarCookie(c);
      await audit(db, operadorDe(c), [{ accion: 'personal.salida', objetivo: `persona ${persona}` }]);
      return c.json({ mensaje: 'Cerraste tu sesión.' });
    })
    .post('/sesion/cerrar-todas', async (c) => {
      const { persona } = suya(c);
      const cerradas = await cerrarSesionesDe(db, persona, ahora());
      borrarCookie(c);
      await audit(db, operadorDe(c), [
        { accion: 'personal.salida-todas', objetivo: `persona ${persona}`, despues: { sesiones: cerradas } },
      ]);
      return c.json({ mensaje: `Cerraste tu sesión en todos tus dispositivos (${cerradas}).` });
    })
    .post('/sesion/reautenticar', async (c) => {
      const { persona, sesion } = suya(c);
      const { contrasena, codigo } = await parseBody(c, reautenticacionSchema);
      const fila = await personaPorId(persona);
      await limites.comprobar(c, fila.correo, fila);
      const correcta = await verifyPassword(fila.contrasena, contrasena);
      const via = correcta ? await segundoFactor(db, fila, codigo, ahora()) : null;
      if (!via) {
        await limites.fallo(c, fila.correo, fila, correcta ? 'código de verificación (reautenticación)' : 'contraseña (reautenticación)');
        throw clientError(401, correcta ? CODIGO_INCORRECTO : 'La contraseña no es correcta.');
      }
      await limites.exito(fila.id);
      await reautenticar(db, sesion, config.personal);
      await audit(db, fila.nombre, [{ accion: 'personal.reautenticacion', objetivo: `persona ${fila.id}`, despues: { via } }]);
      const [actual] = await db.select().from(sesionesPersonal).where(eq(sesionesPersonal.id, sesion));
      return c.json((await respuestaSesion(db, actual!, ahora())) satisfies SesionRespuesta);
    })
    .post('/yo/passkeys/opciones', exigirRol('personal', { fresca: true }), async (c) => {
      const { persona } = suya(c);
      return c.json(await opcionesRegistroPasskey(db, config, await personaPorId(persona)));
    })
    .post('/yo/passkeys', exigirRol('personal', { fresca: true }), async (c) => {
      const { persona } = suya(c);
      const { respuesta, nombre } = await parseBody(c, passkeyRegistroSchema);
      const fila = await personaPorId(persona);
      await registrarPasskey(db, config, fila.id, respuesta, nombre);
      await audit(db, fila.nombre, [{ accion: 'personal.passkey', objetivo: `persona ${fila.id}` }]);
      return c.json({
        mensaje: 'Registraste tu passkey: la próxima vez puedes ingresar con ella.',
        persona: await personaSesion(db, fila.id),
      });
    })
    .get('/yo/passkeys', async (c) => {
      const { persona } = suya(c);
      const filas = await db.select().from(passkeys).where(eq(passkeys.personaId, persona)).orderBy(asc(passkeys.creada), asc(passkeys.id));
      return c.json({
        passkeys: filas.map((fila): PasskeyPropia => ({
          id: fila.id,
          nombre: nombrePasskey(fila),
          creada: fila.creada.toISOString(),
          ultimoUso: iso(fila.ultimoUso),
        })),
      });
    })
    .delete('/yo/passkeys/:id', exigirRol('personal', { fresca: true }), async (c) => {
      const { persona } = suya(c);
      const id = parseId(c.req.param('id'), 'número de passkey');
      // Only one's own: another person's passkey is as absent as one that never existed.
      const [fila] = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.personaId, persona)))
        .returning();
      if (!fila) throw clientError(404, `No tienes una passkey N.° ${id}.`);
      const quien = await personaPorId(persona);
      await audit(db, quien.nombre, [
        { accion: 'personal.passkey-quitada', objetivo: `persona ${persona}`, antes: { passkey: nombrePasskey(fila) } },
      ]);
      return c.json({
        mensaje: `Quitamos la passkey "${nombrePasskey(fila)}": ya no sirve para ingresar.`,
        persona: await personaSesion(db, persona),
      } satisfies CuentaCambiada);
    })
    .post('/yo/contrasena', exigirRol('personal', { fresca: true }), async (c) => {
      const { persona, sesion } = suya(c);
      const { actual, nueva } = await parseBody(c, cambioContrasenaSchema);
      const fila = await personaPorId(persona);
      await limites.comprobar(c, fila.correo, fila);
      if (!(await verifyPassword(fila.contrasena, actual))) {
        await limites.fallo(c, fila.correo, fila, 'contraseña (cambio de contraseña)');
        throw clientError(401, 'La contraseña actual no es correcta.');
      }
      const problema = problemaContrasena(nueva, fila.correo);
      if (problema) throw clientError(400, problema);
      if (nueva === actual) throw clientError(400, 'La nueva contraseña debe ser distinta de la actual.');
      const hash = await hashPassword(nueva);
      const cerradas = await db.transaction(async (tx) => {
        await tx.update(personas).set({ contrasena: hash, fallos: 0, ultimoFallo: null }).where(eq(personas.id, persona));
        // Every other session ends (a stolen password's sessions with it); this one stays.
        const otras = await tx
          .update(sesionesPersonal)
          .set({ cerrada: ahora() })
          .where(and(eq(sesionesPersonal.personaId, persona), isNull(sesionesPersonal.cerrada), ne(sesionesPersonal.id, sesion)))
          .returning({ expira: sesionesPersonal.expira, expiraMaximo: sesionesPersonal.expiraMaximo });
        const n = otras.filter((s) => s.expira > ahora() && s.expiraMaximo > ahora()).length;
        await audit(tx, fila.nombre, [{ accion: 'personal.contrasena', objetivo: `persona ${persona}`, despues: { sesionesCerradas: n } }]);
        return n;
      });
      return c.json({
        mensaje: `Cambiaste tu contraseña.${cerradas ? ` Cerramos tus otras ${cerradas} sesión(es).` : ''}`,
        persona: await personaSesion(db, persona),
      } satisfies CuentaCambiada);
    })
    .post('/yo/codigos', exigirRol('personal', { fresca: true }), async (c) => {
      const { persona } = suya(c);
      const fila = await personaPorId(persona);
      const codigos = Array.from({ length: PERSONAL.codigosRecuperacion }, nuevoCodigoRecuperacion);
      await db.transaction(async (tx) => {
        await tx.delete(codigosRecuperacionPersonal).where(eq(codigosRecuperacionPersonal.personaId, persona));
        await tx
          .insert(codigosRecuperacionPersonal)
          .values(codigos.map((codigo) => ({ personaId: persona, codigoHash: huella(normalizarCodigo(codigo)) })));
        await audit(tx, fila.nombre, [
          { accion: 'personal.codigos', objetivo: `persona ${persona}`, despues: { codigos: codigos.length } },
        ]);
      });
      return c.json({
        mensaje: 'Estos son tus nuevos códigos de recuperación. Guárdalos ahora: no volverán a mostrarse y los anteriores ya no sirven.',
        codigosRecuperacion: codigos,
        persona: await personaSesion(db, persona),
      } satisfies CodigosNuevos);
    })
    .post('/personal/:id/restablecer', soloDueno, async (c) => {
      const id = parseId(c.req.param('id'), 'número de persona');
      const fila = await personaPorId(id);
      if (c.get('persona') === id) throw clientError(409, RESTABLECER_PROPIO);
      if (!fila.activa) throw clientError(409, `La cuenta de ${fila.nombre} está desactivada: actívala antes de restablecer su acceso.`);
      const token = nuevoSecreto();
      const momento = ahora();
      const horas = config.personal.invitacionHoras;
      const enlace = enlaceInvitacion(config.siteUrl, token);
      // A password nobody knows: the account cannot sign in until its new link is used.
      const sinContrasena = await hashPassword(nuevoSecreto());
      const { nueva, cerradas } = await db.transaction(async (tx) => {
        await tx
          .update(personas)
          .set({ contrasena: sinContrasena, totpSecreto: SIN_SEGUNDO_FACTOR, totpUltimoPaso: null, fallos: 0, ultimoFallo: null })
          .where(eq(personas.id, id));
        const n = await cerrarSesionesDe(tx, id, momento);
        const llaves = await tx.delete(passkeys).where(eq(passkeys.personaId, id)).returning({ id: passkeys.id });
        await tx.delete(codigosRecuperacionPersonal).where(eq(codigosRecuperacionPersonal.personaId, id));
        await tx.delete(desafiosPersonal).where(eq(desafiosPersonal.personaId, id));
        // Any earlier link for this address stops working: only the new one enrols the account.
        await tx
          .update(invitacionesPersonal)
          .set({ revocada: momento })
          .where(
            and(eq(invitacionesPersonal.correo, fila.correo), isNull(invitacionesPersonal.usada), isNull(invitacionesPersonal.revocada)),
          );
        const [creada] = await tx
          .insert(invitacionesPersonal)
          .values({
            tokenHash: huella(token),
            correo: fila.correo,
            rol: fila.rol,
            creada: momento,
            expira: new Date(momento.getTime() + minutos(horas * 60)),
            invitadaPor: operadorDe(c),
            personaId: id,
          })
          .returning();
        await audit(tx, operadorDe(c), [
          {
            accion: 'personal.restablecer',
            objetivo: `persona ${id} (${fila.correo})`,
            despues: { sesionesCerradas: n, passkeysQuitadas: llaves.length, invitacion: creada!.id },
          },
        ]);
        return { nueva: creada!, cerradas: n };
      });
      await mailer.send(
        invitacionEmail({
          to: fila.correo,
          rol: fila.rol,
          enlace,
          horas,
          invitadaPor: nombreVisible(operadorDe(c)),
          restablecimiento: true,
        }),
      );
      return c.json({
        mensaje: `Restablecimos el acceso de ${fila.nombre}${cerradas ? ` y cerramos sus ${cerradas} sesión(es)` : ''}. Le enviamos un enlace nuevo que vence en ${horas} horas.`,
        invitacion: invitacion(nueva),
        enlace,
      } satisfies InvitacionCreada);
    })
    .get('/personal', exigirRol('dueno'), async (c) => {
      const filas = await db.select().from(personas).orderBy(asc(personas.nombre), asc(personas.id));
      const pendientes = await db
        .select()
        .from(invitacionesPersonal)
        .where(and(isNull(invitacionesPersonal.usada), isNull(invitacionesPersonal.revocada), gt(invitacionesPersonal.expira, ahora())))
        .orderBy(desc(invitacionesPersonal.creada), desc(invitacionesPersonal.id));
      return c.json({ personas: filas.map(persona), invitaciones: pendientes.map(invitacion) } satisfies ListaPersonal);
    })
    .post('/personal/invitaciones', soloDueno, async (c) => {
      const { correo, rol } = await parseBody(c, invitacionSchema);
      const [existe] = await db.select({ id: personas.id }).from(personas).where(eq(personas.correo, correo));
      if (existe) throw clientError(409, `${correo} ya tiene una cuenta en la administración.`);
      const token = nuevoSecreto();
      const momento = ahora();
      const horas = config.personal.invitacionHoras;
      const enlace = enlaceInvitacion(config.siteUrl, token);
      const fila = await db.transaction(async (tx) => {
        const [nueva] = await tx
          .insert(invitacionesPersonal)
          .values({
            tokenHash: huella(token),
            correo,
            rol,
            creada: momento,
            expira: new Date(momento.getTime() + minutos(horas * 60)),
            invitadaPor: operadorDe(c),
          })
          .returning();
        await audit(tx, operadorDe(c), [
          { accion: 'personal.invitacion', objetivo: `invitación ${nueva!.id} (${correo})`, despues: { rol } },
        ]);
        return nueva!;
      });
      await mailer.send(invitacionEmail({ to: correo, rol, enlace, horas, invitadaPor: nombreVisible(operadorDe(c)) }));
      return c.json({
        mensaje: `Invitamos a ${correo}. El enlace vence en ${horas} horas.`,
        invitacion: invitacion(fila),
        enlace,
      } satisfies InvitacionCreada);
    })
    .delete('/personal/invitaciones/:id', exigirRol('dueno'), async (c) => {
      const id = parseId(c.req.param('id'), 'número de invitación');
      const [fila] = await db
        .update(invitacionesPersonal)
        .set({ revocada: ahora() })
        .where(and(eq(invitacionesPersonal.id, id), isNull(invitacionesPersonal.usada), isNull(invitacionesPersonal.revocada)))
        .returning();
      if (!fila) throw clientError(404, `No hay una invitación pendiente N.° ${id}.`);
      await audit(db, operadorDe(c), [{ accion: 'personal.invitacion-anulada', objetivo: `invitación ${id} (${fila.correo})` }]);
      return c.json({ mensaje: `Anulamos la invitación de ${fila.correo}.` });
    })
    .post('/personal/:id/desactivar', soloDueno, async (c) => {
      const id = parseId(c.req.param('id'), 'número de persona');
      const fila = await personaPorId(id);
      if (c.get('persona') === id) throw clientError(409, 'No puedes desactivar tu propia cuenta.');
      if (fila.rol === 'dueno' && fila.activa && !(await otroDuenoActivo(id)))
        throw clientError(409, 'No puedes desactivar a la única dueña o dueño activo de la tienda.');
      const cerradas = await db.transaction(async (tx) => {
        await tx.update(personas).set({ activa: false }).where(eq(personas.id, id));
        const n = await cerrarSesionesDe(tx, id, ahora());
        await audit(tx, operadorDe(c), [
          {
            accion: 'personal.desactivar',
            objetivo: `persona ${id} (${fila.correo})`,
            antes: { activa: fila.activa },
            despues: { activa: false, sesionesCerradas: n },
          },
        ]);
        return n;
      });
      return c.json({
        mensaje: `${fila.nombre} ya no puede ingresar${cerradas ? `; cerramos sus ${cerradas} sesión(es) abiertas` : ''}.`,
        persona: persona({ ...fila, activa: false }),
      });
    })
    .post('/personal/:id/activar', soloDueno, async (c) => {
      const id = parseId(c.req.param('id'), 'número de persona');
      const fila = await personaPorId(id);
      await db.update(personas).set({ activa: true, fallos: 0, ultimoFallo: null }).where(eq(personas.id, id));
      await audit(db, operadorDe(c), [
        {
          accion: 'personal.activar',
          objetivo: `persona ${id} (${fila.correo})`,
          antes: { activa: fila.activa },
          despues: { activa: true },
        },
      ]);
      return c.json({ mensaje: `${fila.nombre} puede ingresar de nuevo.`, persona: persona({ ...fila, activa: true }) });
    })
    .post('/personal/:id/rol', soloDueno, async (c) => {
      const id = parseId(c.req.param('id'), 'número de persona');
      const { rol } = await parseBody(c, cambioRolSchema);
      const fila = await personaPorId(id);
      if (fila.rol === 'dueno' && rol !== 'dueno' && fila.activa && !(await otroDuenoActivo(id)))
        throw clientError(409, 'La tienda necesita al menos una dueña o dueño activo: nombra a otra persona antes de cambiar este rol.');
      await db.update(personas).set({ rol }).where(eq(personas.id, id));
      await audit(db, operadorDe(c), [
        { accion: 'personal.rol', objetivo: `persona ${id} (${fila.correo})`, antes: { rol: fila.rol }, despues: { rol } },
      ]);
      return c.json({ mensaje: `${fila.nombre} ahora es ${rolEnTexto(rol)}.`, persona: persona({ ...fila, rol }) });
    })
    .get('/claves', soloDueno, async (c) => {
      const filas = await db.select().from(clavesApi).orderBy(desc(clavesApi.creada), desc(clavesApi.id));
      return c.json({ claves: filas.map(claveApi) });
    })
    .post('/claves', soloDueno, async (c) => {
      const { nombre, rol } = await parseBody(c, nuevaClaveSchema);
      const secreto = nuevaClave();
      const fila = await db.transaction(async (tx) => {
        const [nueva] = await tx
          .insert(clavesApi)
          .values({ hash: huella(secreto), prefijo: prefijoDe(secreto), nombre, rol, creada: ahora(), creadaPor: operadorDe(c) })
          .returning();
        await audit(tx, operadorDe(c), [{ accion: 'clave.crear', objetivo: `clave ${nueva!.id} (${nombre})`, despues: { rol } }]);
        return nueva!;
      });
      return c.json({
        mensaje: `Creamos la clave "${nombre}". Cópiala ahora: no volverá a mostrarse.`,
        clave: claveApi(fila),
        secreto,
      } satisfies ClaveCreada);
    })
    .delete('/claves/:id', soloDueno, async (c) => {
      const id = parseId(c.req.param('id'), 'número de clave');
      const [fila] = await db
        .update(clavesApi)
        .set({ revocada: ahora() })
        .where(and(eq(clavesApi.id, id), isNull(clavesApi.revocada)))
        .returning();
      if (!fila) throw clientError(404, `No hay una clave vigente N.° ${id}.`);
      await audit(db, operadorDe(c), [{ accion: 'clave.revocar', objetivo: `clave ${id} (${fila.nombre})` }]);
      return c.json({ mensaje: `Revocamos la clave "${fila.nombre}": ya no abre la API.`, clave: claveApi(fila) });
    });
}

/** The one-time link of an invitation (or a reset's). */
const enlaceInvitacion = (siteUrl: string, token: string) => `${siteUrl.replace(/\/+$/, '')}/admin/invitacion?token=${token}`;
const rolEnTexto = (rol: Rol) => (rol === 'dueno' ? 'dueña o dueño' : 'personal');
/** The inviter's name as the e-mail says it ('token de operador (Ana)' reads as Ana). */
const nombreVisible = (operador: string) =>
  /^token de operador \((.+)\)$/.exec(operador)?.[1] ??
  (operador.startsWith('token de') || operador.startsWith('clave:') ? 'La tienda' : operador);
