import { desc } from 'drizzle-orm';
import type { Context } from 'hono';
import { OPERACIONES } from '../../lib/tienda.ts';
import { tieneControles } from '../../lib/api/text-schemas.ts';
import { CABECERA_OPERADOR, type EntradaAuditoria } from '../../lib/api/operator-schemas.ts';
import type { Rol } from '../../lib/api/backoffice-schemas.ts';
import type { Db, Tx } from '../db/client.ts';
import { auditoria } from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';

/**
 * The operator API's audit trail: every change records who made it, when and what changed. "Who" is
 * what the actor guard (auth.ts, issue 36) established: a signed-in person's name from the database,
 * 'clave: <nombre>' for an API key, or 'token de operador' for the break-glass token (followed by the
 * name `npm run shop` sends in X-Operador, kept to trace a mistake, not to prove it).
 */

/** The name recorded when nobody is named (a direct database backup by the command line). */
export const OPERADOR_ANONIMO = 'sin nombre';

/**
 * What the operator API knows of the caller: the name its audit entries record, its role (issue 36:
 * `dueno` does everything, `personal` runs the day) and whether it signed in recently enough for money,
 * people, keys and exports (`fresca`); for a signed-in person, their id and their session's (its SHA-256).
 * API keys and the operator token are always fresh.
 */
export type OperatorEnv = {
  Variables: { operador: string; rol: Rol; fresca: boolean; persona?: number; sesion?: string };
};

/** One change: what was done (e.g. producto.precio) to what (producto 12), and the changed fields before and after. */
export interface Cambio {
  accion: string;
  objetivo: string;
  antes?: Record<string, unknown> | null;
  despues?: Record<string, unknown> | null;
}

/** The name in X-Operador (sent with the operator token by `npm run shop`), or undefined; a malformed one is a 400. */
export function nombreDeCabecera(c: Context): string | undefined {
  const raw = c.req.header(CABECERA_OPERADOR);
  if (raw === undefined || raw.trim() === '') return undefined;
  let name: string;
  try {
    name = decodeURIComponent(raw).trim();
  } catch {
    name = '';
  }
  if (!name || name.length > OPERACIONES.operadorMaximo || tieneControles(name)) {
    throw clientError(
      400,
      `El nombre del operador (${CABECERA_OPERADOR}) no es válido: hasta ${OPERACIONES.operadorMaximo} caracteres, sin caracteres de control.`,
    );
  }
  return name;
}

export const operadorDe = (c: Context<OperatorEnv>) => c.get('operador');

/** Records changes by `operador` (in the change's own transaction, so a change is never without its entry). */
export async function audit(db: Db | Tx, operador: string, cambios: Cambio[]): Promise<void> {
  if (cambios.length === 0) return;
  const fecha = new Date();
  await db.insert(auditoria).values(
    cambios.map((cambio) => ({
      fecha,
      operador,
      accion: cambio.accion,
      objetivo: cambio.objetivo,
      antes: cambio.antes ?? null,
      despues: cambio.despues ?? null,
    })),
  );
}

/** The newest `limite` entries, newest first. */
export async function recentAudit(db: Db, limite: number): Promise<EntradaAuditoria[]> {
  const rows = await db.select().from(auditoria).orderBy(desc(auditoria.fecha), desc(auditoria.id)).limit(limite);
  return rows.map((row) => ({
    ...row,
    fecha: row.fecha.toISOString(),
    antes: row.antes as EntradaAuditoria['antes'],
    despues: row.despues as EntradaAuditoria['despues'],
  }));
}
