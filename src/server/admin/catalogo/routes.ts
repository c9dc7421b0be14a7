import { Hono } from 'hono';
import { consultaCatalogoSchema } from '../../../lib/api/catalogo-schemas.ts';
import { consultaSinVacios } from '../../../lib/api/pedidos-backoffice-schemas.ts';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { clientError } from '../../http/errors.ts';
import type { OperatorEnv } from '../audit.ts';
import { opcionesCatalogo, paginaCatalogo } from './lista.ts';

/** What the catalogue's calls need. */
export interface CatalogoDeps {
  db: Db;
  config: Pick<ServerConfig, 'mesa'>;
}

/** The query of the list and the export: the filter and its page, or a 400 naming what is wrong. */
export function leerConsulta(query: Record<string, string>) {
  const parsed = consultaCatalogoSchema.safeParse(consultaSinVacios(query));
  if (!parsed.success) throw clientError(400, parsed.error.issues[0]?.message ?? 'La consulta no es válida.');
  const { pagina = 1, ...filtro } = parsed.data;
  return { filtro, pagina };
}

/**
 * The back office's catalogue (issue 37): the product list with its search and filters, the selects'
 * options, the product form (create, full edit, duplicate, archive, restore), the export and a product's
 * audit trail.
 */
export function catalogoRoutes({ db, config }: CatalogoDeps) {
  return new Hono<OperatorEnv>()
    .get('/catalogo/productos', async (c) => {
      const { filtro, pagina } = leerConsulta(c.req.query());
      return c.json(await paginaCatalogo(db, filtro, pagina, { umbralBajo: config.mesa.stockBajo }));
    })
    .get('/catalogo/opciones', async (c) => c.json(await opcionesCatalogo(db)));
}
