import { Hono } from 'hono';
import { consultaCatalogoSchema } from '../../../lib/api/catalogo-schemas.ts';
import {
  loteFiltroSchema,
  loteSchema,
  type LoteDeshecho,
  type PaginaLote,
  type ResultadoLoteProductos,
  type UltimoLote,
} from '../../../lib/api/lote-schemas.ts';
import { consultaSinVacios } from '../../../lib/api/pedidos-backoffice-schemas.ts';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { parseBody } from '../../http/body.ts';
import { clientError } from '../../http/errors.ts';
import { operadorDe, type OperatorEnv } from '../audit.ts';
import { aplicarLote } from './aplicar.ts';
import { deshacerLote, ultimoLote } from './deshacer.ts';
import { cambiosPorFiltro, paginaLote } from './filtro.ts';

/** What the bulk change calls need. */
export interface LoteRoutesDeps {
  db: Db;
  config: Pick<ServerConfig, 'mesa'>;
}

/**
 * The bulk changes of products (issue 37 item 3), for every staff role like the one-product change:
 * the grid's page, a batch (preview or apply, one transaction, refused whole), a change by filter, the
 * last batch and its undo. Paths under /productos/lote…, which the product calls leave free.
 */
export function loteRoutes({ db, config }: LoteRoutesDeps) {
  return new Hono<OperatorEnv>()
    .get('/productos/lote/filas', async (c) => {
      const parsed = consultaCatalogoSchema.safeParse(consultaSinVacios(c.req.query()));
      if (!parsed.success) throw clientError(400, parsed.error.issues[0]?.message ?? 'La consulta no es válida.');
      const { pagina = 1, ...filtro } = parsed.data;
      return c.json((await paginaLote(db, filtro, pagina, config.mesa.stockBajo)) satisfies PaginaLote);
    })
    .get('/productos/lote/ultimo', async (c) => c.json({ lote: await ultimoLote(db) } satisfies UltimoLote))
    .post('/productos/lote', async (c) => {
      const { cambios, simulacro, descripcion } = await parseBody(c, loteSchema);
      return c.json((await aplicarLote(db, cambios, { simulacro, operador: operadorDe(c), descripcion })) satisfies ResultadoLoteProductos);
    })
    .post('/productos/lote-filtro', async (c) => {
      const { filtro, simulacro, ...cambio } = await parseBody(c, loteFiltroSchema);
      const { cambios, descripcion } = await cambiosPorFiltro(db, filtro, cambio, config.mesa.stockBajo);
      return c.json((await aplicarLote(db, cambios, { simulacro, operador: operadorDe(c), descripcion })) satisfies ResultadoLoteProductos);
    })
    .post('/productos/lote/:id/deshacer', async (c) => {
      const id = c.req.param('id');
      if (!/^\d{1,9}$/.test(id)) throw clientError(404, `No existe el cambio en bloque ${id}.`);
      return c.json((await deshacerLote(db, Number(id), operadorDe(c))) satisfies LoteDeshecho);
    });
}
