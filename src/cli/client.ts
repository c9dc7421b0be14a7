import { join } from 'node:path';
import { ARCHIVO_TOKEN_OPERADOR } from '../lib/api/operator-schemas.ts';
import { operatorClient, type OperatorClient } from '../lib/api/operator-client.ts';
import type { ShopCliDeps } from './deps.ts';
import { cliErrorOf, noTokenError } from './errors.ts';

/** Where the shop writes a generated operator token in the data folder `dataDir` (server/admin/token.ts writes it). */
export const operatorTokenFile = (dataDir: string) => join(dataDir, ARCHIVO_TOKEN_OPERADOR);

/**
 * The operator client (lib/api/operator-client.ts) over this run's transport, as the commands use it:
 * with the run's token and operator name, each call refused as a CliError with the API's Spanish
 * mensaje (errors.ts). Without a token, every call says where to find one (and `--help` needs none).
 */
export function cliClient(deps: Pick<ShopCliDeps, 'fetch' | 'baseUrl' | 'token' | 'tokenFile' | 'operador'>): OperatorClient {
  const client = operatorClient({ token: deps.token ?? '', operador: deps.operador, base: deps.baseUrl, fetch: deps.fetch });
  const calls = Object.entries(client).map(([name, call]) => [
    name,
    async (...args: unknown[]) => {
      if (!deps.token) throw noTokenError(deps.tokenFile ?? operatorTokenFile('.data'));
      try {
        return await (call as (...args: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        throw cliErrorOf(error, deps.baseUrl);
      }
    },
  ]);
  return Object.fromEntries(calls) as OperatorClient;
}
