/**
 * The server's settings: the operator's environment read over the defaults of `lib/tienda.ts`, and the
 * security limits only the server applies. Server, build and command-line code import it; browser code never does.
 */
import { cciLimpio, esCci } from '../lib/comprobantes/cci.ts';
import {
  AVISOS_STOCK,
  AVISOS_TIENDA,
  COMPROBANTES,
  DERECHOS_DATOS,
  LIMITES,
  CIERRE,
  MESA,
  PEDIDOS,
  RECLAMOS,
  RECONSTRUCCION,
  RESENAS,
  TIENDA,
  TRANSFERENCIA,
} from '../lib/tienda.ts';
import { addressList } from './http/ip.ts';

/** The catalogue API's limits, after the environment's overrides. */
export interface CatalogueLimits {
  idsPorConsulta: number;
  porPaginaMaximo: number;
  marcasPorConsulta: number;
  cacheCatalogoBytes: number;
  /** How long Netlify's CDN keeps a search page drawn for one query (netlify/functions/search.ts), in seconds; 0: not kept. */
  busquedaCdnSegundos: number;
}

/** PRODUCT_IDS_MAX, PAGE_SIZE_MAX, LISTING_BRANDS_MAX, CATALOGUE_CACHE_MB and SEARCH_PAGE_CDN_SECONDS over the defaults of `LIMITES`. */
export function catalogueLimits(env: Record<string, string | undefined> = process.env): CatalogueLimits {
  return {
    idsPorConsulta: positiveIntFromEnv(env.PRODUCT_IDS_MAX, LIMITES.idsPorConsulta, 'PRODUCT_IDS_MAX'),
    porPaginaMaximo: positiveIntFromEnv(env.PAGE_SIZE_MAX, LIMITES.porPaginaMaximo, 'PAGE_SIZE_MAX'),
    marcasPorConsulta: positiveIntFromEnv(env.LISTING_BRANDS_MAX, LIMITES.marcasPorConsulta, 'LISTING_BRANDS_MAX'),
    cacheCatalogoBytes: intFromEnv(env.CATALOGUE_CACHE_MB, LIMITES.cacheCatalogoMb, 'CATALOGUE_CACHE_MB') * 1024 * 1024,
    busquedaCdnSegundos: intFromEnv(env.SEARCH_PAGE_CDN_SECONDS, LIMITES.busquedaCdnSegundos, 'SEARCH_PAGE_CDN_SECONDS'),
  };
}

