import { createHash } from 'node:crypto';
import { LIMA_OFFSET_MS, fechaLima } from '../../lib/dates.ts';
import type { Tx } from '../db/client.ts';
import { countInWindow } from '../auth/rate-limit.ts';

/**
 * The daily caps of the consumers' copies by e-mail (ReclamosConfig): per recipient address and for
 * all together, counted per Lima day in the request-limit table (so they hold across instances) and
 * inside the filing's transaction, after its correlative's lock, so concurrent filings count in turn.
 */

/** The caps: copies to one address, and to all, per day. */
export interface TopesCopias {
  copiasPorCorreoDia: number;
  copiasPorDia: number;
}

/**
 * The mailbox an address reaches, as the per-address cap counts it: lower case, without a `+tag`,
 * and Gmail's dots dropped, so rosa+1@ and r.osa@gmail.com count as rosa@gmail.com.
 */
export function buzonDe(correo: string): string {
  const [local = '', dominio = ''] = correo
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const gmail = dominio === 'gmail.com' || dominio === 'googlemail.com';
  const base = local.split('+')[0]!;
  return `${gmail ? base.replace(/\./g, '') : base}@${gmail ? 'gmail.com' : dominio}`;
}

/** Counts one more for `clave` in the Lima day of `ahora`; answers the day's count. */
function contar(tx: Tx, clave: string, ahora: Date): Promise<number> {
  return countInWindow(tx, clave, new Date(Date.parse(`${fechaLima(ahora)}T00:00:00Z`) + LIMA_OFFSET_MS));
}

/** What the caps allow one more copy to `correo`: send it or not, and whether this one is the first the day's global cap refuses. */
export async function cupoDeCopia(
  tx: Tx,
  correo: string,
  topes: TopesCopias,
  ahora: Date,
): Promise<{ enviar: boolean; topeAlcanzado: boolean }> {
  const buzon = createHash('sha256').update(buzonDe(correo)).digest('base64url');
  if ((await contar(tx, `reclamos:copias:${buzon}`, ahora)) > topes.copiasPorCorreoDia) return { enviar: false, topeAlcanzado: false };
  const total = await contar(tx, 'reclamos:copias', ahora);
  return { enviar: total <= topes.copiasPorDia, topeAlcanzado: total === topes.copiasPorDia + 1 };
}
