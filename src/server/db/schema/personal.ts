import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Rol } from '../../../lib/api/backoffice-schemas.ts';

const fecha = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The shop's staff (issue 36): who signs in to the back office, with a password (argon2id) and a TOTP secret. */
export const personas = pgTable(
  'personas',
  {
    id: serial('id').primaryKey(),
    /** Lowercased, unique. */
    correo: text('correo').notNull(),
    nombre: text('nombre').notNull(),
    rol: text('rol').$type<Rol>().notNull(),
    contrasena: text('contrasena').notNull(),
    totpSecreto: text('totp_secreto').notNull(),
    /** The last TOTP time step accepted: a code of that step or an older one is refused (no replay). */
    totpUltimoPaso: bigint('totp_ultimo_paso', { mode: 'number' }),
    activa: boolean('activa').notNull().default(true),
    creada: fecha('creada').notNull().defaultNow(),
    ultimoIngreso: fecha('ultimo_ingreso'),
    /** Failed sign-ins in a row (password or second factor): each past a few waits longer. */
    fallos: integer('fallos').notNull().default(0),
    ultimoFallo: fecha('ultimo_fallo'),
  },
  (t) => [uniqueIndex('personas_correo_idx').on(t.correo)],
);

/** An invitation to join the staff: a one-time link (only its token's SHA-256 is kept). */
export const invitacionesPersonal = pgTable(
  'invitaciones_personal',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    correo: text('correo').notNull(),
    rol: text('rol').$type<Rol>().notNull(),
    creada: fecha('creada').notNull().defaultNow(),
    expira: fecha('expira').notNull(),
    usada: fecha('usada'),
    revocada: fecha('revocada'),
    invitadaPor: text('invitada_por').notNull(),
    /** The account a reset re-enrols (the owner's 'Restablecer acceso'); null when the invitation creates a new person. */
    personaId: integer('persona_id').references(() => personas.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('invitaciones_personal_token_idx').on(t.tokenHash)],
);

/** A signed-in browser: the id is the SHA-256 of the `kb_personal` cookie's value. */
export const sesionesPersonal = pgTable(
  'sesiones_personal',
  {
    id: text('id').primaryKey(),
    personaId: integer('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    creada: fecha('creada').notNull(),
    ultimoUso: fecha('ultimo_uso').notNull(),
    /** Idle end (slides with each call, never past `expiraMaximo`). */
    expira: fecha('expira').notNull(),
    expiraMaximo: fecha('expira_maximo').notNull(),
    reautenticadaHasta: fecha('reautenticada_hasta'),
    cerrada: fecha('cerrada'),
  },
  (t) => [index('sesiones_personal_persona_idx').on(t.personaId)],
);

/** Ten one-use recovery codes per person (SHA-256 of random 80-bit codes). */
export const codigosRecuperacionPersonal = pgTable(
  'codigos_recuperacion_personal',
  {
    id: serial('id').primaryKey(),
    personaId: integer('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    codigoHash: text('codigo_hash').notNull(),
    usado: fecha('usado'),
  },
  (t) => [index('codigos_recuperacion_personal_persona_idx').on(t.personaId)],
);

/** Half-done steps, each valid a few minutes and used once: a sign-in's second factor, a TOTP enrolment, a passkey's enrolment. */
export const desafiosPersonal = pgTable('desafios_personal', {
  /** SHA-256 of the value the browser holds. */
  id: text('id').primaryKey(),
  tipo: text('tipo').$type<'ingreso' | 'inscripcion' | 'passkey-registro'>().notNull(),
  personaId: integer('persona_id').references(() => personas.id, { onDelete: 'cascade' }),
  invitacionId: integer('invitacion_id').references(() => invitacionesPersonal.id, { onDelete: 'cascade' }),
  datos: jsonb('datos').$type<Record<string, unknown>>().notNull().default({}),
  creado: fecha('creado').notNull(),
  expira: fecha('expira').notNull(),
  usado: fecha('usado'),
  intentos: integer('intentos').notNull().default(0),
});

/** Named API keys (`kbk_…`) for the command line and scripts: only the SHA-256 is kept, and the first characters to tell them apart. */
export const clavesApi = pgTable(
  'claves_api',
  {
    id: serial('id').primaryKey(),
    hash: text('hash').notNull(),
    prefijo: text('prefijo').notNull(),
    nombre: text('nombre').notNull(),
    rol: text('rol').$type<Rol>().notNull(),
    creada: fecha('creada').notNull().defaultNow(),
    creadaPor: text('creada_por').notNull(),
    ultimoUso: fecha('ultimo_uso'),
    revocada: fecha('revocada'),
  },
  (t) => [uniqueIndex('claves_api_hash_idx').on(t.hash)],
);

/** A person's WebAuthn credentials (passkeys): the credential id and public key (base64url), the signature counter. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    personaId: integer('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    credencial: text('credencial').notNull(),
    clavePublica: text('clave_publica').notNull(),
    contador: bigint('contador', { mode: 'number' }).notNull().default(0),
    transportes: jsonb('transportes').$type<string[]>().notNull().default([]),
    creada: fecha('creada').notNull().defaultNow(),
    ultimoUso: fecha('ultimo_uso'),
    /** The name its owner gave it ('Celular', 'Laptop'); null for one enrolled before names (shown from its transports). */
    nombre: text('nombre'),
  },
  (t) => [uniqueIndex('passkeys_credencial_idx').on(t.credencial)],
);
