import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARCHIVO_TOKEN_OPERADOR } from '../../lib/api/operator-schemas.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { generatedSecret } from '../db/secrets.ts';

/** Where a generated operator token is written for `npm run shop` on the same machine. */
export const operatorTokenFile = (dataDir: string) => join(dataDir, ARCHIVO_TOKEN_OPERADOR);

/**
 * The operator API's token: SHOP_ADMIN_TOKEN; null in production without it (the API is off);
 * otherwise generated once and kept in the database, like the JWT secret.
 */
export async function resolveOperatorToken(db: Db, config: Pick<ServerConfig, 'adminToken' | 'production'>): Promise<string | null> {
  if (config.adminToken) return config.adminToken;
  if (config.production) return null;
  return generatedSecret(db, 'operador');
}

/** Resolves the operator token once per app. */
export function lazyOperatorToken(db: Db, config: Pick<ServerConfig, 'adminToken' | 'production'>): () => Promise<string | null> {
  let token: Promise<string | null> | undefined;
  // Only a successful look-up is kept: one database hiccup must not lock the operator out until a restart.
  return () =>
    (token ??= resolveOperatorToken(db, config).catch((error: unknown) => {
      token = undefined;
      throw error;
    }));
}

/**
 * Writes a generated operator token to `{dataDir}/operador.token`, readable by its owner only, so
 * `npm run shop` on this machine finds it; a token from SHOP_ADMIN_TOKEN is never written. Returns the
 * file's path when it wrote one.
 */
export async function publishOperatorToken(
  db: Db,
  config: Pick<ServerConfig, 'adminToken' | 'production' | 'dataDir'>,
): Promise<string | undefined> {
  const aviso = breakGlassWarning(config);
  if (aviso) console.warn(aviso);
  if (config.adminToken || config.production) return undefined;
  const token = await resolveOperatorToken(db, config);
  const file = operatorTokenFile(config.dataDir);
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  // The mode applies only to a new file; an older one keeps its own.
  chmodSync(file, 0o600);
  return file;
}

/**
 * The warning printed at start while SHOP_ADMIN_TOKEN is set (issue 36): that token opens the whole
 * operator API as the owner, unnamed; people sign in with their own accounts and scripts use named API keys.
 */
export function breakGlassWarning(config: Pick<ServerConfig, 'adminToken'>): string | undefined {
  if (!config.adminToken) return undefined;
  return 'Aviso: SHOP_ADMIN_TOKEN está definido. Ese token abre toda la API de operador como dueña o dueño, sin nombre propio: úsalo solo en una emergencia. Para el día a día, cada persona ingresa con su cuenta en /admin/ y los scripts usan claves de API (npm run shop -- claves crear …). Quítalo cuando no lo necesites.';
}
