import { and, count, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { OPERACIONES } from '../../lib/tienda.ts';
import { tieneControles } from '../../lib/api/text-schemas.ts';
import { CABECERA_OPERADOR, type EntradaAuditoria } from '../../lib/api/operator-schemas.ts';
import type { RespuestaAuditoria } from '../../lib/api/auditoria-schemas.ts';
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

/** A stored row as the API answers it. */
const entradaDe = (row: typeof auditoria.$inferSelect): EntradaAuditoria => ({
  ...row,
  fecha: row.fecha.toISOString(),
  antes: row.antes as EntradaAuditoria['antes'],
  despues: row.despues as EntradaAuditoria['despues'],
});

/** What the trail can be narrowed to: a resolved product id, Lima dates (YYYY-MM-DD, both included). */
export interface FiltroAuditoria {
  persona?: string;
  pedido?: number;
  productoId?: number;
  accion?: string;
  desde?: string;
  hasta?: string;
}

/** The instant a Lima day starts. */
const inicioDelDiaLima = (dia: string) => new Date(`${dia}T00:00:00-05:00`);

/** The conditions of `filtro` (an order's entries and those naming it; a product's as its page lists them). */
function condiciones(filtro: FiltroAuditoria): SQL | undefined {
  const partes: (SQL | undefined)[] = [];
  if (filtro.persona !== undefined) partes.push(eq(auditoria.operador, filtro.persona));
  if (filtro.accion !== undefined) partes.push(eq(auditoria.accion, filtro.accion));
  if (filtro.pedido !== undefined) {
    const n = String(filtro.pedido);
    partes.push(
      or(
        eq(auditoria.objetivo, `pedido ${n}`),
        like(auditoria.objetivo, `pedido ${n} %`),
        sql`${auditoria.despues} ->> 'pedido' = ${n}`,
        sql`${auditoria.antes} ->> 'pedido' = ${n}`,
      ),
    );
  }
  if (filtro.productoId !== undefined)
    partes.push(or(eq(auditoria.objetivo, `producto ${filtro.productoId}`), like(auditoria.objetivo, `producto ${filtro.productoId} (%`)));
  if (filtro.desde !== undefined) partes.push(gte(auditoria.fecha, inicioDelDiaLima(filtro.desde)));
  if (filtro.hasta !== undefined)
    partes.push(lt(auditoria.fecha, new Date(inicioDelDiaLima(filtro.hasta).getTime() + 24 * 60 * 60 * 1000)));
  return partes.length > 0 ? and(...partes) : undefined;
}

/** One page (1-based) of the entries `filtro` picks, newest first, with their count and the trail's names and actions. */
export async function buscarAuditoria(db: Db, filtro: FiltroAuditoria, pagina: number, limite: number): Promise<RespuestaAuditoria> {
  const donde = condiciones(filtro);
  const [rows, [cuenta], personas, acciones] = await Promise.all([
    db
      .select()
      .from(auditoria)
      .where(donde)
      .orderBy(desc(auditoria.fecha), desc(auditoria.id))
      .limit(limite)
      .offset((pagina - 1) * limite),
    db.select({ n: count() }).from(auditoria).where(donde),
    db.selectDistinct({ v: auditoria.operador }).from(auditoria).orderBy(auditoria.operador),
    db.selectDistinct({ v: auditoria.accion }).from(auditoria).orderBy(auditoria.accion),
  ]);
  return {
    entradas: rows.map(entradaDe),
    total: Number(cuenta?.n ?? 0),
    pagina,
    limite,
    personas: personas.map((fila) => fila.v),
    acciones: acciones.map((fila) => fila.v),
  };
}
