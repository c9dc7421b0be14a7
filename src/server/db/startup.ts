import { count } from 'drizzle-orm';
import { BASE_DE_DATOS, type ServerConfig } from '../config.ts';
import { seedLocationsIfEmpty } from '../shipping/seed.ts';
import { connectDatabase, migrateDatabase, type Database, type Db } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { productos } from './schema/index.ts';
import { whileStarting } from './startup-lock.ts';

/**
 * The one start-up of every process that opens the shop's database (`npm start`, `npm run api`, `dev`,
 * `seed`, the build's catalogue, `npm run shop` on a local database, the Netlify functions): connect to
 * the configured one, apply the migrations, load Peru's locations when missing and, only when asked
 * (`catalogoDemo`, DEMO_CATALOGUE) and given the demo's loader, the demo catalogue into an empty
 * catalogue. The loader is passed in because the API's code never imports the demo's.
 */

/** Where the database is and whether the demo was asked for (serverConfig's fields). */
export type DatabaseSettings = Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'catalogoDemo'> &
  Partial<Pick<ServerConfig, 'databaseLimits'>>;

/** What the catalogue held once started: the demo just loaded, nothing (waiting for an import), or the shop's products. */
export type CatalogueAtStart = 'demo' | 'vacio' | 'con-productos';

export interface StartOptions extends RetryOptions {
  /** Loads the demo catalogue into the empty database (src/demo/seed.ts); only processes that serve or build the shop pass it. */
  loadDemo?: (db: Db) => Promise<void>;
  /** Waits (untilDatabaseAnswers) while a PostgreSQL server is down, instead of failing at once. */
  retry?: boolean;
}

/** The configured database, connected but not migrated: a PostgreSQL pool connects on first use, so this succeeds while the server is down. */
export function connectConfiguredDatabase(settings: DatabaseSettings): Promise<Database> {
  return connectDatabase(
    settings.databaseUrl ? { url: settings.databaseUrl, limits: settings.databaseLimits } : { dataDir: settings.dataDir },
  );
}

/**
 * Migrates `database`, loads Peru's locations when missing, and the demo catalogue into an empty one
 * when `settings.catalogoDemo` and `options.loadDemo`. Processes starting together on one PostgreSQL
 * database take turns (whileStarting): the later ones find the first one's work done.
 */
export async function prepareDatabase(
  database: Database,
  settings: Pick<DatabaseSettings, 'catalogoDemo'>,
  options: StartOptions = {},
): Promise<CatalogueAtStart> {
  const { loadDemo, retry = false, ...waiting } = options;
  const prepare = async () => {
    await migrateDatabase(database);
    return fillDatabase(database.db, settings.catalogoDemo ? loadDemo : undefined);
  };
  return retry ? untilDatabaseAnswers(prepare, waiting) : prepare();
}

/** Loads Peru's locations when missing and, given `loadDemo`, the demo catalogue into an empty catalogue; one process at a time (whileStarting). */
export function fillDatabase(db: Db, loadDemo?: (db: Db) => Promise<void>): Promise<CatalogueAtStart> {
  return whileStarting(db, async () => {
    await seedLocationsIfEmpty(db);
    const [row] = await db.select({ n: count() }).from(productos);
    if ((row?.n ?? 0) > 0) return 'con-productos';
    if (!loadDemo) return 'vacio';
    await loadDemo(db);
    return 'demo';
  });
}

/** Connects to the configured database and prepares it (prepareDatabase); a failure closes it again. */
export async function startDatabase(
  settings: DatabaseSettings,
  options: StartOptions = {},
): Promise<{ database: Database; catalogo: CatalogueAtStart }> {
  const database = await connectConfiguredDatabase(settings);
  try {
    return { database, catalogo: await prepareDatabase(database, settings, options) };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

/** Where the database is, for the operator: `PostgreSQL (DATABASE_URL)` or the embedded one's folder. */
export function databasePlace(settings: Pick<DatabaseSettings, 'databaseUrl' | 'dataDir'>): string {
  return settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${settings.dataDir}/`;
}

/** The operator's line once the database is ready: where it is, and for an empty catalogue how to fill it (in Spanish). */
export function startupMessage(settings: Pick<DatabaseSettings, 'databaseUrl' | 'dataDir'>, catalogo: CatalogueAtStart): string {
  const where = databasePlace(settings);
  if (catalogo === 'demo') return `Base de datos nueva en ${where}: catálogo de demostración cargado.`;
  if (catalogo === 'con-productos') return `Base de datos: ${where}.`;
  return [
    `Base de datos: ${where}. El catálogo está vacío: la tienda arranca sin productos.`,
    '  Para cargar el tuyo: npm run shop -- importar catalogo.csv (un .csv o .json; ejemplo en ejemplos/catalogo.csv).',
    '  Para probar con el catálogo de demostración: npm run seed, o arranca con DEMO_CATALOGUE=true.',
  ].join('\n');
}

export interface RetryOptions {
  /** Stops waiting (shutdown): the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Told before each wait, e.g. to log why and for how long. */
  onRetry?: (error: unknown, delayMs: number) => void;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Runs `task` until it succeeds, waiting (1 s, 2 s, 4 s… up to 15 s) after each failure that says the
 * database is down or silent; any other failure (a bad migration, a wrong password) is thrown at once.
 */
export async function untilDatabaseAnswers<T>(task: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { signal, onRetry, firstDelayMs = BASE_DE_DATOS.reintentoMs, maxDelayMs = BASE_DE_DATOS.reintentoMaximoMs } = options;
  for (let delayMs = firstDelayMs; ; delayMs = Math.min(delayMs * 2, maxDelayMs)) {
    signal?.throwIfAborted();
    try {
      return await task();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || signal?.aborted) throw error;
      onRetry?.(error, delayMs);
      await sleep(delayMs, signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}
