import type { VerifyResponse } from '../api/account-schemas.ts';

/**
 * The password-recovery dialog as a step machine (storefront §4, Password recovery; §8 messages).
 * Pure: the dialog feeds it the shopper's edits and the API's answers and renders what it holds.
 */

/** identify → send (verified) → code (sent) → password (code valid). */
export type RecoveryStep = 'identify' | 'send' | 'code' | 'password';

export interface RecoveryMessage {
  kind: 'success' | 'error';
  text: string;
}

export interface RecoveryState {
  step: RecoveryStep;
  /** What the shopper typed in step 1 (user name or e-mail); sent as `correo` in every later call. */
  identifier: string;
  /** The registered e-mail, masked by the server, shown once verified. */
  maskedEmail: string;
  code: string;
  password: string;
  message: RecoveryMessage | null;
  busy: boolean;
  /** True once the password changed: the dialog closes and resets. */
  done: boolean;
}

export type RecoveryEvent =
  | { type: 'identifier'; value: string }
  | { type: 'code'; value: string }
  | { type: 'password'; value: string }
  | { type: 'submit' }
  | { type: 'verified'; exists: boolean; correo: string | null }
  | { type: 'sent' }
  | { type: 'validated'; valid: boolean }
  | { type: 'changed'; ok: boolean }
  | { type: 'failed' }
  | { type: 'reset' };

export const RECOVERY_MESSAGES = {
  verificado: 'Usuario o correo verificado.',
  noRegistrado: 'El usuario o correo no está registrado.',
  errorVerificar: 'Ocurrió un error al procesar la solicitud.',
  enviado: 'El código ha sido enviado a tu correo. Por favor, ingrésalo para continuar.',
  errorEnviar: 'Ocurrió un error al enviar el correo.',
  codigoValido: 'Código válido. Ahora puedes cambiar tu contraseña.',
  codigoInvalido: 'Código incorrecto o expirado.',
  errorValidar: 'Ocurrió un error al validar el código.',
  cambiada: 'Contraseña cambiada con éxito.',
  errorCambiar: 'Ocurrió un error al cambiar la contraseña.',
} as const;

/** The label of the dialog's main button at each step. */
export const RECOVERY_BUTTONS: Record<RecoveryStep, string> = {
  identify: 'Paso 1: Verificar',
  send: 'Paso 2: Enviar Correo',
  code: 'Validar Código',
  password: 'Cambiar Contraseña',
};

/** The error shown when the call of a step throws. */
const FAILURES: Record<RecoveryStep, string> = {
  identify: RECOVERY_MESSAGES.errorVerificar,
  send: RECOVERY_MESSAGES.errorEnviar,
  code: RECOVERY_MESSAGES.errorValidar,
  password: RECOVERY_MESSAGES.errorCambiar,
};

export const initialRecoveryState: RecoveryState = {
  step: 'identify',
  identifier: '',
  maskedEmail: '',
  code: '',
  password: '',
  message: null,
  busy: false,
  done: false,
};

const ok = (text: string): RecoveryMessage => ({ kind: 'success', text });
const error = (text: string): RecoveryMessage => ({ kind: 'error', text });

/** Whether the current step can be submitted (its input is filled and no call is running). */
export function canSubmit(state: RecoveryState): boolean {
  if (state.busy) return false;
  if (state.step === 'identify') return state.identifier.trim() !== '';
  if (state.step === 'code') return state.code.trim() !== '';
  if (state.step === 'password') return state.password !== '';
  return true;
}

/** The next state after an edit, a submit or an API answer. */
export function recoveryReducer(state: RecoveryState, event: RecoveryEvent): RecoveryState {
  switch (event.type) {
    case 'identifier':
      // Editing the first input after verification resets every later step.
      return { ...initialRecoveryState, identifier: event.value };
    case 'code':
      return { ...state, code: event.value };
    case 'password':
      return { ...state, password: event.value };
    case 'submit':
      return canSubmit(state) ? { ...state, busy: true, message: null } : state;
    case 'verified':
      if (!event.exists) return { ...state, busy: false, message: error(RECOVERY_MESSAGES.noRegistrado) };
      return { ...state, busy: false, step: 'send', maskedEmail: event.correo ?? '', message: ok(RECOVERY_MESSAGES.verificado) };
    case 'sent':
      return { ...state, busy: false, step: 'code', code: '', message: ok(RECOVERY_MESSAGES.enviado) };
    case 'validated':
      if (!event.valid) return { ...state, busy: false, message: error(RECOVERY_MESSAGES.codigoInvalido) };
      return { ...state, busy: false, step: 'password', message: ok(RECOVERY_MESSAGES.codigoValido) };
    case 'changed':
      if (!event.ok) return { ...state, busy: false, message: error(RECOVERY_MESSAGES.errorCambiar) };
      return { ...initialRecoveryState, done: true, message: ok(RECOVERY_MESSAGES.cambiada) };
    case 'failed':
      return { ...state, busy: false, message: error(FAILURES[state.step]) };
    case 'reset':
      return initialRecoveryState;
  }
}

/** The account calls the dialog makes, one per step (src/lib/api/account-client.ts in the browser). */
export interface RecoveryApi {
  verify(identifier: string): Promise<VerifyResponse>;
  send(identifier: string): Promise<boolean>;
  validate(identifier: string, code: string): Promise<boolean>;
  change(identifier: string, password: string): Promise<boolean>;
}

/** Runs the call of the current step and answers the event it leads to; a thrown call is 'failed'. */
export async function runRecoveryStep(state: RecoveryState, api: RecoveryApi): Promise<RecoveryEvent> {
  const identifier = state.identifier.trim();
  try {
    switch (state.step) {
      case 'identify': {
        const { exists, correo } = await api.verify(identifier);
        return { type: 'verified', exists, correo };
      }
      case 'send':
        return (await api.send(identifier)) ? { type: 'sent' } : { type: 'failed' };
      case 'code':
        return { type: 'validated', valid: await api.validate(identifier, state.code.trim()) };
      case 'password':
        return { type: 'changed', ok: await api.change(identifier, state.password) };
    }
  } catch {
    return { type: 'failed' };
  }
}
