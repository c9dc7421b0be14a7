import { Hono } from 'hono';
import { type ServerConfig } from '../config.ts';
import { backupFileName, dumpEmbedded, embeddedClient, PG_DUMP_ADVICE } from '../db/backup.ts';
import { clientError } from '../http/errors.ts';
import { devolucionRoutes } from '../payments/devoluciones-routes.ts';
import type { Pagos } from '../payments/services.ts';
import { audit, operadorDe, type OperatorEnv } from './audit.ts';
import { auditoriaRoutes } from './auditoria-routes.ts';
import { requireOperator, type OperatorAuthDeps } from './auth.ts';
import { exigirRol } from './roles.ts';
import { fotoRoutes } from './fotos/routes.ts';
import { personalPublicRoutes, personalRoutes, type PersonalDeps } from '../personal/routes.ts';
import { catalogoRoutes } from './catalogo/routes.ts';
import { cierreRoutes } from './cierre-routes.ts';
import { comprobanteOperatorRoutes } from './comprobante-routes.ts';
import { contentRoutes } from './content-routes.ts';
import { couponRoutes } from './coupon-routes.ts';
import { movimientosRoutes } from './movimientos-routes.ts';
import { inicioRoutes } from './inicio.ts';
import { loteRoutes } from './lote/routes.ts';
import { pedidosRoutes } from './pedidos-routes.ts';
import { productRoutes } from './product-routes.ts';
import { rebuildAfterCatalogueChange, type RebuildDeps } from './rebuild.ts';
import { reclamoOperatorRoutes } from './reclamos-routes.ts';
import { resenaOperatorRoutes } from './resenas-routes.ts';
import { transferenciaOperatorRoutes } from '../checkout/metodos/transferencia.ts';
import { publicacionRoutes } from '../publicacion/routes.ts';
import { textosRoutes } from '../contenido/routes.ts';
import { tiendaRoutes } from '../tienda/routes.ts';
import { clienteRoutes } from '../clientes/routes.ts';

/**
 * The operator API (under /admin/api), for the shop's staff and `npm run shop`: the orders desk and the
 * home (pedidos-routes.ts, inicio.ts; checkout §4, issue 36), download a backup of the embedded database (`npm run shop --
 * respaldo` while the shop holds it), run the catalogue (products, import, images, coupons, home
 * content; issue 14), answer the Libro de Reclamaciones and follow the electronic receipts (issue 23),
 * moderate the customers' reviews (issue 25), each change recorded in the audit trail. A signed-in person, an API key or the
 * break-glass operator token opens it (see requireOperator); people, keys, exports and backups need a fresh owner (issue 36).
 */
export function adminRoutes(
  deps: OperatorAuthDeps &
    PersonalDeps &
    RebuildDeps & {
      pagos: Pagos;
      config: Pick<
        ServerConfig,
        | 'imagenMaximaBytes'
        | 'comprobantes'
        | 'siteUrl'
        | 'resenas'
        | 'reclamos'
        | 'mesa'
        | 'transferencia'
        | 'correoTienda'
        | 'derechosDatos'
      >;
    },
) {
  const { db } = deps;
  // Sign-in and invitations answer before the guard (they are how a person gets a session).
  return (
    new Hono<OperatorEnv>()
      .route('/', personalPublicRoutes(deps))
      .use('*', requireOperator(deps))
      .route('/', personalRoutes(deps))
      .use('*', rebuildAfterCatalogueChange(deps))
      .route('/', productRoutes(deps))
      // Catalogue: the product list, the form, archive, duplicate and export (issue 37).
      .route('/', catalogoRoutes(deps))
      // Photos and the import in the browser (issue 37).
      .route('/', fotoRoutes(deps))
      // Bulk changes and their undo (issue 37).
      .route('/', loteRoutes(deps))
      // Coupons and the stock history (issue 37).
      .route('/', movimientosRoutes(db))
      // Home content, static pages and publishing (issue 37).
      .route('/', publicacionRoutes(deps))
      .route('/', textosRoutes(db))
      // Shipping and the shop's own settings (issue 37).
      .route('/', tiendaRoutes(deps))
      .route('/', couponRoutes(db))
      .route('/', contentRoutes(db))
      .route('/', reclamoOperatorRoutes(db, deps.config))
      .route('/', resenaOperatorRoutes(db))
      .route('/', comprobanteOperatorRoutes(deps))
      .route('/', pedidosRoutes(deps))
      .route('/', inicioRoutes(db, deps.config))
      // The daily close and its reports ('Cierre y ventas').
      .route('/', cierreRoutes(deps))
      .route('/', devolucionRoutes(deps))
      .route('/', transferenciaOperatorRoutes(deps))
      // Customers and their data rights (Ley 29733): the list, her page, correct, export, delete.
      .route('/', clienteRoutes(deps))
      // The audit trail, the owner's only (filters, pages).
      .route('/', auditoriaRoutes(db))
      .get('/respaldo', exigirRol('dueno', { fresca: true }), async (c) => {
        const client = embeddedClient(db);
        if (!client) throw clientError(409, PG_DUMP_ADVICE);
        const dump = await dumpEmbedded(client);
        // Who took a copy of every customer's data is on record, like every change.
        await audit(db, operadorDe(c), [
          { accion: 'respaldo.descarga', objetivo: 'base de datos', despues: { via: 'api', bytes: dump.size } },
        ]);
        return c.body(dump.stream(), 200, {
          'Content-Type': 'application/gzip',
          'Content-Length': String(dump.size),
          'Content-Disposition': `attachment; filename="${backupFileName(new Date())}"`,
          'Cache-Control': 'no-store',
        });
      })
  );
}
