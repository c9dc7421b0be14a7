import { join } from 'node:path';
import { serverConfig, transferenciaAviso, type ServerConfig } from './config.ts';
import { lazyOperatorToken } from './admin/token.ts';
import { lazySecret, type AuthDeps } from './auth/context.ts';
import { comprobanteJobs, proveedorDe } from './comprobantes/emision.ts';
import type { ProveedorComprobantes } from './comprobantes/proveedor.ts';
import type { Db } from './db/client.ts';
import { runDueJobs } from './jobs/queue.ts';
import { rebuildJobs } from './jobs/rebuild.ts';
import { programacionJobs } from './contenido/programacion.ts';
import { startWorker, type Worker } from './jobs/worker.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { orderJobs } from './orders/jobs.ts';
import { devolucionJobs } from './payments/devoluciones-jobs.ts';
import { efectivoMinutos } from './checkout/create-order.ts';
import { METODOS_SERVIDOR } from './checkout/metodos/index.ts';
import type { MetodoServidor } from './checkout/metodos/metodo.ts';
import type { Pasarela } from './payments/gateway.ts';
import { createPagos, type Pagos } from './payments/services.ts';
import { expireOrders } from './payments/vencimiento.ts';
import { paymentJobs } from './payments/webhook.ts';
import { reclamoJobs } from './reclamos/jobs.ts';
import { avisoJobs } from './avisos/jobs.ts';
import { transferenciaJobs } from './checkout/metodos/transferencia.ts';
import { avisosTiendaJobs, programarAvisosTienda } from './avisos-tienda/jobs.ts';
import { resenaJobs } from './resenas/jobs.ts';
import { renovarDescuentosDelDia } from './catalogue/descuentos-del-dia.ts';

export interface ServiceOptions {
  db: Db;
  /** Settings; read from the environment when omitted. */
  config?: ServerConfig;
  /** Outgoing mail; SMTP_URL or the outbox folder when omitted. */
  mailer?: Mailer;
  /** Payment provider; chosen from the settings when omitted (tests pass one). */
  pasarela?: Pasarela;
  /** Electronic-receipt provider; chosen from the settings when omitted (tests pass one). */
  proveedorComprobantes?: ProveedorComprobantes | null;
  /** The payment methods the checkout implements; the shop's own (METODOS_SERVIDOR) when omitted (a test adds one through the seam). */
  metodosPago?: readonly MetodoServidor[];
}

/** What the API and the background worker share: database, settings, mailer, JWT secret, operator token, payments. */
export interface Services extends AuthDeps {
  pagos: Pagos;
  /** The payment methods the checkout implements (checkout/metodos/). */
  metodosPago: readonly MetodoServidor[];
  /** Who issues electronic receipts: Nubefact, the test mode, or null (receipts are numbered and wait). */
  proveedorComprobantes: ProveedorComprobantes | null;
  /** The operator API's token; null when that API is off (production without SHOP_ADMIN_TOKEN). */
  operatorToken: () => Promise<string | null>;
}

/** Builds the shop's services from the settings. */
export function createServices({
  db,
  config = serverConfig(),
  mailer,
  pasarela,
  proveedorComprobantes,
  metodosPago = METODOS_SERVIDOR,
}: ServiceOptions): Services {
  const sinTransferencia = transferenciaAviso(config);
  if (sinTransferencia) console.warn(sinTransferencia);
  return {
    db,
    config,
    mailer: mailer ?? createMailer({ smtpUrl: config.smtpUrl, outboxDir: join(config.dataDir, 'outbox'), from: config.mailFrom }),
    secret: lazySecret(db, config),
    operatorToken: lazyOperatorToken(db, config),
    pagos: createPagos(db, config, pasarela),
    metodosPago,
    proveedorComprobantes: proveedorComprobantes === undefined ? proveedorDe(config.comprobantes) : proveedorComprobantes,
  };
}

/** One run of the background work: due jobs (e-mails, payment retries, rebuild requests) and expired reservations. */
export async function runBackgroundOnce({ db, config, mailer, pagos, proveedorComprobantes }: Services, now = new Date()): Promise<void> {
  await runDueJobs(db, {
    ...orderJobs({ db, mailer, correoTienda: config.correoTienda, siteUrl: config.siteUrl }),
    ...paymentJobs({ db, pasarela: pagos.pasarela, emision: config.comprobantes }),
    ...comprobanteJobs({ db, proveedor: proveedorComprobantes, produccion: config.production }),
    ...devolucionJobs({ db, mailer, pasarela: pagos.pasarela }),
    ...reclamoJobs({ db, mailer, correoTienda: config.correoTienda, siteUrl: config.siteUrl }),
    ...avisoJobs({ db, mailer, siteUrl: config.siteUrl, esperaSegundos: config.avisosStock.esperaSegundos }),
    ...resenaJobs({ db, mailer, siteUrl: config.siteUrl }),
    ...rebuildJobs(config.buildHookUrl, db),
    ...programacionJobs(db),
    ...transferenciaJobs({ db, mailer, config: config.transferencia }),
    ...avisosTiendaJobs({ db, mailer, config }),
  });
  await expireOrders(db, now, config.reservaHoras, efectivoMinutos(config));
  // The shop's notices due now (issue 36): complaints near their deadline, paid orders not shipped, the hourly digest.
  await programarAvisosTienda(db, config, now);
  // A product discount that starts or ends today (Lima) moves the catalogue versions once (issue 37).
  await renovarDescuentosDelDia(db, now);
}

/** Starts the background worker of a long-running server (`npm start`, `npm run api`); null when disabled. */
export function startBackgroundWork(services: Services): Worker | null {
  const seconds = services.config.intervaloTrabajosSegundos;
  return seconds > 0 ? startWorker([() => runBackgroundOnce(services)], seconds * 1000) : null;
}
