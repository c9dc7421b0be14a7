import { readLock } from '../server/db/lock.ts';
import { eachListElement, textPieces } from './json-list.ts';

/** Reads one API path and returns its parsed JSON. */
export type ApiGet = (path: string) => Promise<unknown>;
/** Reads one API path whose answer is a JSON list, handing on each element as it arrives; returns how many. */
export type ApiList = (path: string, visit: (element: unknown, index: number) => void) => Promise<number>;

/** An API the snapshot reads through; `done()` releases what it holds. */
export interface CatalogueSource {
  get: ApiGet;
  /** A list read a piece at a time (json-list.ts): the build's product list is never held whole. */
  list: ApiList;
  done(): Promise<void>;
  origin: string;
}

/**
 * Where the build-time snapshot reads the catalogue from, always through the API contract:
 * `CATALOGUE_URL` or `PUBLIC_API_BASE` when set; else the local server that owns the embedded
 * database, if one runs; else an in-process call of the Hono app on the database itself.
 * `done()` releases the database after the snapshot has been taken.
 */
export async function catalogueSource(env = process.env): Promise<CatalogueSource> {
  const dataDir = env.DATA_DIR || '.data';
  const owner = env.DATABASE_URL ? undefined : readLock(dataDir);
  const base = env.CATALOGUE_URL || env.PUBLIC_API_BASE || (owner?.port ? `http://127.0.0.1:${owner.port}` : undefined);
  if (base) return apiSource(base);

  const [{ startDatabase }, { demoCatalogueFromEnv }, { seedDemoCatalogue }, { createApp }] = await Promise.all([
    import('../server/db/startup.ts'),
    import('../server/config.ts'),
    import('../demo/seed.ts'),
    import('../server/app.ts'),
  ]);
  const settings = { databaseUrl: env.DATABASE_URL || undefined, dataDir, catalogoDemo: demoCatalogueFromEnv(env) };
  const { database } = await startDatabase(settings, { loadDemo: seedDemoCatalogue });
  const app = createApp({ db: database.db });
  const answer = async (path: string) => {
    const res = await app.request(path);
    if (!res.ok) throw new Error(`La API respondió ${res.status} a ${path}.`);
    return res;
  };
  return {
    origin: 'in-process',
    get: async (path) => (await answer(path)).json(),
    list: async (path, visit) => listOf(await answer(path), visit),
    done: () => database.close(),
  };
}

/** The elements of a response's JSON list, a piece of its body at a time. */
async function listOf(res: Response, visit: Parameters<ApiList>[1]): Promise<number> {
  if (!res.body) throw new SyntaxError('La respuesta está vacía: no es una lista JSON.');
  return eachListElement(textPieces(res.body), visit);
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An API over HTTP at `base`. */
export function apiSource(base: string): CatalogueSource {
  const answer = httpAnswer(base);
  return {
    get: async (path) => (await answer(path)).json(),
    list: async (path, visit) => listOf(await answer(path), visit),
    done: async () => {},
    origin: base,
  };
}

function httpAnswer(base: string): (path: string) => Promise<Response> {
  const root = base.replace(/\/+$/, '');
  // From this machine, the answers uncompressed: compressing the product list (about 150 MB of JSON at 100,000
  // products) cost the server and this process more time and memory than the loopback's bytes. From afar, compressed.
  const init: RequestInit = LOOPBACK.has(new URL(root).hostname) ? { headers: { 'Accept-Encoding': 'identity' } } : {};
  return async (path) => {
    // A GET tried twice: a kept-alive connection the server closed while the build was busy fails once.
    const res = await fetch(root + path, init).catch(() => fetch(root + path, init));
    if (!res.ok) throw new Error(`La API en ${root} respondió ${res.status} a ${path}.`);
    return res;
  };
}
