import type { MiddlewareHandler } from 'hono';
import { MENSAJE_REAUTENTICAR, NOMBRE_ROL, type Rol } from '../../lib/api/backoffice-schemas.ts';
import { clientError } from '../http/errors.ts';
import type { OperatorEnv } from './audit.ts';

/** Refusals of a route the caller's role or session does not open (issue 36). */
export const SOLO_ROL = (rol: Rol) => `Solo ${NOMBRE_ROL[rol].toLowerCase()} de la tienda puede hacer esto.`;
/** The refusal the back office answers with its re-authentication dialog (one text for both sides). */
export const REAUTENTICAR = MENSAJE_REAUTENTICAR;

/**
 * Lets through only callers of `rol` (`dueno` is every role's superset); with `fresca`, only those who
 * signed in again a few minutes ago (refunds, people, keys, exports, backups): 403 `{ mensaje }` otherwise.
 */
export function exigirRol(rol: Rol, opciones: { fresca?: boolean } = {}): MiddlewareHandler<OperatorEnv> {
  return async (c, next) => {
    const suyo = c.get('rol');
    if (rol === 'dueno' && suyo !== 'dueno') throw clientError(403, SOLO_ROL(rol));
    if (opciones.fresca && !c.get('fresca')) throw clientError(403, REAUTENTICAR);
    await next();
  };
}
