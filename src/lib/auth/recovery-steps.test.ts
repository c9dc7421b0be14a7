import { describe, expect, it, vi } from 'vitest';
import {
  canSubmit,
  initialRecoveryState,
  RECOVERY_BUTTONS,
  RECOVERY_MESSAGES,
  recoveryReducer,
  runRecoveryStep,
  type RecoveryApi,
  type RecoveryEvent,
  type RecoveryState,
} from './recovery-steps.ts';

const play = (...events: RecoveryEvent[]) => events.reduce(recoveryReducer, initialRecoveryState);

const verified = () =>
  play({ type: 'identifier', value: 'ana' }, { type: 'submit' }, { type: 'verified', exists: true, correo: 'an•••@example.pe' });
const sent = () => recoveryReducer(recoveryReducer(verified(), { type: 'submit' }), { type: 'sent' });

describe('recoveryReducer', () => {
  it('walks the four steps with the spec messages and button labels', () => {
    let state = verified();
    expect(state.step).toBe('send');
    expect(state.maskedEmail).toBe('an•••@example.pe');
    expect(state.message).toEqual({ kind: 'success', text: 'Usuario o correo verificado.' });
    expect(RECOVERY_BUTTONS[state.step]).toBe('Paso 2: Enviar Correo');

    state = recoveryReducer(recoveryReducer(state, { type: 'submit' }), { type: 'sent' });
    expect(state.step).toBe('code');
    expect(state.message?.text).toBe('El código ha sido enviado a tu correo. Por favor, ingrésalo para continuar.');
    expect(RECOVERY_BUTTONS[state.step]).toBe('Validar Código');

    state = [{ type: 'code', value: '123456' }, { type: 'submit' }, { type: 'validated', valid: true }].reduce(
      (s, e) => recoveryReducer(s, e as RecoveryEvent),
      state,
    );
    expect(state.step).toBe('password');
    expect(state.message?.text).toBe('Código válido. Ahora puedes cambiar tu contraseña.');
    expect(RECOVERY_BUTTONS[state.step]).toBe('Cambiar Contraseña');

    state = [{ type: 'password', value: 'nueva-clave-1' }, { type: 'submit' }, { type: 'changed', ok: true }].reduce(
      (s, e) => recoveryReducer(s, e as RecoveryEvent),
      state,
    );
    expect(state).toEqual({ ...initialRecoveryState, done: true, message: { kind: 'success', text: 'Contraseña cambiada con éxito.' } });
  });

  it('starts at step 1 with its label', () => {
    expect(RECOVERY_BUTTONS[initialRecoveryState.step]).toBe('Paso 1: Verificar');
  });

  it('keeps step 1 and says so when the user does not exist', () => {
    const state = play({ type: 'identifier', value: 'nadie' }, { type: 'submit' }, { type: 'verified', exists: false, correo: null });
    expect(state.step).toBe('identify');
    expect(state.busy).toBe(false);
    expect(state.message).toEqual({ kind: 'error', text: 'El usuario o correo no está registrado.' });
  });

  it('answers each failed call with the message of its step', () => {
    const fail = (state: RecoveryState) => recoveryReducer(recoveryReducer(state, { type: 'submit' }), { type: 'failed' }).message?.text;
    expect(fail(play({ type: 'identifier', value: 'ana' }))).toBe(RECOVERY_MESSAGES.errorVerificar);
    expect(fail(verified())).toBe('Ocurrió un error al enviar el correo.');
    expect(fail(recoveryReducer(sent(), { type: 'code', value: '1' }))).toBe('Ocurrió un error al validar el código.');
    const atPassword = recoveryReducer(recoveryReducer(sent(), { type: 'code', value: '1' }), { type: 'validated', valid: true });
    expect(fail(recoveryReducer(atPassword, { type: 'password', value: 'x' }))).toBe('Ocurrió un error al cambiar la contraseña.');
  });

  it('stays on the code step when the code is wrong, and on the password step when the change is refused', () => {
    const wrong = recoveryReducer(recoveryReducer(sent(), { type: 'code', value: '000000' }), { type: 'validated', valid: false });
    expect(wrong.step).toBe('code');
    expect(wrong.message).toEqual({ kind: 'error', text: 'Código incorrecto o expirado.' });
    const atPassword = recoveryReducer(wrong, { type: 'validated', valid: true });
    const refused = recoveryReducer(atPassword, { type: 'changed', ok: false });
    expect(refused.step).toBe('password');
    expect(refused.done).toBe(false);
    expect(refused.message?.text).toBe('Ocurrió un error al cambiar la contraseña.');
  });

  it('resets every later step when the first input is edited after verification', () => {
    const atCode = recoveryReducer(sent(), { type: 'code', value: '123' });
    const edited = recoveryReducer(atCode, { type: 'identifier', value: 'ana2' });
    expect(edited).toEqual({ ...initialRecoveryState, identifier: 'ana2' });
  });

  it('refuses to submit an empty input or twice at once', () => {
    expect(canSubmit(initialRecoveryState)).toBe(false);
    expect(recoveryReducer(initialRecoveryState, { type: 'submit' })).toBe(initialRecoveryState);
    const busy = play({ type: 'identifier', value: 'ana' }, { type: 'submit' });
    expect(busy.busy).toBe(true);
    expect(canSubmit(busy)).toBe(false);
    expect(canSubmit(sent())).toBe(false);
    expect(canSubmit(recoveryReducer(sent(), { type: 'code', value: ' 1 ' }))).toBe(true);
  });

  it('resets to the start', () => {
    expect(recoveryReducer(sent(), { type: 'reset' })).toEqual(initialRecoveryState);
  });
});

describe('runRecoveryStep', () => {
  const api = (): RecoveryApi => ({
    verify: vi.fn(async () => ({ exists: true, correo: 'an•••@example.pe' })),
    send: vi.fn(async () => true),
    validate: vi.fn(async () => true),
    change: vi.fn(async () => true),
  });

  it('sends what the shopper typed in step 1 in every later call', async () => {
    const calls = api();
    const state: RecoveryState = { ...initialRecoveryState, identifier: ' ana ', code: ' 123456 ', password: 'clave-nueva' };
    expect(await runRecoveryStep(state, calls)).toEqual({ type: 'verified', exists: true, correo: 'an•••@example.pe' });
    expect(calls.verify).toHaveBeenCalledWith('ana');
    expect(await runRecoveryStep({ ...state, step: 'send' }, calls)).toEqual({ type: 'sent' });
    expect(calls.send).toHaveBeenCalledWith('ana');
    expect(await runRecoveryStep({ ...state, step: 'code' }, calls)).toEqual({ type: 'validated', valid: true });
    expect(calls.validate).toHaveBeenCalledWith('ana', '123456');
    expect(await runRecoveryStep({ ...state, step: 'password' }, calls)).toEqual({ type: 'changed', ok: true });
    expect(calls.change).toHaveBeenCalledWith('ana', 'clave-nueva');
  });

  it('turns a thrown call or an unsent e-mail into a failure', async () => {
    const calls = { ...api(), verify: vi.fn(async () => Promise.reject(new Error('red'))), send: vi.fn(async () => false) };
    expect(await runRecoveryStep({ ...initialRecoveryState, identifier: 'ana' }, calls)).toEqual({ type: 'failed' });
    expect(await runRecoveryStep({ ...initialRecoveryState, identifier: 'ana', step: 'send' }, calls)).toEqual({ type: 'failed' });
  });
});
