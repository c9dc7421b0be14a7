import { escapeHtml } from '../server/mail/templates.ts';
import type { Mailer } from '../server/mail/mailer.ts';
import { describeError } from '../server/db/errors.ts';
import { buildIsStale } from './site-build.ts';
import { builtVersion } from '../server/node/static-site.ts';

/** What `npm start`'s rebuild loop needs: where the site is, the catalogue's version, how to build, whom to tell. */
export interface SiteRefreshDeps {
  distDir: string;
  /** The catalogue version in the database now. */
  catalogueVersion: () => Promise<number>;
  /** Builds the site of that catalogue version and swaps it in (buildSite); throws when it fails. */
  build: (version: number) => Promise<void>;
  /** Whether the served site must be rebuilt for that version (default: buildIsStale). */
  isStale?: (distDir: string, version: number) => boolean;
  /** Where the operator reads about builds: the process log (failures on `logFailure`, stderr by default). */
  log?: (line: string) => void;
  logFailure?: (line: string) => void;
  /** Tells the operator a build failed (one e-mail to the shop); its own failure is only logged. */
  notify?: (asunto: string, texto: string) => Promise<void>;
  /** The shop is stopping: a build it cut short is not a failure to report. */
  signal?: AbortSignal;
  /** Shortest time from the end of one build to the start of the next (REBUILD_MIN_INTERVAL_SECONDS); 0 by default. */
  minIntervalMs?: number;
  /** The clock (milliseconds, Date.now by default). */
  now?: () => number;
  /** Where each version's build is recorded for the back office's publishing status (src/server/publicacion/estado.ts). */
  registro?: RegistroPublicacion;
}

/** The publishing status's recorders; their own failure is only logged (the build goes on). */
export interface RegistroPublicacion {
  construyendo(version: number): Promise<void>;
  publicada(version: number): Promise<void>;
  fallida(version: number, error: string): Promise<void>;
}

/**
 * `npm start`'s site refresh, run at start and every REBUILD_CHECK_SECONDS: builds when the served
 * site is not current, one build at a time. A build that fails leaves the last good site in place
 * (buildSite swaps a build in only once it is complete), is told to the operator once (a log line and
 * an e-mail) and is not tried again for the same catalogue version: a catalogue value that breaks a
 * page breaks it on every try, so retrying every few seconds only burned the machine and filled the
 * log. The next catalogue change (or a restart) tries again. A build starts at least `minIntervalMs`
 * after the previous one ended: every change meanwhile (an operator's, or a shopper's checkout selling
 * a product out and the next one releasing it) waits for that one build, so nobody can keep the
 * shop building, and a change is built at most an interval (and a check) later.
 */
export function siteRefresher({
  distDir,
  catalogueVersion,
  build,
  isStale = buildIsStale,
  log = console.log,
  logFailure = console.error,
  notify,
  signal,
  minIntervalMs = 0,
  now = Date.now,
  registro,
}: SiteRefreshDeps): () => Promise<void> {
  let building: Promise<void> | undefined;
  let recordedLive: number | undefined;
  const record = (step: Promise<void> | undefined) =>
    step?.catch((error: unknown) =>
      logFailure(`No se pudo registrar el estado de la publicación: ${describeError(error, { stack: false })}`),
    );
  let failedVersion: number | undefined;
  let lastBuildEnd: number | undefined;
  let waitTold = false;
  const run = async (): Promise<void> => {
    const version = await catalogueVersion();
    if (version === failedVersion) return;
    if (!isStale(distDir, version)) {
      // The site served is current (built now, before a restart, or by `npm run build`): the back office says it is live.
      if (recordedLive !== version) await record(registro?.publicada(version));
      recordedLive = version;
      return;
    }
    const due = lastBuildEnd === undefined ? 0 : lastBuildEnd + minIntervalMs;
    if (now() < due) {
      if (!waitTold)
        log(
          `El catálogo cambió: la tienda se reconstruye en ${Math.ceil((due - now()) / 1000)} s (como mucho una construcción cada ${Math.round(minIntervalMs / 1000)} s).`,
        );
      waitTold = true;
      return;
    }
    waitTold = false;
    const served = builtVersion(distDir);
    log(`Construyendo la tienda (${served === undefined ? 'no hay una versión construida' : 'el catálogo o el código cambió'})…`);
    const t0 = performance.now();
    await record(registro?.construyendo(version));
    try {
      await build(version);
      failedVersion = undefined;
      log(`Tienda construida en ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
      await record(registro?.publicada(version));
      recordedLive = version;
    } catch (error) {
      if (signal?.aborted) throw error;
      failedVersion = version;
      const sitio =
        served === undefined
          ? `no hay un sitio construido en ${distDir}/`
          : `se sigue sirviendo el último sitio construido (${distDir}/, catálogo ${served})`;
      const texto = `No se pudo construir la tienda con el catálogo ${version}: ${error instanceof Error ? error.message : String(error)}\n${sitio}. No se reintenta hasta que el catálogo cambie o se reinicie la tienda: corrige el dato que lo impide (npm run shop) y la tienda se reconstruirá sola.`;
      logFailure(texto);
      await record(registro?.fallida(version, error instanceof Error ? error.message : String(error)));
      await notify?.(`La tienda no se pudo reconstruir (catálogo ${version})`, texto).catch((mailError: unknown) =>
        logFailure(`No se pudo avisar por correo del build fallido: ${describeError(mailError, { stack: false })}`),
      );
    } finally {
      lastBuildEnd = now();
    }
  };
  return () => {
    building ??= run().finally(() => (building = undefined));
    return building;
  };
}

/** `notify` for siteRefresher: one e-mail to the shop's own address (SHOP_EMAIL). */
export const avisoPorCorreo =
  (mailer: Mailer, correoTienda: string) =>
  (asunto: string, texto: string): Promise<void> =>
    mailer.send({ to: correoTienda, subject: asunto, text: texto, html: `<p>${escapeHtml(texto).replace(/\n/g, '<br>')}</p>` });
