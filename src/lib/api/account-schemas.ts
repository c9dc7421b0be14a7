import { z } from 'zod';
import { textoPlano } from './text-schemas.ts';

/**
 * Request and response shapes of the account calls (storefront §3 and §7, checkout §3 and §7).
 * The server validates with them; the dialogs and pages use the same types.
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

export const USUARIO_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;

export const registerSchema = z.object({
  nombre: texto('El nombre completo', 100),
  usuario: texto('El usuario', 30).regex(USUARIO_PATTERN, 'El usuario debe tener de 3 a 30 letras, números, puntos, guiones o guiones bajos, sin espacios.'),
  correo: texto('El correo', 120).pipe(z.email('Ingresa un correo electrónico válido.')),
  password: textoPlano('La contraseña', { error: 'La contraseña es obligatoria.' })
    .min(8, 'La contraseña debe tener al menos 8 caracteres.')
    .max(200, 'La contraseña es demasiado larga.'),
  telefono: textoPlano('El celular', { error: 'El celular es obligatorio.' })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{9}$/, 'El celular debe tener 9 dígitos.')),
  /** Optional marketing consent (Ley 29733); never pre-ticked. */
  aceptaMarketing: z.boolean().optional().default(false),
});
export type RegisterPayload = z.input<typeof registerSchema>;

/** `/clientes/register` answer: id 1 on success. */
export interface RegisterResponse {
  id: number;
  mensaje: string;
}

export const DOC_TYPES = ['DNI', 'PASAPORTE', 'CARNET EXTRANJERIA'] as const;
export type DocType = (typeof DOC_TYPES)[number];

/** Rules per document type: DNI 8 digits; passport and foreigner card 6–12 letters or digits. */
export const DOC_RULES: Record<DocType, { pattern: RegExp; mensaje: string }> = {
  DNI: { pattern: /^\d{8}$/, mensaje: 'El DNI debe tener 8 dígitos.' },
  PASAPORTE: { pattern: /^[A-Za-z0-9]{6,12}$/, mensaje: 'El pasaporte debe tener de 6 a 12 letras o números.' },
  'CARNET EXTRANJERIA': { pattern: /^[A-Za-z0-9]{6,12}$/, mensaje: 'El carnet de extranjería debe tener de 6 a 12 letras o números.' },
};

export const profileUpdateSchema = z
  .object({
    nombre: texto('El nombre', 100).optional(),
    apellido: textoPlano('El apellido').trim().max(100).optional(),
    usuario: texto('El usuario', 30).regex(USUARIO_PATTERN, 'El usuario debe tener de 3 a 30 letras, números, puntos, guiones o guiones bajos, sin espacios.').optional(),
    telefono: textoPlano('El celular')
      .transform((value) => value.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d{9}$/, 'El celular debe tener 9 dígitos.'))
      .optional(),
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
  nuevaContrasena: textoPlano('La nueva contraseña', { error: 'La nueva contraseña es obligatoria.' })
    .min(8, 'La contraseña debe tener al menos 8 caracteres.')
    .max(200, 'La contraseña es demasiado larga.'),
});

/** Whether a customer has what buying needs: name, phone, address and an identity document. */
export const isProfileComplete = (cliente: Pick<ClienteApi, 'nombre' | 'telefono' | 'direccion' | 'dni' | 'pasaporte' | 'carnetExtranjeria'>) =>
  Boolean(cliente.nombre && cliente.telefono && cliente.direccion && (cliente.dni || cliente.pasaporte || cliente.carnetExtranjeria));

/** An e-mail shown without revealing it whole: 'ma•••@gmail.com'. */
export function maskEmail(correo: string): string {
  const [local = '', domain = ''] = correo.split('@');
  return `${local.slice(0, 2)}${'•'.repeat(Math.max(3, local.length - 2))}@${domain}`;
}
