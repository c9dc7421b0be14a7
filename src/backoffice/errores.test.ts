import { describe, expect, it } from 'vitest';
import { MENSAJE_REAUTENTICAR } from '../lib/api/backoffice-schemas.ts';
import { ApiError } from '../lib/api/request.ts';
import { REAUTENTICAR } from '../server/admin/roles.ts';
import { esSesionVencida, mensajeDe, pideReautenticar } from './errores.ts';
import { edad, soles, variacion } from './formato.ts';

describe('what the back office makes of a refusal', () => {
  it('asks a fresh sign-in exactly on the role guard’s 403', () => {
    // The server's guard and the app read one sentence (the app cannot import the server).
    expect(REAUTENTICAR).toBe(MENSAJE_REAUTENTICAR);
    expect(pideReautenticar(new ApiError(403, MENSAJE_REAUTENTICAR))).toBe(true);
    expect(pideReautenticar(new ApiError(403, 'Solo dueña o dueño de la tienda puede hacer esto.'))).toBe(false);
    expect(pideReautenticar(new ApiError(401, MENSAJE_REAUTENTICAR))).toBe(false);
  });

  it('ends the session on 401 only, and says the API’s words', () => {
    expect(esSesionVencida(new ApiError(401))).toBe(true);
    expect(esSesionVencida(new ApiError(403))).toBe(false);
    expect(esSesionVencida(new Error('x'))).toBe(false);
    expect(mensajeDe(new ApiError(409, 'Ya está pagado.'))).toBe('Ya está pagado.');
    expect(mensajeDe(new ApiError(500))).toBe('La tienda no pudo atender la solicitud (error 500).');
  });
});

describe('figures as the owner reads them', () => {
  it('writes soles (the wire’s unit) to the céntimo, and compares periods', () => {
    expect(soles(1234.5)).toBe('S/ 1234.50');
    expect(soles(0.1 + 0.2)).toBe('S/ 0.30');
    expect(variacion(120, 100, 'ayer')).toBe('+20 % vs. ayer');
    expect(variacion(50, 100, 'ayer')).toBe('−50 % vs. ayer');
    expect(variacion(0, 0, 'ayer')).toBe('igual que ayer');
    expect(variacion(10, 0, 'ayer')).toBe('sin ventas ayer');
    expect(edad(0.5)).toBe('hace menos de 1 h');
    expect(edad(30)).toBe('hace 30 h');
    expect(edad(72)).toBe('hace 3 días');
  });
});
