import { describe, expect, it } from 'vitest';
import { loginRedirectUrl, safeOrigin, shouldPromptProfile, welcomeTitle } from './login.ts';

describe('loginRedirectUrl and safeOrigin', () => {
  it('round-trips a protected path through the query string', () => {
    expect(loginRedirectUrl('/cuenta')).toBe('/?origen=%2Fcuenta');
    expect(safeOrigin('?origen=%2Fmis-pedidos')).toBe('/mis-pedidos');
    expect(safeOrigin(new URL(loginRedirectUrl('/cuenta'), 'http://x').search)).toBe('/cuenta');
  });

  it('accepts only paths of this site', () => {
    expect(safeOrigin('')).toBeNull();
    expect(safeOrigin('?origen=')).toBeNull();
    expect(safeOrigin('?origen=https%3A%2F%2Fevil.example')).toBeNull();
    expect(safeOrigin('?origen=%2F%2Fevil.example')).toBeNull();
    expect(safeOrigin('?origen=%2F%5Cevil.example')).toBeNull();
    expect(safeOrigin('?origen=%2F%0Aevil')).toBeNull();
    expect(safeOrigin('?origen=javascript%3Aalert(1)')).toBeNull();
  });
});

describe('welcomeTitle', () => {
  it('greets with the header greeting rule', () => {
    expect(welcomeTitle('Ana')).toBe('¡Bienvenido(a), Ana!');
    expect(welcomeTitle('Ana María Torres Díaz')).toBe('¡Bienvenido(a), Ana Díaz!');
    expect(welcomeTitle('  ')).toBe('¡Bienvenido(a)!');
    expect(welcomeTitle(undefined)).toBe('¡Bienvenido(a)!');
  });
});

describe('shouldPromptProfile', () => {
  it('invites only incomplete profiles, never at checkout', () => {
    expect(shouldPromptProfile(0, '/')).toBe(true);
    expect(shouldPromptProfile(1, '/')).toBe(false);
    expect(shouldPromptProfile(0, '/procesoDePago')).toBe(false);
    expect(shouldPromptProfile(0, '/procesoDePago/')).toBe(false);
  });
});