/** A rate limit: at most `max` requests per `windowSeconds`. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** Default rate limits of the public calls (accounts, checkout, the complaint book), per client IP and per account or address. */
export const RATE_LIMITS = {
  loginPorIp: { max: 30, windowSeconds: 15 * 60 },
  loginPorCuenta: { max: 10, windowSeconds: 15 * 60 },
  registroPorIp: { max: 10, windowSeconds: 60 * 60 },
  recuperacionPorIp: { max: 20, windowSeconds: 60 * 60 },
  recuperacionPorCorreo: { max: 5, windowSeconds: 60 * 60 },
  /** Failed operator-API authentications per IP. */
  operadorPorIp: { max: 20, windowSeconds: 15 * 60 },
  /** Payment attempts (create-preference) per account and per IP: every attempt reserves stock. */
  checkoutPorCuenta: { max: 20, windowSeconds: 60 * 60 },
  checkoutPorIp: { max: 60, windowSeconds: 60 * 60 },
  /** Hojas de reclamación filed per IP (each stores a sheet and sends two e-mails); refused forms do not count. */
  reclamosPorIp: { max: 10, windowSeconds: 60 * 60 },
  /** 'Avísame cuando llegue' requests per IP (each may mail an address later); refused forms do not count. */
  avisosPorIp: { max: 20, windowSeconds: 60 * 60 },
  /** Reviews sent per account (each may store a photo); refused forms do not count. */
  resenasPorCuenta: { max: 10, windowSeconds: 60 * 60 },
  /** Failed back-office sign-ins (password or second factor) per IP, and per account (issue 36): past it, locked until the window ends. */
  personalPorIp: { max: 30, windowSeconds: 15 * 60 },
  personalPorCuenta: { max: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;

/**
 * `loginPorCuenta` applies per (account, IP); one account takes at most this many times as many
 * attempts from all addresses together in the same window, so guessing from many addresses stays bounded.
 */
export const LOGIN_TOPE_CUENTA_FACTOR = 5;

/** How long a browser that signed in to an account is recognised at /login past that ceiling (the `dispositivo` cookie). */
export const LOGIN_DISPOSITIVO_DIAS = 90;

/** Shortest JWT_SECRET accepted in production, in bytes (HS256 wants a key as long as its hash). */
export const JWT_SECRET_MINIMO_BYTES = 32;
export type RateLimitName = keyof typeof RATE_LIMITS;

/** A Postgres server (DATABASE_URL) that is down or silent: how long a connection and a statement may take. */
export const BASE_DE_DATOS = {
  /** Opening a connection; past it the call answers 503 (DB_CONNECT_TIMEOUT_MS). */
  conexionTimeoutMs: 5_000,
  /** One statement (the server's statement_timeout; the client gives up 1 s later); 0 turns both off (DB_STATEMENT_TIMEOUT_MS). */
  consultaTimeoutMs: 10_000,
  /** First wait between attempts to reach a database that was down at start; doubles up to `reintentoMaximoMs`. */
  reintentoMs: 1_000,
  reintentoMaximoMs: 15_000,
  /** GET /health reports the database down when it has not answered within this. */
  saludTimeoutMs: 2_000,
  /** Connections one process keeps open to a Postgres server (DB_POOL_MAX): `npm start`, `npm run api`. */
  conexiones: 10,
  /**
   * The same for each Netlify function instance: every warm instance opens its own pool, so many of them at
   * once would exhaust the server's connections (docs/deployment.md, Netlify step 1, sizes it).
   */
  conexionesPorFuncion: 3,
} as const;

/** Connection, statement and pool-size limits of the Postgres pool. */
export interface DatabaseLimits {
  /** Most connections the process's pool opens. */
  poolMax: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
}

/** DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS and DB_POOL_MAX over the defaults of `BASE_DE_DATOS` (a smaller pool on Netlify). */
export function databaseLimits(
  env: Record<string, string | undefined> = process.env,
  { netlify = false }: { netlify?: boolean } = {},
): DatabaseLimits {
  return {
    poolMax: positiveIntFromEnv(env.DB_POOL_MAX, netlify ? BASE_DE_DATOS.conexionesPorFuncion : BASE_DE_DATOS.conexiones, 'DB_POOL_MAX'),
    connectTimeoutMs: positiveFromEnv(env.DB_CONNECT_TIMEOUT_MS, BASE_DE_DATOS.conexionTimeoutMs, 'DB_CONNECT_TIMEOUT_MS'),
    statementTimeoutMs: intFromEnv(env.DB_STATEMENT_TIMEOUT_MS, BASE_DE_DATOS.consultaTimeoutMs, 'DB_STATEMENT_TIMEOUT_MS'),
  };
}

/**
 * The back office's people and sessions (issue 36), each overridable: STAFF_INVITATION_HOURS,
 * STAFF_SESSION_IDLE_MINUTES, STAFF_SESSION_MAX_HOURS, STAFF_REAUTH_MINUTES, STAFF_CHALLENGE_MINUTES.
 */
export const PERSONAL = {
  /** An invitation link's life. */
  invitacionHoras: 48,
  /** A session ends after this long without a call (sliding), and this long after sign-in whatever happens. */
  sesionInactivaMinutos: 30,
  sesionMaximaHoras: 12,
  /** After a sign-in or POST /sesion/reautenticar, money, people, keys and exports are open this long. */
  reautenticacionMinutos: 10,
  /** A half-done sign-in or enrolment (the desafío) lives this long and takes this many wrong codes. */
  desafioMinutos: 5,
  desafioIntentos: 5,
  /** Failed sign-ins in a row before each next attempt waits (doubling from `esperaSegundos`, up to `esperaMaximaSegundos`). */
  fallosSinEspera: 3,
  esperaSegundos: 2,
  esperaMaximaSegundos: 60,
  /** Shortest password. */
  contrasenaMinima: 12,
  /** One-use recovery codes made at enrolment. */
  codigosRecuperacion: 10,
} as const;

/** The people's settings as the server uses them; `ahora` is the clock (tests move it instead of sleeping). */
export interface PersonalConfig {
  invitacionHoras: number;
  sesionInactivaMinutos: number;
  sesionMaximaHoras: number;
  reautenticacionMinutos: number;
  desafioMinutos: number;
  ahora: () => Date;
}

/** STAFF_* over the defaults of PERSONAL. */
export function personalFromEnv(env: Record<string, string | undefined>): PersonalConfig {
  return {
    invitacionHoras: positiveFromEnv(env.STAFF_INVITATION_HOURS, PERSONAL.invitacionHoras, 'STAFF_INVITATION_HOURS'),
    sesionInactivaMinutos: positiveFromEnv(env.STAFF_SESSION_IDLE_MINUTES, PERSONAL.sesionInactivaMinutos, 'STAFF_SESSION_IDLE_MINUTES'),
    sesionMaximaHoras: positiveFromEnv(env.STAFF_SESSION_MAX_HOURS, PERSONAL.sesionMaximaHoras, 'STAFF_SESSION_MAX_HOURS'),
    reautenticacionMinutos: positiveFromEnv(env.STAFF_REAUTH_MINUTES, PERSONAL.reautenticacionMinutos, 'STAFF_REAUTH_MINUTES'),
    desafioMinutos: positiveFromEnv(env.STAFF_CHALLENGE_MINUTES, PERSONAL.desafioMinutos, 'STAFF_CHALLENGE_MINUTES'),
    ahora: () => new Date(),
  };
}

/** Shortest SHOP_ADMIN_TOKEN accepted: the operator API's only credential. */
export const TOKEN_OPERADOR_MINIMO = 16;

export interface ServerConfig {
  port: number;
  host: string;
  /** Postgres server URL; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Whether an empty catalogue gets the demo one at start (DEMO_CATALOGUE; see demoCatalogueFromEnv). */
  catalogoDemo: boolean;
  /** Seconds between checks for catalogue changes that trigger a static rebuild (0 disables). */
  rebuildCheckSeconds: number;
  production: boolean;
  /** HS256 secret; when unset outside production one is generated once and kept in the database. */
  jwtSecret: string | undefined;
  /** SMTP server for e-mail; when unset messages are written to `{dataDir}/outbox/`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the shop's own alerts go (SHOP_EMAIL): payments the operator must review (refunds, chargebacks, a second payment). */
  correoTienda: string;
  /**
   * Proxies in front of the shop whose X-Forwarded-For entries are trusted (TRUST_PROXY): a number N (true
   * means 1) trusts the N right-most entries when the socket's peer is this machine (a proxy on it); a list of
   * addresses and networks trusts the header only from those peers, skipping entries of the list from the
   * right. 0 or false uses the socket's address.
   */
  trustProxy: boolean | number | readonly string[];
  /** A header the hosting platform sets to the client's address (Netlify's function); wins over trustProxy. */
  clientIpHeader: string | undefined;
  rateLimits: Record<RateLimitName, RateLimit>;
  /** Public URL of the shop: Mercado Pago's back_urls and notification_url start with it; also the origin whose pages may write. */
  siteUrl: string;
  /** PUBLIC_API_BASE, the API's address the storefront was built with: its origin may write too. */
  publicApiBase?: string;
  /** Mercado Pago access token: Checkout Pro; without it, payments are the test mode's or none. */
  mpAccessToken: string | undefined;
  /** Mercado Pago's public key (MP_PUBLIC_KEY): with the access token, the shop takes Yape too (issue 24). */
  mpPublicKey: string | undefined;
  /** The offline test-mode payment (MP_TEST_MODE; see pagoPruebaFromEnv): approves orders without charging. */
  pagoPrueba: boolean;
  /** Secret of Mercado Pago's webhook signatures; generated once in the database in test mode. */
  mpWebhookSecret: string | undefined;
  /** Hours an order with a payment under way (a cash code) keeps its stock at most. */
  reservaHoras: number;
  /** Minutes an unpaid order keeps its stock: its preference's expiration. */
  reservaPagoMinutos: number;
  /** Units of one product in one order, and unpaid units one customer may hold across their open orders. */
  unidadesPorProducto: number;
  unidadesSinPagar: number;
  /** Percent of a product's units for sale all unpaid orders together may hold (UNPAID_STOCK_PERCENT, 1–100). */
  porcentajeSinPagar: number;
  /** Minutes a cash code (PagoEfectivo) is valid from the order's creation, and its order's hold (CASH_PAYMENT_MINUTES). */
  efectivoMinutos: number;
  /** Seconds between background-worker runs (0 disables the worker of `npm start`). */
  intervaloTrabajosSegundos: number;
  /** Operator API token (SHOP_ADMIN_TOKEN); unset outside production one is generated once and kept in the database. */
  adminToken: string | undefined;
  /** Largest request body the API reads, in bytes. */
  cuerpoMaximoBytes: number;
  /** Largest image the operator may upload (IMAGE_MAX_BYTES), and largest import batch body (IMPORT_BODY_LIMIT_BYTES), in bytes. */
  imagenMaximaBytes: number;
  loteImportacionBytes: number;
  /** Postgres pool limits (DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS). */
  databaseLimits: DatabaseLimits;
  /** Catalogue API limits (PRODUCT_IDS_MAX, PAGE_SIZE_MAX, CATALOGUE_CACHE_MB). */
  catalogo: CatalogueLimits;
  /** Netlify build hook (BUILD_HOOK_URL) the API calls after an operator's catalogue change; unset: no such call. */
  buildHookUrl: string | undefined;
  /** Seconds between an operator's catalogue change and the build hook call that gathers every change meanwhile. */
  reconstruccionEsperaSegundos: number;
  /** Minutes after a build hook call during which the scheduled check leaves the deployed version alone (that build is under way). */
  reconstruccionConstruccionMinutos: number;
  /** Shortest time between two catalogue-driven builds, in seconds (REBUILD_MIN_INTERVAL_SECONDS). */
  reconstruccionIntervaloSegundos: number;
  /** Restock alerts: how long stock must stay back before the notices go, and the anonymous pending notices per address. */
  avisosStock: AvisosStockConfig;
  /** Electronic receipts: their series and who issues them (see comprobantesFromEnv). */
  comprobantes: ComprobantesConfig;
  /** Reviews (issue 25): largest photo (REVIEW_PHOTO_MAX_BYTES) and days from delivery to the invitation e-mail (REVIEW_INVITATION_DAYS). */
  resenas: ResenasConfig;
  /** The Libro de Reclamaciones: the shop's own non-working days and the daily caps of the consumers' copies (see reclamosFromEnv). */
  reclamos: ReclamosConfig;
  /** The back office's people, sessions and invitations (issue 36; see personalFromEnv). */
  personal: PersonalConfig;
  /** Bank transfer (issue 36): the shop's accounts and the order's reservation (see transferenciaFromEnv). */
  transferencia: TransferenciaConfig;
  /** The shop's notices to SHOP_EMAIL (issue 36): each paid order or an hourly digest (AVISO_PEDIDOS). */
  avisosTienda: AvisosTiendaConfig;
  /** The back office's orders desk and home (issue 36): the ids one bulk move takes (BULK_ORDERS_MAX) and the home's low-stock threshold (LOW_STOCK_THRESHOLD). */
  mesa: MesaConfig;
  /** The customers' data rights (Ley 29733): each request's deadline in working days and the customers list's page (see derechosDatosFromEnv). */
  derechosDatos: DerechosDatosConfig;
}

/** The 'Clientes' screen's settings. */
export interface DerechosDatosConfig {
  /** Working days to answer each kind of request (DATA_RIGHTS_ACCESS_DAYS, DATA_RIGHTS_CORRECTION_DAYS, DATA_RIGHTS_DELETION_DAYS). */
  plazos: { acceso: number; rectificacion: number; cancelacion: number };
  /** Customers on one page of the list (CUSTOMERS_PER_PAGE). */
  porPagina: number;
}

/** The orders desk's settings (issue 36). */
export interface MesaConfig {
  loteMaximo: number;
  stockBajo: number;
  /** The longest period of one daily close, in Lima days (CIERRE_MAX_DAYS). */
  cierreDiasMaximos: number;
}

/** The complaints book's settings. */
export interface ReclamosConfig {
  /** YYYY-MM-DD dates that do not count toward the answer's deadline besides Peru's public holidays (SHOP_NON_WORKING_DAYS), sorted. */
  diasNoLaborables: string[];
  /** Copies e-mailed to one address per day (COMPLAINT_COPIES_PER_ADDRESS_PER_DAY), and to all together (COMPLAINT_COPIES_PER_DAY). */
  copiasPorCorreoDia: number;
  copiasPorDia: number;
}

/** The restock alerts' settings (RESTOCK_ALERT_SETTLE_SECONDS, RESTOCK_ALERT_PER_ADDRESS_MAX). */
export interface AvisosStockConfig {
  esperaSegundos: number;
  pendientesPorCorreo: number;
}

/** The reviews' settings. */
export interface ResenasConfig {
  fotoMaximaBytes: number;
  invitacionDias: number;
}

/** The series of each kind of receipt (RECEIPT_SERIES_*). */
export interface SeriesComprobantes {
  boleta: string;
  factura: string;
  notaBoleta: string;
  notaFactura: string;
}

/** Electronic receipts' settings. */
export interface ComprobantesConfig {
  series: SeriesComprobantes;
  /** 'nubefact' (NUBEFACT_URL and NUBEFACT_TOKEN), 'prueba' (the offline pago de prueba, never on a public site) or null: receipts are numbered and wait for a provider. */
  proveedor: 'nubefact' | 'prueba' | null;
  nubefactUrl: string | undefined;
  nubefactToken: string | undefined;
  /** Longest wait for the provider's answer (RECEIPT_PROVIDER_TIMEOUT_MS). */
  timeoutMs: number;
}

/** Reads the server's settings from the environment (every setting in docs/configuration.md); `netlify` for Netlify's functions. */
export function serverConfig(
  env: Record<string, string | undefined> = process.env,
  { netlify = false }: { netlify?: boolean } = {},
): ServerConfig {
  return {
    port: intFromEnv(env.PORT, 4321, 'PORT'),
    // A test mode approves orders without paying: by default only this machine reaches it (startRefusal refuses another HOST).
    host: env.HOST || (pruebasFromEnv(env, { netlify }).length > 0 ? '127.0.0.1' : '0.0.0.0'),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || '.data',
    catalogoDemo: demoCatalogueFromEnv(env),
    rebuildCheckSeconds: intFromEnv(env.REBUILD_CHECK_SECONDS, 30, 'REBUILD_CHECK_SECONDS'),
    production: env.NODE_ENV === 'production',
    jwtSecret: jwtSecretFromEnv(env.JWT_SECRET, env.NODE_ENV === 'production'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'K-Beauty Perú <no-responder@kbeautyperu.pe>',
    correoTienda: shopEmailFromEnv(env.SHOP_EMAIL),
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    clientIpHeader: undefined,
    rateLimits: rateLimitsFromEnv(env),
    siteUrl: siteUrlOf(env),
    publicApiBase: env.PUBLIC_API_BASE?.trim() || undefined,
    mpAccessToken: env.MP_ACCESS_TOKEN || undefined,
    mpPublicKey: env.MP_PUBLIC_KEY?.trim() || undefined,
    mpWebhookSecret: env.MP_WEBHOOK_SECRET || undefined,
    pagoPrueba: pagoPruebaOrThrow(env, { netlify }),
    reservaHoras: positiveFromEnv(env.ORDER_RESERVATION_HOURS, PEDIDOS.reservaHoras, 'ORDER_RESERVATION_HOURS'),
    reservaPagoMinutos: positiveIntFromEnv(env.PAYMENT_RESERVATION_MINUTES, PEDIDOS.reservaPagoMinutos, 'PAYMENT_RESERVATION_MINUTES'),
    unidadesPorProducto: positiveIntFromEnv(env.ORDER_UNITS_PER_PRODUCT_MAX, PEDIDOS.unidadesPorProducto, 'ORDER_UNITS_PER_PRODUCT_MAX'),
    unidadesSinPagar: positiveIntFromEnv(env.UNPAID_UNITS_MAX, PEDIDOS.unidadesSinPagar, 'UNPAID_UNITS_MAX'),
    porcentajeSinPagar: percentFromEnv(env.UNPAID_STOCK_PERCENT, PEDIDOS.porcentajeSinPagar, 'UNPAID_STOCK_PERCENT'),
    efectivoMinutos: positiveIntFromEnv(env.CASH_PAYMENT_MINUTES, PEDIDOS.efectivoMinutos, 'CASH_PAYMENT_MINUTES'),
    intervaloTrabajosSegundos: intFromEnv(env.JOBS_INTERVAL_SECONDS, PEDIDOS.intervaloTrabajosSegundos, 'JOBS_INTERVAL_SECONDS'),
    adminToken: adminTokenFromEnv(env.SHOP_ADMIN_TOKEN),
    cuerpoMaximoBytes: positiveFromEnv(env.BODY_LIMIT_BYTES, LIMITES.cuerpoMaximoBytes, 'BODY_LIMIT_BYTES'),
    imagenMaximaBytes: positiveIntFromEnv(env.IMAGE_MAX_BYTES, LIMITES.imagenMaximaBytes, 'IMAGE_MAX_BYTES'),
    loteImportacionBytes: positiveIntFromEnv(env.IMPORT_BODY_LIMIT_BYTES, LIMITES.loteImportacionBytes, 'IMPORT_BODY_LIMIT_BYTES'),
    databaseLimits: databaseLimits(env, { netlify }),
    catalogo: catalogueLimits(env),
    buildHookUrl: env.BUILD_HOOK_URL || undefined,
    reconstruccionEsperaSegundos: intFromEnv(env.REBUILD_DELAY_SECONDS, RECONSTRUCCION.esperaSegundos, 'REBUILD_DELAY_SECONDS'),
    reconstruccionConstruccionMinutos: intFromEnv(env.REBUILD_BUILD_MINUTES, RECONSTRUCCION.construccionMinutos, 'REBUILD_BUILD_MINUTES'),
    reconstruccionIntervaloSegundos: intFromEnv(
      env.REBUILD_MIN_INTERVAL_SECONDS,
      RECONSTRUCCION.intervaloMinimoSegundos,
      'REBUILD_MIN_INTERVAL_SECONDS',
    ),
    avisosStock: {
      esperaSegundos: intFromEnv(env.RESTOCK_ALERT_SETTLE_SECONDS, AVISOS_STOCK.esperaSegundos, 'RESTOCK_ALERT_SETTLE_SECONDS'),
      pendientesPorCorreo: positiveIntFromEnv(
        env.RESTOCK_ALERT_PER_ADDRESS_MAX,
        AVISOS_STOCK.pendientesPorCorreo,
        'RESTOCK_ALERT_PER_ADDRESS_MAX',
      ),
    },
    comprobantes: comprobantesOrThrow(env, { netlify }),
    resenas: {
      fotoMaximaBytes: positiveIntFromEnv(env.REVIEW_PHOTO_MAX_BYTES, RESENAS.fotoMaximaBytes, 'REVIEW_PHOTO_MAX_BYTES'),
      invitacionDias: positiveFromEnv(env.REVIEW_INVITATION_DAYS, RESENAS.invitacionDias, 'REVIEW_INVITATION_DAYS'),
    },
    reclamos: reclamosFromEnv(env),
    personal: personalFromEnv(env),
    transferencia: transferenciaFromEnv(env),
    avisosTienda: avisosTiendaFromEnv(env),
    mesa: {
      loteMaximo: positiveIntFromEnv(env.BULK_ORDERS_MAX, MESA.loteMaximo, 'BULK_ORDERS_MAX'),
      stockBajo: positiveIntFromEnv(env.LOW_STOCK_THRESHOLD, MESA.stockBajo, 'LOW_STOCK_THRESHOLD'),
      cierreDiasMaximos: positiveIntFromEnv(env.CIERRE_MAX_DAYS, CIERRE.diasMaximos, 'CIERRE_MAX_DAYS'),
    },
    derechosDatos: {
      plazos: {
        acceso: positiveIntFromEnv(env.DATA_RIGHTS_ACCESS_DAYS, DERECHOS_DATOS.plazos.acceso, 'DATA_RIGHTS_ACCESS_DAYS'),
        rectificacion: positiveIntFromEnv(
          env.DATA_RIGHTS_CORRECTION_DAYS,
          DERECHOS_DATOS.plazos.rectificacion,
          'DATA_RIGHTS_CORRECTION_DAYS',
        ),
        cancelacion: positiveIntFromEnv(env.DATA_RIGHTS_DELETION_DAYS, DERECHOS_DATOS.plazos.cancelacion, 'DATA_RIGHTS_DELETION_DAYS'),
      },
      porPagina: positiveIntFromEnv(env.CUSTOMERS_PER_PAGE, DERECHOS_DATOS.porPagina, 'CUSTOMERS_PER_PAGE'),
    },
  };
}

/**
 * DEMO_CATALOGUE (true/1 or false/0): whether a process that serves or builds the shop loads the demo
 * catalogue into an empty database. Unset, only the embedded database of a developer's machine gets it
 * (no DATABASE_URL, NODE_ENV not production): `npm start` on a fresh `.data` opens with the demo, while
 * a PostgreSQL server or a production shop starts empty, waiting for the operator's catalogue.
 */
export function demoCatalogueFromEnv(env: Record<string, string | undefined>): boolean {
  const asked = env.DEMO_CATALOGUE?.trim().toLowerCase();
  if (asked === 'true' || asked === '1') return true;
  if (asked === 'false' || asked === '0') return false;
  if (asked) throw new Error(`DEMO_CATALOGUE debe ser true (1) o false (0) (recibido: "${env.DEMO_CATALOGUE}").`);
  return !env.DATABASE_URL && env.NODE_ENV !== 'production';
}

/** SHOP_NON_WORKING_DAYS (comma-separated YYYY-MM-DD dates), COMPLAINT_COPIES_PER_ADDRESS_PER_DAY and COMPLAINT_COPIES_PER_DAY over RECLAMOS. */
export function reclamosFromEnv(env: Record<string, string | undefined>): ReclamosConfig {
  const dias = (env.SHOP_NON_WORKING_DAYS ?? '')
    .split(',')
    .map((dia) => dia.trim())
    .filter(Boolean);
  // A real calendar day: 2030-02-30 parses to nothing, or to another day.
  const fechaValida = (dia: string) =>
    /^\d{4}-\d\d-\d\d$/.test(dia) && new Date(Date.parse(`${dia}T00:00:00Z`) || 0).toISOString().startsWith(dia);
  const mala = dias.find((dia) => !fechaValida(dia));
  if (mala !== undefined)
    throw new Error(
      `SHOP_NON_WORKING_DAYS debe ser una lista de fechas AAAA-MM-DD separadas por comas, por ejemplo 2026-12-24,2026-12-31 (recibido: "${mala}").`,
    );
  return {
    diasNoLaborables: [...new Set(dias)].sort(),
    copiasPorCorreoDia: positiveIntFromEnv(
      env.COMPLAINT_COPIES_PER_ADDRESS_PER_DAY,
      RECLAMOS.copiasPorCorreoDia,
      'COMPLAINT_COPIES_PER_ADDRESS_PER_DAY',
    ),
    copiasPorDia: positiveIntFromEnv(env.COMPLAINT_COPIES_PER_DAY, RECLAMOS.copiasPorDia, 'COMPLAINT_COPIES_PER_DAY'),
  };
}

/** The receipts' provider and why: `refusal` when the setting is wrong or asks for the test mode where it must not run. */
export interface ComprobantesSetting {
  proveedor: ComprobantesConfig['proveedor'];
  refusal?: string;
}

/**
 * RECEIPTS_TEST_MODE (true/false): the offline pago de prueba of electronic receipts, which numbers and
 * stores them but sends nothing to SUNAT ('Sin validez tributaria – modo de prueba'). Unset, it is on
 * only on a developer's machine without NUBEFACT_URL (like MP_TEST_MODE); on a public site it is
 * refused, and so is NUBEFACT_URL without NUBEFACT_TOKEN (or the other way round).
 */
export function comprobantesFromEnv(
  env: Record<string, string | undefined>,
  { netlify = false }: { netlify?: boolean } = {},
): ComprobantesSetting {
  const asked = env.RECEIPTS_TEST_MODE?.trim().toLowerCase() || undefined;
  if (asked !== undefined && asked !== 'true' && asked !== 'false') {
    return { proveedor: null, refusal: `RECEIPTS_TEST_MODE debe ser true o false (recibido: "${env.RECEIPTS_TEST_MODE}").` };
  }
  const url = env.NUBEFACT_URL?.trim() || undefined;
  const token = env.NUBEFACT_TOKEN?.trim() || undefined;
  if (Boolean(url) !== Boolean(token))
    return { proveedor: null, refusal: 'NUBEFACT_URL y NUBEFACT_TOKEN van juntos: copia ambos del panel de Nubefact (API - Integración).' };
  if (url && !/^https?:\/\/[^\s]+$/i.test(url))
    return {
      proveedor: null,
      refusal: `NUBEFACT_URL debe ser la RUTA de Nubefact, por ejemplo https://api.nubefact.com/api/v1/… (recibido: "${url}").`,
    };
  const publicReason = publicSiteReason(env, { netlify });
  if (asked === 'true') {
    if (publicReason)
      return {
        proveedor: null,
        refusal: `RECEIPTS_TEST_MODE=true no se permite porque ${publicReason}: los comprobantes de prueba no tienen validez tributaria. Quita RECEIPTS_TEST_MODE y define NUBEFACT_URL y NUBEFACT_TOKEN.`,
      };
    if (url)
      return {
        proveedor: null,
        refusal:
          'RECEIPTS_TEST_MODE=true y NUBEFACT_URL no van juntos: elige el modo de prueba (quita NUBEFACT_URL) o Nubefact (quita RECEIPTS_TEST_MODE).',
      };
    return { proveedor: 'prueba' };
  }
  if (url) return { proveedor: 'nubefact' };
  return { proveedor: asked === undefined && !publicReason && isLocalUrl(siteUrlOf(env)) ? 'prueba' : null };
}

/** RECEIPT_SERIES_BOLETA, _FACTURA, _NOTA_BOLETA and _NOTA_FACTURA over COMPROBANTES.series: four characters, B… or F…, all different. */
function seriesComprobantesFromEnv(env: Record<string, string | undefined>): SeriesComprobantes {
  const read = (name: string, fallback: string, letra: 'B' | 'F') => {
    const value = (env[name]?.trim() || fallback).toUpperCase();
    if (!new RegExp(`^${letra}[A-Z0-9]{3}$`).test(value))
      throw new Error(
        `${name} debe ser una serie de SUNAT de 4 caracteres que empiece con ${letra}, por ejemplo ${fallback} (recibido: "${env[name]}").`,
      );
    return value;
  };
  const series = {
    boleta: read('RECEIPT_SERIES_BOLETA', COMPROBANTES.series.boleta, 'B'),
    factura: read('RECEIPT_SERIES_FACTURA', COMPROBANTES.series.factura, 'F'),
    notaBoleta: read('RECEIPT_SERIES_NOTA_BOLETA', COMPROBANTES.series.notaBoleta, 'B'),
    notaFactura: read('RECEIPT_SERIES_NOTA_FACTURA', COMPROBANTES.series.notaFactura, 'F'),
  };
  if (series.boleta === series.notaBoleta || series.factura === series.notaFactura)
    throw new Error(
      'Las notas de crédito necesitan una serie propia, distinta de la de boletas y facturas (RECEIPT_SERIES_NOTA_BOLETA, RECEIPT_SERIES_NOTA_FACTURA).',
    );
  return series;
}

function comprobantesOrThrow(env: Record<string, string | undefined>, options: { netlify: boolean }): ComprobantesConfig {
  const { proveedor, refusal } = comprobantesFromEnv(env, options);
  if (refusal) throw new Error(refusal);
  return {
    series: seriesComprobantesFromEnv(env),
    proveedor,
    nubefactUrl: env.NUBEFACT_URL?.trim() || undefined,
    nubefactToken: env.NUBEFACT_TOKEN?.trim() || undefined,
    timeoutMs: positiveIntFromEnv(env.RECEIPT_PROVIDER_TIMEOUT_MS, COMPROBANTES.timeoutProveedorMs, 'RECEIPT_PROVIDER_TIMEOUT_MS'),
  };
}

/** The offline pago de prueba and why: `refusal` when it was asked for where it must not run (the start is refused). */
export interface PagoPruebaSetting {
  enabled: boolean;
  refusal?: string;
}

/**
 * MP_TEST_MODE (true/false): the offline test-mode payment, whose page lets anyone approve an order
 * without paying. Unset, it is on only on a developer's machine: no MP_ACCESS_TOKEN and a localhost
 * SITE_URL. It never runs on a public site (publicSiteReason); asked for there, or together with
 * MP_ACCESS_TOKEN, the start is refused.
 */
export function pagoPruebaFromEnv(
  env: Record<string, string | undefined>,
  { netlify = false }: { netlify?: boolean } = {},
): PagoPruebaSetting {
  const asked = env.MP_TEST_MODE?.trim().toLowerCase() || undefined;
  if (asked !== undefined && asked !== 'true' && asked !== 'false') {
    return { enabled: false, refusal: `MP_TEST_MODE debe ser true o false (recibido: "${env.MP_TEST_MODE}").` };
  }
  const publicReason = publicSiteReason(env, { netlify });
  if (asked === 'true') {
    if (publicReason) {
      return {
        enabled: false,
        refusal: `MP_TEST_MODE=true no se permite porque ${publicReason}: en un sitio público cualquiera podría aprobar su pedido sin pagar. Quita MP_TEST_MODE y define MP_ACCESS_TOKEN y MP_WEBHOOK_SECRET.`,
      };
    }
    if (env.MP_ACCESS_TOKEN)
      return {
        enabled: false,
        refusal:
          'MP_TEST_MODE=true y MP_ACCESS_TOKEN no van juntos: elige el modo de prueba (quita MP_ACCESS_TOKEN) o Mercado Pago (quita MP_TEST_MODE).',
      };
    return { enabled: true };
  }
  return { enabled: asked === undefined && !env.MP_ACCESS_TOKEN && !publicReason && isLocalUrl(siteUrlOf(env)) };
}

/**
 * The test modes the settings turn on, by the variable behind each: MP_TEST_MODE (its page approves an
 * order), RECEIPTS_TEST_MODE (receipts without SUNAT) and a Mercado Pago test token (`TEST-…`: its
 * sandbox, and Yape's test phone, approve without money). Empty when none is on.
 */
export function pruebasFromEnv(env: Record<string, string | undefined>, { netlify = false }: { netlify?: boolean } = {}): string[] {
  return [
    pagoPruebaFromEnv(env, { netlify }).enabled && 'MP_TEST_MODE',
    comprobantesFromEnv(env, { netlify }).proveedor === 'prueba' && 'RECEIPTS_TEST_MODE',
    env.MP_ACCESS_TOKEN?.trim().startsWith('TEST-') && 'MP_ACCESS_TOKEN (TEST-…)',
  ].filter((mode): mode is string => Boolean(mode));
}

/** Why the shop is reachable by strangers (so its test mode would give orders away), in Spanish; undefined on a developer's machine. */
function publicSiteReason(env: Record<string, string | undefined>, { netlify = false }: { netlify?: boolean } = {}): string | undefined {
  if (netlify && !onNetlifyLocalServer(env)) return 'la tienda corre en Netlify, donde todo despliegue es público';
  if (env.CONTEXT === 'production') return 'es el despliegue de producción de Netlify (CONTEXT=production)';
  if (env.NODE_ENV === 'production') return 'la tienda corre en producción (NODE_ENV=production)';
  const site = siteUrlOf(env);
  if (/^https:/i.test(site) && !isLocalUrl(site)) return `SITE_URL (${site}) es una dirección pública`;
  return undefined;
}

/**
 * Netlify's local server on a developer's machine (`netlify dev` sets NETLIFY_DEV=true; `npm run
 * verify:netlify` sets it for `netlify serve`) at an explicit http localhost SITE_URL: the functions
 * then follow a developer machine's rules. The real platform sets no NETLIFY_DEV, and a deploy whose
 * SITE_URL is localhost could not work anyway; the API function also refuses the test mode to any
 * request for a host that is not local (netlify/functions/api.ts).
 */
function onNetlifyLocalServer(env: Record<string, string | undefined>): boolean {
  const site = env.SITE_URL?.trim();
  return env.NETLIFY_DEV === 'true' && Boolean(site) && /^http:/i.test(site!) && isLocalUrl(site!);
}

function siteUrlOf(env: Record<string, string | undefined>): string {
  return (env.SITE_URL || 'http://localhost:4321').replace(/\/+$/, '');
}

function isLocalUrl(value: string): boolean {
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(value).hostname);
  } catch {
    return false;
  }
}

function pagoPruebaOrThrow(env: Record<string, string | undefined>, options: { netlify: boolean }): boolean {
  const { enabled, refusal } = pagoPruebaFromEnv(env, options);
  if (refusal) throw new Error(refusal);
  return enabled;
}

function jwtSecretFromEnv(value: string | undefined, production: boolean): string | undefined {
  if (production && Buffer.byteLength(value ?? '', 'utf8') < JWT_SECRET_MINIMO_BYTES) {
    throw new Error(
      `JWT_SECRET es obligatorio en producción y debe tener al menos ${JWT_SECRET_MINIMO_BYTES} bytes (genera uno con: openssl rand -base64 48).`,
    );
  }
  return value || undefined;
}

/** TRUST_PROXY: unset or 0 (no proxy), a number of trusted proxies on this machine, true (one), or a list of the proxies' addresses and networks. */
function trustProxyFromEnv(value: string | undefined): number | string[] {
  if (value === undefined || value.trim() === '' || value === 'false') return 0;
  if (value === 'true') return 1;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value.split(/[\s,]+/).filter(Boolean);
  try {
    addressList(entries);
  } catch (error) {
    throw new Error(
      `TRUST_PROXY debe ser el número de proxies de confianza delante de la tienda en esta misma máquina (por ejemplo 1) o la lista de sus direcciones o redes, ` +
        `por ejemplo 10.0.0.5, 192.168.1.0/24 (recibido: "${value}"; no es una dirección: "${(error as Error).message}").`,
    );
  }
  return entries;
}

function shopEmailFromEnv(value: string | undefined): string {
  if (!value?.trim()) return TIENDA.correo;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()))
    throw new Error(`SHOP_EMAIL debe ser una dirección de correo, por ejemplo pedidos@tutienda.pe (recibido: "${value}").`);
  return value.trim();
}

