import { Hono } from 'hono';
import { consultaAuditoriaSchema, type RespuestaAuditoria } from '../../lib/api/auditoria-schemas.ts';
import { OPERACIONES } from '../../lib/tienda.ts';
import type { Db } from '../db/client.ts';
import { clientError } from '../http/errors.ts';
import { buscarAuditoria, type OperatorEnv } from './audit.ts';
import { idPorReferencia } from './catalogo/lista.ts';
import { exigirRol } from './roles.ts';

/**
 * GET /admin/api/auditoria: the audit trail, the owner's only (`personal` gets 403; an API key and the
 * operator token are owner-level, so `npm run shop -- auditoria` reads it). Filtered by person, order,
 * product (id or SKU), action and Lima dates; paged with `limite` and `pagina`; newest first. A wrong
 * filter is a 400 in Spanish; an unknown product a 404. Nothing here (nor anywhere) edits the trail:
 * the table refuses UPDATE and DELETE (migration 0031).
 */
export function auditoriaRoutes(db: Db) {
  return new Hono<OperatorEnv>().get('/auditoria', exigirRol('dueno'), async (c) => {
    const consulta = consultaAuditoriaSchema.safeParse(c.req.query());
    if (!consulta.success) throw clientError(400, consulta.error.issues[0]?.message ?? 'La consulta de la auditoría no es válida.');
    const { limite = OPERACIONES.auditoriaPorDefecto, pagina = 1, producto, ...filtro } = consulta.data;
    let productoId: number | undefined;
    if (producto !== undefined) {
      productoId = await idPorReferencia(db, producto);
      if (productoId === undefined) throw clientError(404, `No existe el producto ${producto}.`);
    }
    return c.json((await buscarAuditoria(db, { ...filtro, productoId }, pagina, limite)) satisfies RespuestaAuditoria);
  });
}
