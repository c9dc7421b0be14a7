import { DOC_RULES, type DocType } from '../api/account-rules.ts';
import type { ClienteApi, ProfileUpdate } from '../api/account-schemas.ts';
import { formatPhone, phoneDigits } from './phone.ts';
import { TIENDA } from '../tienda.ts';

/**
 * The /cuenta forms (checkout §2 Profile, §5 Document form and Profile, §8): the editable personal
 * data and the identity document, derived from and compared with the loaded customer.
 */

/** The personal-data form as the shopper edits it; telefono as displayed ('999 999 999'). */
export interface ProfileForm {
  nombre: string;
  usuario: string;
  telefono: string;
  direccion: string;
  ciudad: string;
}

export const PROFILE_MESSAGES = {
  errorCarga: 'No se pudieron cargar los datos del usuario',
  actualizados: '¡Datos actualizados!',
  errorActualizar: 'Error al actualizar los datos del usuario',
  errorRed: 'No se pudo actualizar la información',
} as const;

/** The form's starting values from the loaded customer. */
export const profileFormFrom = (cliente: ClienteApi): ProfileForm => ({
  nombre: cliente.nombre ?? '',
  usuario: cliente.usuario ?? '',
  telefono: formatPhone(cliente.telefono ?? ''),
  direccion: cliente.direccion ?? '',
  ciudad: cliente.ciudad ?? '',
});

const normalized = (form: ProfileForm) => ({
  nombre: form.nombre.trim(),
  usuario: form.usuario.trim(),
  telefono: phoneDigits(form.telefono),
  direccion: form.direccion.trim(),
  ciudad: form.ciudad.trim(),
});

/** Whether the form differs from the loaded data (the update button is enabled only then). */
export function isProfileDirty(form: ProfileForm, loaded: ProfileForm): boolean {
  const a = normalized(form);
  const b = normalized(loaded);
  return (Object.keys(a) as (keyof ProfileForm)[]).some((key) => a[key] !== b[key]);
}

/** The PUT body of a profile update: the fields trimmed, the phone without spaces, the read-only e-mail. */
export const profileUpdateFrom = (form: ProfileForm, correo: string): ProfileUpdate => ({ ...normalized(form), correo });

/** The customer's identity document, or null when none is saved (the form is shown then). */
export function documentoDe(
  cliente: Pick<ClienteApi, 'dni' | 'pasaporte' | 'carnetExtranjeria'>,
): { type: DocType; number: string } | null {
  if (cliente.dni) return { type: 'DNI', number: cliente.dni };
  if (cliente.pasaporte) return { type: 'PASAPORTE', number: cliente.pasaporte };
  if (cliente.carnetExtranjeria) return { type: 'CARNET EXTRANJERIA', number: cliente.carnetExtranjeria };
  return null;
}

/** How each document type is named to the shopper. */
export const DOC_LABELS: Record<DocType, string> = {
  DNI: 'DNI',
  PASAPORTE: 'Pasaporte',
  'CARNET EXTRANJERIA': 'Carné de extranjería',
};

/** The longest number each type accepts while typing. */
const MAX_LENGTH: Record<DocType, number> = { DNI: TIENDA.dniDigitos, PASAPORTE: 12, 'CARNET EXTRANJERIA': 12 };

/** The number as typed, kept to what its type allows: a DNI only digits, at most 8; others letters and digits. */
export function sanitizeDocNumber(type: DocType, raw: string): string {
  const kept = type === 'DNI' ? raw.replace(/\D/g, '') : raw.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  return kept.slice(0, MAX_LENGTH[type]);
}

/** The rule a number breaks, or null when it can be saved. */
export const docNumberProblem = (type: DocType, number: string) => (DOC_RULES[type].pattern.test(number) ? null : DOC_RULES[type].mensaje);

/** The success text after saving a document, as checkout §8 writes it (its 'Carnet de Extranjería' too, where the labels say 'Carné'). */
const DOC_SAVED: Record<DocType, string> = {
  DNI: 'DNI guardado correctamente.',
  PASAPORTE: 'Pasaporte guardado correctamente.',
  'CARNET EXTRANJERIA': 'Carnet de Extranjería guardado correctamente.',
};

/** The success text after saving a document (checkout §8). */
export const docSavedMessage = (type: DocType) => DOC_SAVED[type];

export const DOC_MESSAGES = {
  listo: '¡Listo!',
  error: 'No se pudo guardar tu documento.',
  requerido: 'Documento de identidad requerido',
} as const;
