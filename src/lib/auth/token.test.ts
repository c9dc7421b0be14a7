import { describe, expect, it, vi } from 'vitest';
import { decodeToken, isTokenValid } from './token.ts';

const encode = (payload: object) =>
  `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.firma`;
const claims = { user: 'anaq', idUsuario: 3, correo: 'a@x.pe', nombre: 'Ana', telefono: '987654321', direccion: '' };

describe('session token validity', () => {
  it('decodes the claims', () => {
    expect(decodeToken(encode({ ...claims, exp: 2_000_000_000 }))).toMatchObject({ user: 'anaq', idUsuario: 3 });
  });
  it('is valid only when present, decodable and not expired', () => {
    const now = 1_700_000_000_000;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(isTokenValid(encode({ ...claims, exp: now / 1000 + 60 }), now)).toBe(true);
    expect(isTokenValid(encode({ ...claims, exp: now / 1000 - 1 }), now)).toBe(false);
    expect(isTokenValid(undefined, now)).toBe(false);
    expect(isTokenValid('', now)).toBe(false);
    expect(isTokenValid('no.es.token', now)).toBe(false);
    expect(isTokenValid(encode({ user: 'x' }), now)).toBe(false);
  });
});
