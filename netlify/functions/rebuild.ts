/**
 * Netlify's scheduled rebuild check: calls the build hook (BUILD_HOOK_URL) only when the deployed
 * site's /version.json differs from the catalogue version in the database, so a rebuild spends build
 * minutes only on a changed catalogue (see checkDeployedVersion).
 */
import { serverConfig } from '../../src/server/config.ts';
import { checkDeployedVersion } from '../../src/server/jobs/rebuild.ts';
import { functionDatabase } from '../database.ts';

/** One check; its outcome goes to the function's log. */
export default async (): Promise<void> => {
  const settings = serverConfig();
  if (!settings.buildHookUrl) {
    console.warn('BUILD_HOOK_URL no está definido: el sitio no se reconstruye cuando cambia el catálogo.');
    return;
  }
  const resultado = await checkDeployedVersion(await functionDatabase(), {
    siteUrl: settings.siteUrl,
    hookUrl: settings.buildHookUrl,
    buildMinutes: settings.reconstruccionConstruccionMinutos,
    minIntervalSeconds: settings.reconstruccionIntervaloSegundos,
  });
  if (resultado === 'fallida') {
    console.error(
      'El último build del catálogo actual no se publicó (falló): Netlify sigue sirviendo el sitio anterior. No se vuelve a pedir hasta que el catálogo cambie; revisa el registro del deploy en Netlify.',
    );
  } else console.log(`Versión del catálogo publicada: ${resultado}.`);
};

// Netlify reads the schedule (UTC cron) from the source without running it: a test keeps it equal to
// RECONSTRUCCION.horario (src/lib/tienda.ts).
export const config = { schedule: '*/5 * * * *' };
