import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PEDIDOS } from '../lib/tienda.ts';
import { type ServerConfig } from './config.ts';
import { adminRoutes } from './admin/routes.ts';
import { recoveryRoutes } from './auth/recovery.ts';
import { authRoutes } from './auth/routes.ts';
import { catalogueRoutes, categoriasRoutes } from './catalogue/routes.ts';
import { checkoutRoutes } from './checkout/routes.ts';
import { comprobanteRoutes } from './comprobantes/routes.ts';
import { customerRoutes } from './customers/routes.ts';
import { discountRoutes } from './discounts/routes.ts';
import { healthRoutes, type HealthDeps } from './health/routes.ts';
import { homeRoutes } from './home/routes.ts';
import { imageRoutes } from './images/routes.ts';
import { megas, PREFIJO_IMAGENES } from './images/store.ts';
import { rejectControlCharacters, sameSiteWrites } from './http/edge.ts';
import { handleError } from './http/errors.ts';
import { requestLog, type LogLine } from './http/request-log.ts';
import { API_CSP, withSecurityHeaders } from './http/security-headers.ts';
import { orderListRoutes, orderRoutes } from './orders/routes.ts';
import { pagoDePruebaRoutes } from './payments/prueba-rutas.ts';
import { webhookRoutes } from './payments/webhook.ts';
import { reclamoRoutes } from './reclamos/routes.ts';
import { avisoRoutes } from './avisos/routes.ts';
import { resenaRoutes } from './resenas/routes.ts';
import { routineRoutes } from './routine/routes.ts';
import { createServices, type ServiceOptions, type Services } from './services.ts';
import { shippingRoutes } from './shipping/routes.ts';

export type AppDeps = (ServiceOptions | { services: Services }) & {
  /** Writes one line per request (see requestLog); no request log when omitted (tests, in-process builds). */
  logRequest?: LogLine;
  /** The catalogue version of the static site served beside the API, for GET /health. */
  builtVersion?: HealthDeps['builtVersion'];
};

/** The shop's API: every call of the spec's tables, at the spec's paths, relative to one base. */
export function createApp(options: AppDeps) {
  const deps = 'services' in options ? options.services : createServices(options);
  const { db, pagos } = deps;
  const { pasarela, webhookSecret } = pagos;
  const checkout = { db, config: deps.config, pasarela, secret: deps.secret, emision: deps.config.comprobantes, metodos: deps.metodosPago };
  const app = new Hono();
  if (options.logRequest) app.use('*', requestLog(options.logRequest));
  const api = app
    .use('*', withSecurityHeaders({ production: deps.config.production, csp: () => API_CSP }))
    // Before any body is read: a foreign page's write is refused by its headers alone.
    .use('*', sameSiteWrites(deps.config))
    // Checked while the body streams in, so a chunked body without Content-Length is cut off too.
    .use('*', bodyLimits(deps.config))
    .use('*', rejectControlCharacters)
    .route('/web', catalogueRoutes(db, deps.config.catalogo))
    .route('/web', homeRoutes(db))
    .route('/web', customerRoutes(deps))
    .route('/web', shippingRoutes(db))
    .route('/web', orderListRoutes(deps))
    .route('/api', categoriasRoutes(db))
    .route('/api', routineRoutes(db))
    .route('/api', discountRoutes(deps))
    .route('/api', orderRoutes(deps))
    .route('/api', reclamoRoutes(deps))
    .route('/api', avisoRoutes(deps))
    .route('/api', resenaRoutes(deps))
    .route('/api', comprobanteRoutes(deps))
    .route('/carrito', checkoutRoutes(checkout))
    .route('/admin/api', adminRoutes(deps))
    .route(
      '/webhooks',
      webhookRoutes({ db, pasarela, webhookSecret, toleranceSeconds: PEDIDOS.toleranciaFirmaSegundos, emision: deps.config.comprobantes }),
    )
    .route('/health', healthRoutes({ db, builtVersion: options.builtVersion }))
    .route(PREFIJO_IMAGENES, imageRoutes(db))
    .route('/', authRoutes(deps))
    .route('/', recoveryRoutes(deps))
    // The offline prueba (pago de prueba) exists only while it is the payment provider (config.pagoPrueba: never on a public site);
    // otherwise an empty router mounts nothing there, and the chain keeps the prueba's routes in App's type.
    .route(
      '/carrito/prueba',
      pasarela?.nombre === 'prueba' ? pagoDePruebaRoutes({ db, webhookSecret, notify: async (request) => app.fetch(request) }) : new Hono(),
    );
  app.notFound((c) => c.json({ mensaje: 'Ruta no encontrada.' }, 404));
  app.onError(handleError);
  // `api` is `app` itself; its chained type carries every route (hono/client reads it).
  return api;
}
/** The API's routes as its routers type them: the browser's typed paths (src/lib/api/routes.ts) are checked against it. */
export type App = ReturnType<typeof createApp>;

const cuerpoDemasiadoGrande = (bytes: number) => `La solicitud es demasiado grande: el máximo es ${Math.floor(bytes / 1024)} KB.`;

/**
 * Every route reads at most `cuerpoMaximoBytes`, except the uploads: the operator's image (its base64
 * is a third larger than the file, IMAGE_MAX_BYTES) and catalogue-import batch (IMPORT_BODY_LIMIT_BYTES),
 * a bulk change of products (within IMPORT_BODY_LIMIT_BYTES too), and a customer's review with its photo
 * (REVIEW_PHOTO_MAX_BYTES, plus room for its texts). Those routes
 * check the operator's or the customer's token before reading any of it.
 */
function bodyLimits(
  config: Pick<ServerConfig, 'cuerpoMaximoBytes' | 'imagenMaximaBytes' | 'loteImportacionBytes' | 'resenas'>,
): MiddlewareHandler {
  const limit = (maxSize: number, mensaje: string) => bodyLimit({ maxSize, onError: (c) => c.json({ mensaje }, 413) });
  const base64 = (bytes: number) => Math.ceil(bytes / 3) * 4;
  const general = limit(config.cuerpoMaximoBytes, cuerpoDemasiadoGrande(config.cuerpoMaximoBytes));
  const imagen = limit(
    base64(config.imagenMaximaBytes) + 4096,
    `El archivo es demasiado grande: el máximo es ${megas(config.imagenMaximaBytes)}.`,
  );
  const lote = limit(
    config.loteImportacionBytes,
    `El lote de la importación es demasiado grande: el máximo es ${megas(config.loteImportacionBytes)}.`,
  );
  // A bulk change of products (issue 37): thousands of rows of a few fields, within the import's limit.
  const loteProductos = limit(
    config.loteImportacionBytes,
    `El cambio en bloque es demasiado grande: el máximo es ${megas(config.loteImportacionBytes)}.`,
  );
  const resena = limit(
    base64(config.resenas.fotoMaximaBytes) + 64 * 1024,
    `La foto es demasiado grande: el máximo es ${megas(config.resenas.fotoMaximaBytes)}.`,
  );
  const porRuta: Record<string, MiddlewareHandler> = {
    '/admin/api/imagenes': imagen,
    '/admin/api/fotos': imagen,
    '/admin/api/importar': lote,
    '/api/resenas': resena,
    '/admin/api/productos/lote': loteProductos,
  };
  return (c, next) => (c.req.method === 'POST' ? (porRuta[c.req.path] ?? general) : general)(c, next);
}

/** Whether a request path belongs to the API rather than to the static site (one list: api-paths.ts). */
export { isApiPath } from './api-paths.ts';
