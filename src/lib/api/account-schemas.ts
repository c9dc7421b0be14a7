import { z } from 'zod';
import { CONTRASENA, DOC_RULES, DOC_TYPES, TELEFONO, USUARIO } from './account-rules.ts';
import { textoPlano } from './text-schemas.ts';

/**
 * Request and response shapes of the account calls (storefront §3 and §7, checkout §3 and §7), built
 * on the field rules of account-rules.ts. The server validates with them; the dialogs and pages use
 * the same types (and the rules, without zod).
 */

const texto = (campo: string, max: number) =>
  textoPlano(campo, { error: `${campo} es obligatorio.` })
    .trim()
    .min(1, `${campo} es obligatorio.`)
    .max(max, `${campo} es demasiado largo.`);

export const loginSchema = z.object({
  user: texto('El usuario o correo', 120),
  password: textoPlano('La contraseña', { error: 'La contraseña es obligatoria.' }).min(1, 'La contraseña es obligatoria.').max(200),
});
export type LoginPayload = z.infer<typeof loginSchema>;

/** `/login` answer: id 0 on failure, mensaje the token on success or the error text. */
export interface LoginResponse {
  id: number;
  mensaje: string;
  profileCompleted: number;
}

/** The username rule (USUARIO). */
const usuario = () => texto('El usuario', USUARIO.maximo).regex(USUARIO.pattern, USUARIO.mensaje);

/** A mobile number as typed: spaces removed, then the TELEFONO rule. */
const telefono = (error?: string) =>
  textoPlano('El celular', { error })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(TELEFONO.pattern, TELEFONO.mensaje));

/** A new password (CONTRASENA). */
const nuevaContrasena = (campo: string, error: string) =>
  textoPlano(campo, { error }).min(CONTRASENA.minimo, CONTRASENA.mensaje).max(CONTRASENA.maximo, 'La contraseña es demasiado larga.');

export const registerSchema = z.object({
  nombre: texto('El nombre completo', 100),
  usuario: usuario(),
  correo: texto('El correo', 120).pipe(z.email('Ingresa un correo electrónico válido.')),
  password: nuevaContrasena('La contraseña', 'La contraseña es obligatoria.'),
  telefono: telefono('El celular es obligatorio.'),
  /** Optional marketing consent (Ley 29733); never pre-ticked. */
  aceptaMarketing: z.boolean().optional().default(false),
});
export type RegisterPayload = z.input<typeof registerSchema>;

/** The answer of `/clientes/register` and of a profile update: id 1 on success, else id 0 with the error mensaje. */
export interface AccountResponse {
  id: number;
  mensaje: string;
}

export const profileUpdateSchema = z
  .object({
    nombre: texto('El nombre', 100).optional(),
    apellido: textoPlano('El apellido').trim().max(100).optional(),
    usuario: usuario().optional(),
    telefono: telefono().optional(),
    ciudad: textoPlano('La ciudad').trim().max(100).optional(),
    direccion: textoPlano('La dirección').trim().max(250, 'La dirección es demasiado larga.').optional(),
    correo: textoPlano('El correo').trim().optional(),
    docType: z.enum(DOC_TYPES, { error: 'El tipo de documento debe ser DNI, PASAPORTE o CARNET EXTRANJERIA.' }).optional(),
    docNumber: textoPlano('El número de documento').trim().optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.docType === undefined) !== (value.docNumber === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Envía el tipo y el número de documento juntos.' });
      return;
    }
    if (value.docType && value.docNumber !== undefined && !DOC_RULES[value.docType].pattern.test(value.docNumber)) {
      ctx.addIssue({ code: 'custom', message: DOC_RULES[value.docType].mensaje });
    }
  });
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** A customer as `/web/clientes/{id}` answers it (first element of the array). */
export interface ClienteApi {
  id: number;
  idUsuario: number;
  nombre: string;
  apellido: string;
  usuario: string;
  correo: string;
  telefono: string;
  ciudad: string;
  direccion: string;
  dni: string;
  pasaporte: string;
  carnetExtranjeria: string;
}

const identificador = texto('El usuario o correo', 120);
export const sendCodeSchema = z.object({ correo: identificador });
export const validateCodeSchema = z.object({
  correo: identificador,
  codigoIngresado: textoPlano('El código', { error: 'El código es obligatorio.' }).trim().min(1, 'El código es obligatorio.').max(20),
});
export const changePasswordSchema = z.object({
  correo: identificador,
  nuevaContrasena: nuevaContrasena('La nueva contraseña', 'La nueva contraseña es obligatoria.'),
});

/** `/api/verificar-correo-o-usuario/{userOrEmail}`: whether the account exists, and its e-mail masked. */
export interface VerifyResponse {
  exists: boolean;
  correo: string | null;
}

/**
 * `/send-correoprueba`, `/validar-codigo` and `/cambiar-contrasena` (storefront §7): `success` at the
 * top level of the body, with the Spanish mensaje when there is one.
 */
export interface RecoveryResponse {
  success: boolean;
  mensaje?: string;
}

/** An e-mail shown without revealing it whole: 'ma•••@gmail.com'. */
export function maskEmail(correo: string): string {
  const [local = '', domain = ''] = correo.split('@');
  return `${local.slice(0, 2)}${'•'.repeat(Math.max(3, local.length - 2))}@${domain}`;
}