function adminTokenFromEnv(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.trim().length < TOKEN_OPERADOR_MINIMO)
    throw new Error(`SHOP_ADMIN_TOKEN debe tener al menos ${TOKEN_OPERADOR_MINIMO} caracteres.`);
  return value.trim();
}

function positiveFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} debe ser un número positivo (recibido: "${value}").`);
  return parsed;
}

/** RATE_LIMIT_<NAME>=max/seconds overrides a default, e.g. RATE_LIMIT_LOGINPORIP=100/900. */
function rateLimitsFromEnv(env: Record<string, string | undefined>): Record<RateLimitName, RateLimit> {
  const limits = { ...RATE_LIMITS } as Record<RateLimitName, RateLimit>;
  for (const name of Object.keys(RATE_LIMITS) as RateLimitName[]) {
    const variable = `RATE_LIMIT_${name.toUpperCase()}`;
    const value = env[variable];
    if (!value) continue;
    const match = /^(\d+)\/(\d+)$/.exec(value);
    if (!match) throw new Error(`${variable} debe tener la forma máximo/segundos, por ejemplo 30/900 (recibido: "${value}").`);
    limits[name] = { max: Number(match[1]), windowSeconds: Number(match[2]) };
  }
  return limits;
}

/** SEARCH_INDEX_PAGES over `LIMITES.paginasPorIndiceBusqueda`: the most products one Pagefind index of the build holds. */
export function searchIndexPages(env: Record<string, string | undefined> = process.env): number {
  return positiveIntFromEnv(env.SEARCH_INDEX_PAGES, LIMITES.paginasPorIndiceBusqueda, 'SEARCH_INDEX_PAGES');
}

/** PRODUCT_PAGES_MAX over `LIMITES.paginasDeProducto`: the most products the build writes a page for. */
export function productPagesMax(env: Record<string, string | undefined> = process.env): number {
  return positiveIntFromEnv(env.PRODUCT_PAGES_MAX, LIMITES.paginasDeProducto, 'PRODUCT_PAGES_MAX');
}

function positiveIntFromEnv(value: string | undefined, fallback: number, name: string): number {
  const parsed = intFromEnv(value, fallback, name);
  if (parsed === 0) throw new Error(`${name} debe ser un número entero positivo (recibido: "${value}").`);
  return parsed;
}

/** A whole percent from 1 to 100. */
function percentFromEnv(value: string | undefined, fallback: number, name: string): number {
  const parsed = intFromEnv(value, fallback, name);
  if (parsed < 1 || parsed > 100) throw new Error(`${name} debe ser un porcentaje entero de 1 a 100 (recibido: "${value}").`);
  return parsed;
}

function intFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(`${name} debe ser un número entero no negativo (recibido: "${value}").`);
  }
  return parsed;
}

// ── Bank transfer and the shop's notices (issue 36) ─────────────────────────────────────────────

/** One of the shop's bank accounts, as the shopper is shown it. */
export interface CuentaBancariaConfig {
  banco: string;
  cuenta: string;
  /** Código de Cuenta Interbancario: 20 digits. */
  cci: string;
  titular: string;
}

/** Bank transfer's settings. */
export interface TransferenciaConfig {
  /** The accounts shown (TRANSFERENCIA_CUENTAS; the demo ones outside production); none: the method is not offered. */
  cuentas: CuentaBancariaConfig[];
  /** Hours a transfer order keeps its stock (TRANSFERENCIA_HORAS). */
  horas: number;
  /** Whether the accounts are the demo ones (the pages say so). */
  demo: boolean;
}

/** The notices' settings. */
export interface AvisosTiendaConfig {
  /** 'cada': one e-mail per paid order; 'resumen': one digest an hour (AVISO_PEDIDOS). */
  pedidos: 'cada' | 'resumen';
}

/**
 * TRANSFERENCIA_CUENTAS: the shop's accounts, separated by ';', each `banco|cuenta|cci|titular` (the CCI
 * 20 digits), e.g. "BCP|193-1234567-0-12|00219300123456701215|K-Beauty Perú S.A.C.". Unset, the demo
 * accounts of TRANSFERENCIA outside production and none in production (the method is then not offered,
 * and the start says so). TRANSFERENCIA_HORAS over TRANSFERENCIA.reservaHoras.
 */
export function transferenciaFromEnv(env: Record<string, string | undefined>): TransferenciaConfig {
  const horas = positiveFromEnv(env.TRANSFERENCIA_HORAS, TRANSFERENCIA.reservaHoras, 'TRANSFERENCIA_HORAS');
  const raw = env.TRANSFERENCIA_CUENTAS?.trim();
  if (!raw) {
    const production = env.NODE_ENV === 'production';
    return { cuentas: production ? [] : TRANSFERENCIA.cuentasDemo.map((c) => ({ ...c })), horas, demo: !production };
  }
  const cuentas = raw
    .split(';')
    .map((entrada) => entrada.trim())
    .filter(Boolean)
    .map((entrada) => {
      const partes = entrada.split('|').map((parte) => parte.trim());
      const [banco = '', cuenta = '', cci = '', titular = ''] = partes;
      if (partes.length !== 4 || !banco || !cuenta || !titular || !esCci(cci))
        throw new Error(
          `TRANSFERENCIA_CUENTAS debe ser una lista de cuentas separadas por ";", cada una banco|cuenta|CCI de 20 dígitos|titular, por ejemplo BCP|193-1234567-0-12|00219300123456701215|K-Beauty Perú S.A.C. (recibido: "${entrada}").`,
        );
      return { banco, cuenta, cci: cciLimpio(cci), titular };
    });
  return { cuentas, horas, demo: false };
}

/** Why a production shop does not offer bank transfer (no accounts), in Spanish; undefined when it does or outside production. */
export function transferenciaAviso(config: Pick<ServerConfig, 'production' | 'transferencia'>): string | undefined {
  if (!config.production || config.transferencia.cuentas.length > 0) return undefined;
  return 'La transferencia bancaria no se ofrece: define TRANSFERENCIA_CUENTAS con las cuentas de la tienda (banco|cuenta|CCI|titular, separadas por ";").';
}

/** AVISO_PEDIDOS: cada (one e-mail per paid order, the default) or resumen (one an hour). */
export function avisosTiendaFromEnv(env: Record<string, string | undefined>): AvisosTiendaConfig {
  const raw = env.AVISO_PEDIDOS?.trim().toLowerCase();
  if (!raw) return { pedidos: AVISOS_TIENDA.pedidos };
  if (raw !== 'cada' && raw !== 'resumen')
    throw new Error(
      `AVISO_PEDIDOS debe ser cada (un correo por pedido pagado) o resumen (un correo por hora) (recibido: "${env.AVISO_PEDIDOS}").`,
    );
  return { pedidos: raw };
}
