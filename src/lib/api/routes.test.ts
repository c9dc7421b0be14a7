import { describe, expect, it } from 'vitest';
import { api, param } from './routes.ts';

describe("the API's typed paths", () => {
  it('builds the path of a route the routers have, with its parameters encoded by param', () => {
    expect(api.carrito.cotizar[':userId'].$path({ param: { userId: param(5) } })).toBe('/carrito/cotizar/5');
    expect(api.carrito.prueba[':preferenceId'].pagar.$path({ param: { preferenceId: param('a/b c?#') } })).toBe(
      '/carrito/prueba/a%2Fb%20c%3F%23/pagar',
    );
    expect(api.login.$path()).toBe('/login');
    // An empty parameter keeps its segment, as the hand-written paths did.
    expect(api.api['verificar-correo-o-usuario'][':userOrEmail'].$path({ param: { userOrEmail: param('') } })).toBe(
      '/api/verificar-correo-o-usuario/',
    );
  });

  it('makes a route the API does not have, or a parameter it does not name, a type error (tsc checks these lines)', () => {
    // @ts-expect-error the checkout router has no /cotizacion route
    expect(api.carrito.cotizacion[':userId'].$path({ param: { userId: '5' } })).toBe('/carrito/cotizacion/5');
    // @ts-expect-error the route's parameter is userId
    expect(api.web.ListPedidos[':userId'].$path({ param: { id: '5' } })).toBe('/web/ListPedidos/:userId');
    // @ts-expect-error only paths: the calls go through request(), never through hc's fetch methods
    expect(typeof api.login.$post).toBe('object');
  });
});
