import type { MiddlewareHandler } from 'hono';
import type { ServerConfig } from '../config.ts';
import { catalogueVersion } from '../catalogue/queries.ts';
import type { Db } from '../db/client.ts';
import { logError } from '../db/errors.ts';
import { requestRebuild } from '../jobs/rebuild.ts';

/** What the rebuild request after an operator's change needs. */
export interface RebuildDeps {
  db: Db;
  config: Pick<ServerConfig, 'buildHookUrl' | 'reconstruccionEsperaSegundos' | 'reconstruccionIntervaloSegundos'>;
}

/**
 * After an operator's change that moved the catalogue's page version (any catalogue edit, and stock
 * that sold a product out or brought it back, a cancellation's included), asks for a debounced rebuild of the static site,
 * at most one a minimum interval after the last build hook call: only with a build hook
 * (Netlify; `npm start` rebuilds by itself). A failed request is logged, never the operator's answer:
 * the scheduled check still finds the difference.
 */
export function rebuildAfterCatalogueChange({ db, config }: RebuildDeps): MiddlewareHandler {
  return async (c, next) => {
    if (!config.buildHookUrl || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const before = await catalogueVersion(db);
    await next();
    try {
      if ((await catalogueVersion(db)) !== before)
        await requestRebuild(db, config.reconstruccionEsperaSegundos, config.reconstruccionIntervaloSegundos);
    } catch (error) {
      logError('No se pudo pedir la reconstrucción del sitio', error);
    }
  };
}
