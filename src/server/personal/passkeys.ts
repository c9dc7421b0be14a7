import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { TIENDA } from '../../lib/tienda.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { desafiosPersonal, passkeys, personas } from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';
import { huella } from './secretos.ts';

/**
 * Passkeys (WebAuthn, issue 36) through @simplewebauthn/server: the relying party is the shop's own
 * site (SITE_URL's host and origin). A signed-in, fresh person enrols one (POST /yo/passkeys/…); at
 * sign-in it stands for the second factor after the password (POST /sesion/passkey/…). Every WebAuthn
 * challenge is kept on the server (in the sign-in's desafío, or a 'passkey-registro' one) and used once.
 */

type Config = Pick<ServerConfig, 'siteUrl' | 'personal'>;
const parteConfiable = (config: Config) => {
  const url = new URL(config.siteUrl);
  return { rpID: url.hostname, origin: url.origin };
};
const minutos = (n: number) => n * 60_000;

/** The challenge a WebAuthn answer carries (base64url), read from its clientDataJSON; undefined when unreadable. */
function desafioDeRespuesta(respuesta: Record<string, unknown>): string | undefined {
  try {
    const datos = (respuesta.response as { clientDataJSON?: unknown } | undefined)?.clientDataJSON;
    if (typeof datos !== 'string') return undefined;
    const { challenge } = JSON.parse(Buffer.from(datos, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof challenge === 'string' ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Creation options for `persona`'s new passkey; its challenge is kept 5 minutes, for one use. */
export async function opcionesRegistroPasskey(db: Db, config: Config, persona: typeof personas.$inferSelect) {
  const { rpID } = parteConfiable(config);
  const existentes = await db.select().from(passkeys).where(eq(passkeys.personaId, persona.id));
  const opciones = await generateRegistrationOptions({
    rpName: `${TIENDA.nombre} · Administración`,
    rpID,
    userName: persona.correo,
    userDisplayName: persona.nombre,
    userID: new TextEncoder().encode(`persona-${persona.id}`),
    attestationType: 'none',
    excludeCredentials: existentes.map((p) => ({ id: p.credencial, transports: p.transportes as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const ahora = config.personal.ahora();
  await db.insert(desafiosPersonal).values({
    id: huella(opciones.challenge),
    tipo: 'passkey-registro',
    personaId: persona.id,
    creado: ahora,
    expira: new Date(ahora.getTime() + minutos(config.personal.desafioMinutos)),
  });
  return opciones;
}

/** Verifies and stores a new passkey of `personaId`; a 400 in Spanish when the answer is not acceptable. */
export async function registrarPasskey(
  db: Db,
  config: Config,
  personaId: number,
  respuesta: Record<string, unknown>,
  nombre?: string,
): Promise<void> {
  const { rpID, origin } = parteConfiable(config);
  const ahora = config.personal.ahora();
  const reto = desafioDeRespuesta(respuesta);
  const invalida = () => clientError(400, 'No pudimos registrar la passkey. Intenta nuevamente desde el principio.');
  if (!reto) throw invalida();
  // The challenge is used up before it is checked: a second try with the same one never reaches the check.
  const [desafio] = await db
    .update(desafiosPersonal)
    .set({ usado: ahora })
    .where(
      and(
        eq(desafiosPersonal.id, huella(reto)),
        eq(desafiosPersonal.tipo, 'passkey-registro'),
        eq(desafiosPersonal.personaId, personaId),
        isNull(desafiosPersonal.usado),
        gt(desafiosPersonal.expira, ahora),
      ),
    )
    .returning();
  if (!desafio) throw invalida();
  let verificada;
  try {
    verificada = await verifyRegistrationResponse({
      response: respuesta as unknown as RegistrationResponseJSON,
      expectedChallenge: reto,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch {
    throw invalida();
  }
  if (!verificada.verified || !verificada.registrationInfo) throw invalida();
  const { credential } = verificada.registrationInfo;
  const guardada = await db
    .insert(passkeys)
    .values({
      personaId,
      credencial: credential.id,
      clavePublica: Buffer.from(credential.publicKey).toString('base64url'),
      contador: credential.counter,
      transportes: credential.transports ?? [],
      creada: ahora,
      nombre: nombre || null,
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  if (!guardada.length) throw clientError(409, 'Esa passkey ya está registrada.');
}

/** Request options for signing in with a passkey of `personaId`, the challenge kept in the sign-in's desafío. */
export async function opcionesIngresoPasskey(db: Db, config: Config, desafioId: string, personaId: number) {
  const { rpID } = parteConfiable(config);
  const suyas = await db.select().from(passkeys).where(eq(passkeys.personaId, personaId));
  if (!suyas.length) throw clientError(409, 'Esta cuenta no tiene passkeys: ingresa el código de tu app.');
  const opciones = await generateAuthenticationOptions({
    rpID,
    allowCredentials: suyas.map((p) => ({ id: p.credencial, transports: p.transportes as AuthenticatorTransport[] })),
    userVerification: 'preferred',
  });
  await db
    .update(desafiosPersonal)
    .set({ datos: { webauthn: opciones.challenge } })
    .where(eq(desafiosPersonal.id, desafioId));
  return opciones;
}

/** Whether `respuesta` is a valid assertion of one of `personaId`'s passkeys for the desafío's challenge (its counter moves on). */
export async function ingresoConPasskey(
  db: Db,
  config: Config,
  desafio: typeof desafiosPersonal.$inferSelect,
  personaId: number,
  respuesta: Record<string, unknown>,
): Promise<boolean> {
  const { rpID, origin } = parteConfiable(config);
  const reto = (desafio.datos as { webauthn?: unknown }).webauthn;
  if (typeof reto !== 'string' || typeof respuesta.id !== 'string') return false;
  const [clave] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credencial, respuesta.id), eq(passkeys.personaId, personaId)));
  if (!clave) return false;
  // One assertion per challenge: the challenge is forgotten before the answer is checked.
  await db.update(desafiosPersonal).set({ datos: {} }).where(eq(desafiosPersonal.id, desafio.id));
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: respuesta as unknown as AuthenticationResponseJSON,
      expectedChallenge: reto,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: clave.credencial,
        publicKey: new Uint8Array(Buffer.from(clave.clavePublica, 'base64url')),
        counter: clave.contador,
        transports: clave.transportes as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    });
    if (!verified) return false;
    await db
      .update(passkeys)
      .set({ contador: authenticationInfo.newCounter, ultimoUso: config.personal.ahora() })
      .where(eq(passkeys.id, clave.id));
    return true;
  } catch {
    return false;
  }
}

/** A passkey's name as 'Mi cuenta' shows it: the one its owner gave, or what its transports say it is. */
export function nombrePasskey(fila: { nombre: string | null; transportes: string[] }): string {
  if (fila.nombre) return fila.nombre;
  if (fila.transportes.includes('internal')) return 'Passkey de este equipo';
  if (fila.transportes.includes('hybrid')) return 'Passkey de un celular';
  if (fila.transportes.some((t) => t === 'usb' || t === 'nfc' || t === 'ble')) return 'Llave de seguridad';
  return 'Passkey';
}
