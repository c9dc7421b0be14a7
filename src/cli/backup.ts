import { createWriteStream, existsSync, openAsBlob, renameSync, rmSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  backupFileName,
  dumpEmbedded,
  embeddedClient,
  hasEmbeddedDatabase,
  isGzip,
  PG_DUMP_ADVICE,
  restoreEmbedded,
} from '../server/db/backup.ts';
import { connectDatabase } from '../server/db/client.ts';
import { readLock } from '../server/db/lock.ts';
import { audit, OPERADOR_ANONIMO } from '../server/admin/audit.ts';
import { operatorClient, type RespaldoDescarga } from '../lib/api/operator-client.ts';
import { operatorTokenFile } from './client.ts';
import { CliError, cliErrorOf, noTokenError } from './errors.ts';
import type { BackupSettings, ShopCliDeps } from './deps.ts';

/** The backup commands' settings, from the environment. */
export function backupSettings(env: Record<string, string | undefined> = process.env): BackupSettings {
  return { dataDir: env.DATA_DIR || '.data', databaseUrl: env.DATABASE_URL || undefined, shopUrlSet: Boolean(env.SHOP_URL) };
}

const size = (file: string) => `${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`;

/**
 * `respaldo [ARCHIVO]`: a consistent backup of the embedded database. The database admits one
 * process, so while the shop holds it (its lock names a live process) the backup is streamed from
 * the shop's operator API; otherwise the command opens the database itself. Never overwrites a file.
 */
export async function respaldo(file: string | undefined, deps: ShopCliDeps): Promise<void> {
  if (deps.databaseUrl) throw new CliError(PG_DUMP_ADVICE);
  const target = file ?? backupFileName(new Date());
  if (existsSync(target)) throw new CliError(`${target} ya existe: elige otro nombre (npm run shop -- respaldo ARCHIVO).`);
  const dataDir = deps.dataDir ?? '.data';
  const owner = deps.shopUrlSet ? undefined : readLock(dataDir);
  if (deps.shopUrlSet || owner) {
    if (owner && !owner.port)
      throw new CliError(
        `La tienda (proceso ${owner.pid}) está arrancando con la base de datos de ${dataDir}/; vuelve a intentarlo en unos segundos.`,
      );
    const baseUrl = owner ? `http://127.0.0.1:${owner.port}` : deps.baseUrl;
    await download({ ...deps, baseUrl }, target);
    deps.out(`Respaldo de la tienda en marcha (${baseUrl}) escrito en ${target} (${size(target)}).`);
    return;
  }
  if (!hasEmbeddedDatabase(dataDir))
    throw new CliError(`No hay una base de datos embebida en ${dataDir}/. Si está en otra carpeta, indícala con DATA_DIR.`);
  const database = await connectDatabase({ dataDir }).catch((error: unknown) => {
    // The shop started meanwhile: its lock says so.
    throw new CliError((error as Error).message);
  });
  let dump: Blob;
  try {
    // Recorded before the copy is taken, so the copy holds its own entry.
    await audit(database.db, deps.operador ?? OPERADOR_ANONIMO, [
      { accion: 'respaldo.descarga', objetivo: 'base de datos', despues: { via: 'directo' } },
    ]);
    dump = await dumpEmbedded(embeddedClient(database.db)!);
  } finally {
    await database.close();
  }
  await writeWhole(target, dump.stream());
  deps.out(`Respaldo de ${dataDir}/ escrito en ${target} (${size(target)}). Se restaura con: npm run shop -- restaurar ${target}`);
}

/** Streams the running shop's backup (the operator client's backup call) into `target`. */
async function download(deps: ShopCliDeps, target: string): Promise<void> {
  if (!deps.token) throw noTokenError(deps.tokenFile ?? operatorTokenFile('.data'));
  let respaldo: RespaldoDescarga;
  try {
    respaldo = await operatorClient({ token: deps.token, operador: deps.operador, base: deps.baseUrl, fetch: deps.fetch }).backup();
  } catch (error) {
    throw cliErrorOf(error, deps.baseUrl, 'sin un respaldo');
  }
  await writeWhole(target, respaldo.cuerpo);
}

/** Writes a stream to `target` through a temporary file, so a failed copy never looks like a backup. */
async function writeWhole(target: string, body: ReadableStream<Uint8Array>): Promise<void> {
  const partial = `${target}.parcial`;
  try {
    await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), createWriteStream(partial, { mode: 0o600 }));
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new CliError(`No se pudo escribir ${target}: ${(error as Error).message}`);
  }
}

/**
 * `restaurar ARCHIVO`: restores a backup into DATA_DIR, which must hold no database (an existing one
 * is never overwritten; the shop must not be running on it).
 */
export async function restaurar(file: string | undefined, deps: ShopCliDeps): Promise<void> {
  if (!file) throw new CliError('Indica el archivo del respaldo, por ejemplo: npm run shop -- restaurar respaldo-2025-03-01-1230.tar.gz');
  if (deps.databaseUrl)
    throw new CliError(`DATABASE_URL está definido, así que la tienda no usa la base de datos embebida.\n${PG_DUMP_ADVICE}`);
  const dataDir = deps.dataDir ?? '.data';
  if (hasEmbeddedDatabase(dataDir)) {
    throw new CliError(
      `${dataDir}/ ya tiene una base de datos y restaurar nunca la sobrescribe. Restaura en una carpeta vacía ` +
        `(DATA_DIR=.data-restaurada npm run shop -- restaurar ${file}) e inicia la tienda con ese DATA_DIR, ` +
        `o detén la tienda y aparta ${dataDir}/ antes.`,
    );
  }
  let archive: Blob;
  try {
    archive = await openAsBlob(file);
  } catch {
    throw new CliError(`No se pudo leer ${file}.`);
  }
  if (!isGzip(new Uint8Array(await archive.slice(0, 2).arrayBuffer())))
    throw new CliError(`${file} no es un respaldo de la tienda (los escribe npm run shop -- respaldo).`);
  const owner = readLock(dataDir);
  if (owner) throw new CliError(`El proceso ${owner.pid} tiene abierta la carpeta ${dataDir}/: detenlo antes de restaurar en ella.`);
  let version: number;
  try {
    version = await restoreEmbedded(dataDir, archive);
  } catch (error) {
    throw new CliError(
      `No se pudo restaurar ${file} (${(error as Error).message}); ${dataDir}/ quedó sin base de datos. ¿Es un respaldo de la tienda?`,
    );
  }
  const start = dataDir === '.data' ? 'npm start' : `DATA_DIR=${dataDir} npm start`;
  deps.out(`Respaldo ${file} restaurado en ${dataDir}/ (catálogo versión ${version}). Inicia la tienda con: ${start}`);
}
