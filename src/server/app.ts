import { Hono } from 'hono';
import type { Db } from './db/client.ts';
import { catalogueRoutes, categoriasRoutes } from './catalogue/routes.ts';
import { homeRoutes } from './home/routes.ts';
import { handleError } from './http/errors.ts';

export interface AppDeps {
  db: Db;
}

/** The shop's API: every call of the spec's tables, at the spec's paths, relative to one base. */
export function createApp({ db }: AppDeps) {
  const app = new Hono()
    .route('/web', catalogueRoutes(db))
    .route('/web', homeRoutes(db))
    .route('/api', categoriasRoutes(db));
  app.notFound((c) => c.json({ mensaje: 'Ruta no encontrada.' }, 404));
  app.onError(handleError);
  return app;
}
export type App = ReturnType<typeof createApp>;

/** Path prefixes the API answers; everything else is the static storefront. */
const API_PATH = /^\/(?:web|api)\/|^\/(?:login|send-correoprueba|validar-codigo|cambiar-contrasena)$|^\/clientes\/|^\/carrito\//;

/** Whether a request path belongs to the API rather than to the static site. */
export const isApiPath = (path: string) => API_PATH.test(path);
