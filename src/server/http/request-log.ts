import type { MiddlewareHandler } from 'hono';

/** Where request lines go: console.log in the servers, an array in tests. */
export type LogLine = (line: string) => void;

/**
 * Path segments that hold personal data (the e-mail or username being checked) or are a capability
 * (a receipt's key opens the buyer's name, document and address; an unsubscribe key ends alerts; a complaint
 * sheet's signature opens the sheet), logged masked.
 */
const PRIVATE_PATHS: [pattern: RegExp, replacement: string][] = [
  [/^(\/api\/verificar-correo-o-usuario\/).+$/, '$1…'],
  [/^(\/api\/comprobantes\/).+$/, '$1…'],
  [/^(\/api\/avisos-stock\/baja\/).+$/, '$1…'],
  [/^(\/api\/resenas\/baja\/).+$/, '$1…'],
  [/^(\/api\/libro-reclamaciones\/hoja\/[^/]+\/).+$/, '$1…'],
];

/** A request's path as it may be logged: no query string (codes, tokens), personal segments masked. */
export function loggablePath(path: string): string {
  return PRIVATE_PATHS.reduce((logged, [pattern, replacement]) => logged.replace(pattern, replacement), path);
}

/**
 * One line per request once it is answered: time, method, path, status and duration, e.g.
 * `2025-03-01T12:00:00.000Z GET /web/listprod 200 12 ms`. Never the query string, headers or body,
 * so passwords, session and operator tokens and recovery codes cannot reach the logs.
 */
export function requestLog(write: LogLine): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round(performance.now() - started);
      write(`${new Date().toISOString()} ${c.req.method} ${loggablePath(c.req.path)} ${c.res.status} ${ms} ms`);
    }
  };
}
