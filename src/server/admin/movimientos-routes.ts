import { Hono } from 'hono';
import { consultaMovimientosSchema, MOVIMIENTOS_POR_PAGINA, type PaginaMovimientos } from '../../lib/api/cupones-schemas.ts';
import { historialStock } from '../catalogue/movimientos.ts';
import type { Db } from '../db/client.ts';
import { clientError } from '../http/errors.ts';
import type { OperatorEnv } from './audit.ts';
import { productoPorReferencia } from './product-routes.ts';

/**
 * A product's stock history (issue 37), newest first, a page at a time: who moved its units, when,
 * why (sale, cancellation, return, import, a person's manual change with its reason, a bulk change),
 * from and to, and the order it was for.
 */
export function movimientosRoutes(db: Db) {
  return new Hono<OperatorEnv>().get('/productos/:ref/movimientos', async (c) => {
    const parsed = consultaMovimientosSchema.safeParse(c.req.query());
    if (!parsed.success) throw clientError(400, parsed.error.issues[0]?.message ?? 'La consulta no es válida.');
    const producto = await productoPorReferencia(db, c.req.param('ref'));
    if (!producto) throw clientError(404, `No existe el producto ${c.req.param('ref')} (indica su idProducto o su SKU).`);
    // One more than a page says whether another page follows.
    const filas = await historialStock(db, producto.idProducto, MOVIMIENTOS_POR_PAGINA + 1, parsed.data.antes);
    const pagina = filas.slice(0, MOVIMIENTOS_POR_PAGINA);
    return c.json({
      idProducto: producto.idProducto,
      movimientos: pagina.map((m) => ({
        id: m.id,
        fecha: m.fecha.toISOString(),
        antes: m.antes,
        despues: m.despues,
        motivo: m.motivo,
        actor: m.actor,
        nota: m.nota,
        pedidoId: m.pedidoId,
      })),
      siguiente: filas.length > MOVIMIENTOS_POR_PAGINA ? pagina.at(-1)!.id : null,
    } satisfies PaginaMovimientos);
  });
}
