import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../server/auth/tokens.ts';
import { isSessionClaims, isTokenClaims, userFromClaims, type TokenClaims } from './claims.ts';
import { decodeToken } from './token.ts';

const claims: TokenClaims = {
  user: 'anaq',
  idUsuario: 3,
  correo: 'a@x.pe',
  nombre: 'Ana',
  telefono: '987654321',
  direccion: 'Av. Larco 1',
  sesion: 2,
};
const secret = new TextEncoder().encode('x'.repeat(32));

describe('session token claims', () => {
  it('needs the id and the user, and a numeric session version when there is one', () => {
    expect(isTokenClaims(claims)).toBe(true);
    expect(isTokenClaims({ ...claims, sesion: undefined })).toBe(true);
    expect(isTokenClaims({ ...claims, sesion: '2' })).toBe(false);
    expect(isTokenClaims({ ...claims, idUsuario: '3' })).toBe(false);
    expect(isTokenClaims({ idUsuario: 3 })).toBe(false);
    expect(isTokenClaims(null)).toBe(false);
    expect(isSessionClaims(claims)).toBe(false);
    expect(isSessionClaims({ ...claims, exp: 2_000_000_000 })).toBe(true);
  });

  it('are what the server signs and verifies and what the storefront decodes', async () => {
    const token = await signToken(claims, secret, new Date());
    expect(await verifyToken(token, secret)).toMatchObject(claims);
    expect(decodeToken(token)).toMatchObject(claims);
    expect(userFromClaims(decodeToken(token)!)).toEqual({
      idUsuario: 3,
      user: 'anaq',
      nombre: 'Ana',
      correo: 'a@x.pe',
      telefono: '987654321',
      direccion: 'Av. Larco 1',
    });
  });

  it('make the server refuse a signed token without them', async () => {
    const token = await signToken({ ...claims, sesion: 'dos' } as unknown as TokenClaims, secret);
    expect(await verifyToken(token, secret)).toBeUndefined();
  });
});
