/**
 * The shop's background work on Netlify, which has no long-running worker: every minute, the due jobs
 * (e-mails, payment look-ups to retry, requested rebuilds) and the unpaid orders past their reservation.
 */
import { serverConfig } from '../../src/server/config.ts';
import { createServices, runBackgroundOnce, type Services } from '../../src/server/services.ts';
import { functionDatabase } from '../database.ts';

let services: Services | undefined;

/** One run of the background work, as `npm start`'s worker does every JOBS_INTERVAL_SECONDS. */
export default async (): Promise<void> => {
  services ??= createServices({ db: await functionDatabase(), config: serverConfig(process.env, { netlify: true }) });
  await runBackgroundOnce(services);
};

// A scheduled function (UTC cron; Netlify's shortest interval), read by Netlify from the source.
export const config = { schedule: '* * * * *' };
