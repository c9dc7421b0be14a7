/**
 * `npm run shop -- <comando>`: the operator's command line (orders, catalogue import and day-to-day
 * changes, coupons, home content, audit trail, backup and restore), a client of the operator API of
 * the running shop, or of the same API run in-process on the database when no shop holds it. See
 * `npm run shop -- ayuda`.
 */
import { backupSettings } from '../src/cli/backup.ts';
import { cliSettings, operatorLabel, runShop } from '../src/cli/shop.ts';
import { shopTransport } from '../src/cli/local.ts';
import { CliError } from '../src/cli/errors.ts';

const settings = { ...cliSettings(), ...backupSettings() };
let transporte;
try {
  transporte = shopTransport(settings);
} catch (error) {
  if (!(error instanceof CliError)) throw error;
  console.error(error.message);
  process.exit(1);
}
try {
  process.exitCode = await runShop(process.argv.slice(2), {
    ...settings,
    ...transporte.deps,
    // The backup commands find the shop themselves (its lock), whatever this run's transport.
    operador: operatorLabel(),
    progress: { tty: Boolean(process.stdout.isTTY), write: (text) => process.stdout.write(text) },
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  });
} finally {
  await transporte.close();
}
