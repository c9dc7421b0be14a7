/**
 * `npm run shop -- <comando>`: the operator's command line (orders list, one order, move an order,
 * backup and restore of the embedded database), mostly a client of the running shop's operator API.
 * See `npm run shop -- --help`.
 */
import { backupSettings } from '../src/server/admin/backup-cli.ts';
import { cliSettings, runShop } from '../src/server/admin/cli.ts';

process.exitCode = await runShop(process.argv.slice(2), {
  ...cliSettings(),
  ...backupSettings(),
  fetch: (url, init) => fetch(url, init),
  out: (text) => console.log(text),
  err: (text) => console.error(text),
});
