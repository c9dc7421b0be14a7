import { z } from 'zod';
import { ROLES } from './backoffice-schemas.ts';
import { textoPlano } from './text-schemas.ts';

/**
 * The request bodies of the back office's people routes (issue 36): sign-in, its second factor,
 * invitations and their enrolment, roles and API keys. The answers are in backoffice-schemas.ts. The
 * password rule is here too, so the invitation page says the same thing the server refuses.
 */

/** Shortest password of a person of the staff. */
export const CONTRASENA_MINIMA = 12;
/** Longest password read (argon2 takes any length; this keeps a hostile body from costing much). */
export const CONTRASENA_MAXIMA = 200;
/** The shop's own names a password must not contain (compared without case, accents or separators). */
export const NOMBRES_TIENDA = ['kbeauty', 'k-beauty', 'kbeautyperu'];

/** Lowercase without accents: 'Ñandú' → 'nandu'. */
const plano = (texto: string) => texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Why a password is refused, in Spanish, or undefined when it is acceptable: at least 12 characters, and
 * not containing the shop's name nor the part of the person's e-mail before the @ (case and accents aside).
 */
export function problemaContrasena(contrasena: string, correo: string): string | undefined {
  if ([...contrasena].length < CONTRASENA_MINIMA) return `La contraseña debe tener al menos ${CONTRASENA_MINIMA} caracteres.`;
  if ([...contrasena].length > CONTRASENA_MAXIMA) return `La contraseña puede tener hasta ${CONTRASENA_MAXIMA} caracteres.`;
  const texto = plano(contrasena);
  const sinSeparadores = texto.replace(/[\s._-]+/g, '');
  if (NOMBRES_TIENDA.some((nombre) => texto.includes(nombre) || sinSeparadores.includes(nombre.replace(/-/g, ''))))
    return 'La contraseña no puede contener el nombre de la tienda.';
  const local = plano(correo.split('@')[0] ?? '');
  if (local.length >= 3 && (texto.includes(local) || sinSeparadores.includes(local.replace(/[._-]+/g, ''))))
    return 'La contraseña no puede contener tu correo.';
  return undefined;
}

const correo = z
  .string({ error: 'Ingresa un correo.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Ingresa un correo válido.' }).max(254, { error: 'El correo es demasiado largo.' }));
const rol = z.enum(ROLES, { error: `El rol debe ser uno de: ${ROLES.join(', ')}.` });
const contrasena = z
  .string({ error: 'Ingresa tu contraseña.' })
  .min(1, { error: 'Ingresa tu contraseña.' })
  .max(CONTRASENA_MAXIMA, { error: `La contraseña puede tener hasta ${CONTRASENA_MAXIMA} caracteres.` });
const codigo = z
  .string({ error: 'Ingresa el código de verificación.' })
  .trim()
  .min(1, { error: 'Ingresa el código de verificación.' })
  .max(40, { error: 'El código de verificación no es válido.' });
const desafio = z.string({ error: 'Falta el desafío del ingreso.' }).min(1).max(200);
const nombre = textoPlano('El nombre', { error: 'Ingresa tu nombre.' })
  .transform((texto) => texto.trim())
  .pipe(z.string().min(2, { error: 'Ingresa tu nombre.' }).max(80, { error: 'El nombre puede tener hasta 80 caracteres.' }));

/** POST /admin/api/sesion. */
export const ingresoSchema = z.object({ correo, contrasena });
/** POST /admin/api/sesion/verificar: a 6-digit TOTP code or a recovery code. */
export const verificacionSchema = z.object({ desafio, codigo });
/** POST /admin/api/sesion/passkey/opciones. */
export const passkeyOpcionesSchema = z.object({ desafio });
/** POST /admin/api/sesion/passkey: the browser's WebAuthn answer as @simplewebauthn/browser gives it. */
export const passkeyIngresoSchema = z.object({ desafio, respuesta: z.record(z.string(), z.unknown()) });
/** A passkey's name as its owner types it ('Celular', 'Laptop de la tienda'). */
export const NOMBRE_PASSKEY_MAXIMO = 40;
/** POST /admin/api/yo/passkeys: the browser's answer and, optionally, a name for the passkey. */
export const passkeyRegistroSchema = z.object({
  respuesta: z.record(z.string(), z.unknown()),
  nombre: textoPlano('El nombre de la passkey', { error: 'El nombre de la passkey no es válido.' })
    .transform((texto) => texto.trim())
    .pipe(z.string().max(NOMBRE_PASSKEY_MAXIMO, { error: `El nombre puede tener hasta ${NOMBRE_PASSKEY_MAXIMO} caracteres.` }))
    .optional(),
});
/** POST /admin/api/yo/contrasena: the current password and the new one (checked with problemaContrasena). */
export const cambioContrasenaSchema = z.object({
  actual: contrasena,
  nueva: z
    .string({ error: 'Ingresa la nueva contraseña.' })
    .min(1, { error: 'Ingresa la nueva contraseña.' })
    .max(CONTRASENA_MAXIMA, { error: `La contraseña puede tener hasta ${CONTRASENA_MAXIMA} caracteres.` }),
});
/** POST /admin/api/sesion/reautenticar. */
export const reautenticacionSchema = z.object({ contrasena, codigo });
/** POST /admin/api/invitaciones/{token}: the new person's name and password (checked with problemaContrasena). */
export const aceptarInvitacionSchema = z.object({ nombre, contrasena });
/** POST /admin/api/invitaciones/{token}/totp. */
export const confirmarTotpSchema = z.object({ inscripcion: desafio, codigo });
/** POST /admin/api/personal/invitaciones. */
export const invitacionSchema = z.object({ correo, rol });
/** POST /admin/api/personal/{id}/rol. */
export const cambioRolSchema = z.object({ rol });
/** POST /admin/api/claves. */
export const nuevaClaveSchema = z.object({
  nombre: textoPlano('El nombre de la clave', { error: 'Ingresa un nombre para la clave.' })
    .transform((texto) => texto.trim())
    .pipe(
      z.string().min(1, { error: 'Ingresa un nombre para la clave.' }).max(60, { error: 'El nombre puede tener hasta 60 caracteres.' }),
    ),
  rol,
});
