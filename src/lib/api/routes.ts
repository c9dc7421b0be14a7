import type { hc } from 'hono/client';
import type { App } from '../../server/app.ts';

/** hono/client's view of a router, `$path` kept and its fetch methods left out (the calls go through `request()`). */
type Paths<T> = { [K in keyof T as K extends `$${string}` ? (K extends '$path' ? K : never) : K]: K extends '$path' ? T[K] : Paths<T[K]> };

/** The arguments of `$path`: the route's parameters, each already a URL segment (see `param`). */
interface PathArgs {
  param?: Record<string, string>;
}

/** One node of the path tree: each property read adds a segment; `$path(args)` answers the path with its parameters in place. */
function node(segments: string[]): unknown {
  return new Proxy(
    {},
    {
      get: (_, key) =>
        typeof key !== 'string' || key === 'then'
          ? undefined
          : key === '$path'
            ? ({ param = {} }: PathArgs = {}) =>
                Object.entries(param).reduce(
                  (path, [name, value]) => path.replace(new RegExp(`/:${name}(?=/|$)`), () => `/${value}`),
                  `/${segments.join('/')}`,
                )
            : node([...segments, key]),
    },
  );
}

/**
 * The API's paths, typed by its own routers: hono/client's types over createApp's `App` (erased at
 * build), so `api.carrito.cotizar[':userId'].$path({ param })` compiles only for a route the API has,
 * with the parameters it names; a renamed or removed route is a type error. Only the paths come from
 * here (a 20-line proxy instead of hc's 2 KB runtime): `request()` still sends every call (API_BASE,
 * headers, checks, cache and errors).
 */
export const api = node([]) as Paths<ReturnType<typeof hc<App>>>;

/** A path parameter as its URL segment: encoded, so a '/', '?' or '#' in it stays inside the segment. */
export const param = (value: string | number) => encodeURIComponent(value);
