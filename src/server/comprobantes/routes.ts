import { Hono } from 'hono';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { clientError } from '../http/errors.ts';
import { cabecerasPagina } from '../http/pagina-simple.ts';
import { CSP_COMPROBANTE, paginaComprobante } from './pagina.ts';
import { comprobantePorClave, comprobantePorId, urlComprobante } from './queries.ts';

/**
 * GET /api/comprobantes/{clave} (issue 23): a receipt's printable page, public: its unguessable key
 * (sent to the buyer) is the capability, so an unknown or malformed key is a 404 like any missing
 * page, and the page is neither cached nor indexed.
 */
export function comprobanteRoutes({ db, config }: { db: Db; config: Pick<ServerConfig, 'siteUrl'> }) {
  return new Hono().get('/comprobantes/:clave', async (c) => {
    const row = await comprobantePorClave(db, c.req.param('clave'));
    if (!row) throw clientError(404, 'No encontramos ese comprobante. Revisa el enlace que te enviamos.');
    const modifica = row.modificaId === null ? null : await comprobantePorId(db, row.modificaId);
    const html = paginaComprobante(row, { modifica, url: urlComprobante(config.siteUrl, row.clave) });
    return c.body(html, 200, cabecerasPagina(CSP_COMPROBANTE));
  });
}
