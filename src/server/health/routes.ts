import { Hono } from 'hono';
import { BASE_DE_DATOS } from '../config.ts';
import { catalogueVersion } from '../catalogue/queries.ts';
import type { Db } from '../db/client.ts';

/** What GET /health answers: the database's state and the catalogue versions, never a setting or a secret. */
export interface Salud {
  estado: 'ok' | 'sin base de datos';
  baseDeDatos: 'up' | 'down';
  catalogo: {
    /** The database's current catalogue version; null while the database does not answer. */
    version: number | null;
    /** The version the served static site was built from; null when this process does not know it. */
    construido: number | null;
  };
}

export interface HealthDeps {
  db: Db;
  /** The catalogue version of the built site beside this API (read from disk, or from the deployed /version.json). */
  builtVersion?: () => number | undefined | Promise<number | undefined>;
  timeoutMs?: number;
}

/**
 * GET /health, for monitors and load balancers: 200 when the database answers a read of the catalogue
 * version within `timeoutMs`, 503 otherwise (down, or silent past the limit).
 */
export function healthRoutes({ db, builtVersion, timeoutMs = BASE_DE_DATOS.saludTimeoutMs }: HealthDeps) {
  return new Hono().get('/', async (c) => {
    const [version, construido] = await Promise.all([
      withinTime(catalogueVersion(db), timeoutMs).catch(() => null),
      withinTime(
        Promise.resolve().then(() => builtVersion?.()),
        timeoutMs,
      ).then(
        (built) => built ?? null,
        () => null,
      ),
    ]);
    const salud: Salud = {
      estado: version === null ? 'sin base de datos' : 'ok',
      baseDeDatos: version === null ? 'down' : 'up',
      catalogo: { version, construido },
    };
    c.header('Cache-Control', 'no-store');
    return c.json(salud, version === null ? 503 : 200);
  });
}

/** `work`'s result, or a rejection once `ms` pass first. */
function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Sin respuesta en ${ms} ms.`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
