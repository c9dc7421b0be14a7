import { TIENDA } from '../tienda.ts';
import type { ClienteApi } from './account-schemas.ts';

/**
 * The rules of the account fields (storefront §5, checkout §5 Document form) as plain data: the zod
 * schemas of account-schemas.ts enforce them on the server, and the forms use the same ones in the
 * browser without loading zod.
 */

const USUARIO_MINIMO = 3;
const USUARIO_MAXIMO = 30;

/** A username: 3 to 30 letters, digits, dots, hyphens or underscores, no spaces. */
export const USUARIO = {
  maximo: USUARIO_MAXIMO,
  // The hyphen is escaped: browsers compile an input's pattern with the `v` flag, which refuses a bare one.
  pattern: new RegExp(`^[A-Za-z0-9._\\-]{${USUARIO_MINIMO},${USUARIO_MAXIMO}}$`),
  mensaje: `El usuario debe tener de ${USUARIO_MINIMO} a ${USUARIO_MAXIMO} letras, números, puntos, guiones o guiones bajos, sin espacios.`,
  /** The input's title: what the browser says when the pattern fails. */
  titulo: `De ${USUARIO_MINIMO} a ${USUARIO_MAXIMO} letras, números, puntos o guiones, sin espacios.`,
} as const;

/** A mobile number: `TIENDA.telefonoDigitos` digits, sent without spaces. */
export const TELEFONO = {
  digitos: TIENDA.telefonoDigitos,
  pattern: new RegExp(`^\\d{${TIENDA.telefonoDigitos}}$`),
  mensaje: `El celular debe tener ${TIENDA.telefonoDigitos} dígitos.`,
  /** The input's title. */
  titulo: `Ingresa los ${TIENDA.telefonoDigitos} dígitos de tu celular.`,
} as const;

/** A new password: at least 8 characters. */
export const CONTRASENA = {
  minimo: 8,
  maximo: 200,
  mensaje: 'La contraseña debe tener al menos 8 caracteres.',
  /** The hint under the input. */
  pista: 'Mínimo 8 caracteres.',
} as const;

export const DOC_TYPES = ['DNI', 'PASAPORTE', 'CARNET EXTRANJERIA'] as const;
export type DocType = (typeof DOC_TYPES)[number];

/** Rules per document type: DNI 8 digits; passport and foreigner card 6–12 letters or digits. */
export const DOC_RULES: Record<DocType, { pattern: RegExp; mensaje: string }> = {
  DNI: { pattern: new RegExp(`^\\d{${TIENDA.dniDigitos}}$`), mensaje: `El DNI debe tener ${TIENDA.dniDigitos} dígitos.` },
  PASAPORTE: { pattern: /^[A-Za-z0-9]{6,12}$/, mensaje: 'El pasaporte debe tener de 6 a 12 letras o números.' },
  'CARNET EXTRANJERIA': { pattern: /^[A-Za-z0-9]{6,12}$/, mensaje: 'El carné de extranjería debe tener de 6 a 12 letras o números.' },
};

/** Whether a customer has what buying needs: name, phone, address and an identity document. */
export const isProfileComplete = (
  cliente: Pick<ClienteApi, 'nombre' | 'telefono' | 'direccion' | 'dni' | 'pasaporte' | 'carnetExtranjeria'>,
) => Boolean(cliente.nombre && cliente.telefono && cliente.direccion && (cliente.dni || cliente.pasaporte || cliente.carnetExtranjeria));
