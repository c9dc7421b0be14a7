import { Hono } from 'hono';
import { RECONSTRUCCION } from '../../lib/tienda.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { logError } from '../db/errors.ts';
import { deployedVersion } from '../jobs/rebuild.ts';
import type { OperatorEnv } from '../admin/audit.ts';
import { estadoPublicacion, registrarPublicada } from './estado.ts';

/** How often, at most, the status asks the deployed site which version it serves (Netlify). */
const CONSULTA_DESPLIEGUE_MS = 10_000;

export interface PublicacionDeps {
  db: Db;
  config: Pick<ServerConfig, 'buildHookUrl' | 'siteUrl'> & Partial<Pick<ServerConfig, 'reconstruccionConstruccionMinutos'>>;
}

/**
 * GET /admin/api/publicacion: the publishing status (publicacion-schemas.ts). `npm start` records its own
 * builds; on Netlify the deployed site's /version.json is asked here (at most every 10 s) and recorded
 * when it shows a new version, so the back office sees a deploy within seconds of it going live.
 */
export function publicacionRoutes({ db, config }: PublicacionDeps) {
  let consultado = 0;
  const verDespliegue = async () => {
    if (!config.buildHookUrl || Date.now() - consultado < CONSULTA_DESPLIEGUE_MS) return;
    consultado = Date.now();
    try {
      const version = await deployedVersion(config.siteUrl);
      if (version !== undefined) await registrarPublicada(db, version);
    } catch (error) {
      logError('No se pudo leer la versión publicada del sitio', error);
    }
  };
  return new Hono<OperatorEnv>().get('/publicacion', async (c) => {
    await verDespliegue();
    c.header('Cache-Control', 'no-store');
    return c.json(
      await estadoPublicacion(db, { construccionMinutos: config.reconstruccionConstruccionMinutos ?? RECONSTRUCCION.construccionMinutos }),
    );
  });
}
