/**
 * `npm run shop -- <comando>`: the operator's command line (orders list, one order, move an order),
 * a client of the running shop's operator API. See `npm run shop -- --help`.
 */
import { cliSettings, runShop } from '../src/server/admin/cli.ts';

process.exitCode = await runShop(process.argv.slice(2), {
  ...cliSettings(),
  fetch: (url, init) => fetch(url, init),
  out: (text) => console.log(text),
  err: (text) => console.error(text),
});
