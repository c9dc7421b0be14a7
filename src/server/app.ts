import { join } from 'node:path';
import { Hono } from 'hono';
import { serverConfig, type ServerConfig } from '../config.ts';
import { lazySecret, type AuthDeps } from './auth/context.ts';
import { recoveryRoutes } from './auth/recovery.ts';
import { authRoutes } from './auth/routes.ts';
import { catalogueRoutes, categoriasRoutes } from './catalogue/routes.ts';
import { customerRoutes } from './customers/routes.ts';
import { discountRoutes } from './discounts/routes.ts';
import type { Db } from './db/client.ts';
import { homeRoutes } from './home/routes.ts';
import { handleError } from './http/errors.ts';
import { shippingRoutes } from './shipping/routes.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';

export interface AppDeps {
  db: Db;
  /** Settings; read from the environment when omitted. */
  config?: ServerConfig;
  /** Outgoing mail; SMTP_URL or the outbox folder when omitted. */
  mailer?: Mailer;
}

/** The shop's API: every call of the spec's tables, at the spec's paths, relative to one base. */
export function createApp({ db, config = serverConfig(), mailer }: AppDeps) {
  const deps: AuthDeps = {
    db,
    config,
    mailer: mailer ?? createMailer({ smtpUrl: config.smtpUrl, outboxDir: join(config.dataDir, 'outbox'), from: config.mailFrom }),
    secret: lazySecret(db, config),
  };
  const app = new Hono()
    .route('/web', catalogueRoutes(db))
    .route('/web', homeRoutes(db))
    .route('/web', customerRoutes(deps))
    .route('/web', shippingRoutes(db))
    .route('/api', categoriasRoutes(db))
    .route('/api', discountRoutes(deps))
    .route('/', authRoutes(deps))
    .route('/', recoveryRoutes(deps));
  app.notFound((c) => c.json({ mensaje: 'Ruta no encontrada.' }, 404));
  app.onError(handleError);
  return app;
}
export type App = ReturnType<typeof createApp>;

/** Path prefixes the API answers; everything else is the static storefront. */
const API_PATH = /^\/(?:web|api)\/|^\/(?:login|send-correoprueba|validar-codigo|cambiar-contrasena)$|^\/clientes\/|^\/carrito\//;

/** Whether a request path belongs to the API rather than to the static site. */
export const isApiPath = (path: string) => API_PATH.test(path);
