import { randomBytes } from 'node:crypto';
import { serverConfig } from '../server/config.ts';
import { createApp } from '../server/app.ts';
import { hasEmbeddedDatabase } from '../server/db/backup.ts';
import type { Database } from '../server/db/client.ts';
import { readLock } from '../server/db/lock.ts';
import { startDatabase } from '../server/db/startup.ts';
import { createServices } from '../server/services.ts';
import { CliError } from './errors.ts';
import type { ShopCliDeps } from './deps.ts';

/**
 * How `npm run shop` reaches the shop. Over HTTP when SHOP_URL names one or a running shop holds the
 * embedded database (its lock gives the port); otherwise, with DATABASE_URL or an embedded database
 * in DATA_DIR and no shop on it, the command opens the database itself (applying any new migration)
 * and runs the same operator API in-process, under a token made for this run. The database is
 * opened on the first call only, so `respaldo`, `restaurar` and `--help` never open it here.
 */
export interface Transporte {
  deps: Pick<ShopCliDeps, 'fetch' | 'baseUrl' | 'token'>;
  /** 'http' or 'local' (the command opens the database). */
  modo: 'http' | 'local';
  close(): Promise<void>;
}

export function shopTransport(
  settings: Pick<ShopCliDeps, 'baseUrl' | 'token'> & { dataDir: string; databaseUrl: string | undefined; shopUrlSet: boolean },
  env: Record<string, string | undefined> = process.env,
): Transporte {
  const http = (baseUrl: string): Transporte => ({
    deps: { fetch: (url, init) => fetch(url, init), baseUrl, token: settings.token },
    modo: 'http',
    close: async () => {},
  });
  if (settings.shopUrlSet) return http(settings.baseUrl);
  const owner = readLock(settings.dataDir);
  if (owner?.port) return http(`http://127.0.0.1:${owner.port}`);
  if (owner)
    throw new CliError(
      `La tienda (proceso ${owner.pid}) está arrancando con la base de datos de ${settings.dataDir}/; vuelve a intentarlo en unos segundos.`,
    );
  if (!settings.databaseUrl && !hasEmbeddedDatabase(settings.dataDir)) return http(settings.baseUrl);

  const token = randomBytes(24).toString('base64url');
  let database: Promise<Database> | undefined;
  let app: ReturnType<typeof createApp> | undefined;
  const open = async () => {
    let config;
    try {
      config = { ...serverConfig(env), adminToken: token, intervaloTrabajosSegundos: 0 };
    } catch (error) {
      throw new CliError((error as Error).message);
    }
    database ??= startDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir, catalogoDemo: false }).then(
      (started) => started.database,
      (error: unknown) => {
        throw new CliError(
          `No se pudo abrir la base de datos${settings.databaseUrl ? ' de DATABASE_URL' : ` de ${settings.dataDir}/`}: ${(error as Error).message}`,
        );
      },
    );
    const { db } = await database;
    app ??= createApp({ services: createServices({ db, config }) });
    return app;
  };
  return {
    deps: {
      baseUrl: 'http://tienda.local',
      token,
      fetch: async (url, init) => (await open()).request(url, init),
    },
    modo: 'local',
    async close() {
      if (database) await (await database).close();
    },
  };
}
