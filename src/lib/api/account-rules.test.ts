import { describe, expect, it, vi } from 'vitest';
import { TIENDA } from '../tienda.ts';
import { formatPhone, PHONE_INPUT, phoneDigits } from '../account/phone.ts';
import { CONTRASENA, TELEFONO, USUARIO } from './account-rules.ts';
import { profileUpdateSchema, registerSchema } from './account-schemas.ts';

/** An input's pattern as browsers apply it: the whole value, with the `v` flag. */
const browserPattern = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'v');

const valid = { nombre: 'Ana', usuario: 'ana.q', correo: 'ana@example.pe', password: 'secreta123', telefono: '987654321' };
const registerError = (changes: Partial<typeof valid>) => registerSchema.safeParse({ ...valid, ...changes }).error?.issues[0]?.message;

describe('account field rules: one rule for the forms and the server', () => {
  it('takes the phone length from TIENDA.telefonoDigitos', async () => {
    expect(TELEFONO.digitos).toBe(TIENDA.telefonoDigitos);
    // The same modules with a shop whose mobiles have 8 digits: the server, the input and its hint follow.
    vi.resetModules();
    vi.doMock('../tienda.ts', async (original) => {
      const config = await original<typeof import('../tienda.ts')>();
      return { ...config, TIENDA: { ...config.TIENDA, telefonoDigitos: 8 } };
    });
    try {
      const schemas = await import('./account-schemas.ts');
      const phone = await import('../account/phone.ts');
      const rules = await import('./account-rules.ts');
      const error = (telefono: string) => schemas.registerSchema.safeParse({ ...valid, telefono }).error?.issues[0]?.message;
      expect(error('98765432')).toBeUndefined();
      expect(error('987654321')).toBe('El celular debe tener 8 dígitos.');
      expect(phone.phoneDigits('987654321')).toBe('98765432');
      expect(phone.PHONE_INPUT).toEqual({ pattern: '\\d{3} \\d{3} \\d{2}', placeholder: '999 999 99' });
      expect(rules.TELEFONO.titulo).toBe('Ingresa los 8 dígitos de tu celular.');
    } finally {
      vi.doUnmock('../tienda.ts');
      vi.resetModules();
    }
  });

  it('shows the phone in groups the input pattern accepts, and sends what the server accepts', () => {
    expect(PHONE_INPUT).toEqual({ pattern: '\\d{3} \\d{3} \\d{3}', placeholder: '999 999 999' });
    const input = browserPattern(PHONE_INPUT.pattern);
    for (const typed of ['987654321', '+51 987 654 321', '9876']) {
      const shown = formatPhone(typed);
      const complete = phoneDigits(typed).length === TELEFONO.digitos;
      expect(input.test(shown), shown).toBe(complete);
      expect(profileUpdateSchema.safeParse({ telefono: shown }).success, shown).toBe(complete);
    }
  });

  it('applies the same username rule in the browser (v flag) and on the server', () => {
    const input = browserPattern(USUARIO.pattern.source);
    for (const usuario of ['ana', 'ana.q_9-x', 'a'.repeat(30), 'an', 'a'.repeat(31), 'con espacio', 'ñandú', 'ana-']) {
      const server = registerSchema.safeParse({ ...valid, usuario }).success;
      expect(input.test(usuario), usuario).toBe(server);
      expect(profileUpdateSchema.safeParse({ usuario }).success, usuario).toBe(server);
    }
    expect(registerError({ usuario: 'con espacio' })).toBe(USUARIO.mensaje);
  });

  it('asks the forms for the password length the server requires', () => {
    expect(registerError({ password: 'x'.repeat(CONTRASENA.minimo - 1) })).toBe(CONTRASENA.mensaje);
    expect(registerSchema.safeParse({ ...valid, password: 'x'.repeat(CONTRASENA.minimo) }).success).toBe(true);
    expect(CONTRASENA.pista).toContain(String(CONTRASENA.minimo));
  });
});
