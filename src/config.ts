/**
 * The shop's business constants and operational limits, in one place. The constants are shared by
 * the storefront and the API; `serverConfig()` reads the operator's environment overrides.
 */

/** Business rules of the spec (storefront §9, checkout §9). */
export const TIENDA = {
  nombre: 'K-Beauty Perú',
  moneda: 'PEN',
  /** Free shipping when the subtotal is above this (soles). One constant for cart, checkout, icon strip and FAQ. */
  envioGratisDesde: 250,
  cantidadPorDefecto: 1,
  /** Quantity ceiling when stock_total is unknown. */
  cantidadMaximaSinStock: 9999,
  productosPorPagina: 20,
  resultadosPorPagina: 20,
  relacionados: 5,
  nuevosEnSlider: 10,
  todosEnSlider: 20,
  /** Listing refresh from the API, in ms. */
  refrescoListadoMs: 5 * 60 * 1000,
  bannerAutoplayMs: 5000,
  bannerFadeMs: 1000,
  marqueePxPorMs: 0.09,
  marqueeRepeticiones: 3,
  breakpointHeader: 1024,
  breakpointMovil: 768,
  toastLoginMs: 2000,
  toastRegistroMs: 1500,
  tokenDias: 7,
  telefonoDigitos: 9,
  dniDigitos: 8,
  whatsapp: '51987654321',
} as const;

/** Client-side cache lifetimes of GET calls (storefront §7 and §9), in ms. */
export const CACHE_MS = {
  porDefecto: 15 * 60 * 1000,
  marcas: 24 * 60 * 60 * 1000,
  categoriasHijas: 24 * 60 * 60 * 1000,
  mensajesBarra: 5 * 24 * 60 * 60 * 1000,
  banners: 20 * 24 * 60 * 60 * 1000,
  popups: 2 * 60 * 1000,
} as const;

/** Limits of the API's input validation. */
export const LIMITES = {
  /** Longest name accepted in a path parameter (category, brand, child). */
  nombreMaximo: 100,
  /** Distinct products in one order, and units of one product in one order. */
  lineasPorPedido: 50,
  cantidadMaximaPorLinea: 999,
} as const;

/** A rate limit: at most `max` requests per `windowSeconds`. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** Default rate limits of the account endpoints, per client IP and per account or address. */
export const RATE_LIMITS = {
  loginPorIp: { max: 30, windowSeconds: 15 * 60 },
  loginPorCuenta: { max: 10, windowSeconds: 15 * 60 },
  registroPorIp: { max: 10, windowSeconds: 60 * 60 },
  recuperacionPorIp: { max: 20, windowSeconds: 60 * 60 },
  recuperacionPorCorreo: { max: 5, windowSeconds: 60 * 60 },
  /** Failed operator-API authentications per IP. */
  operadorPorIp: { max: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;
export type RateLimitName = keyof typeof RATE_LIMITS;

/** Password recovery: code lifetime and attempts (DESIGN.md, security). */
export const RECUPERACION = {
  codigoMinutos: 10,
  intentosMaximos: 5,
  /** How long a validated code lets the password be changed. */
  pruebaMinutos: 10,
} as const;

/** Orders and payments (checkout §9, terms; DESIGN.md, payments). */
export const PEDIDOS = {
  /** An unpaid order keeps its stock this long (the terms' reservation), then is cancelled. */
  reservaHoras: 24,
  /** A webhook whose signed timestamp is older (or newer) than this is refused. */
  toleranciaFirmaSegundos: 5 * 60,
  /** How often the background worker looks for due jobs and expired orders. */
  intervaloTrabajosSegundos: 30,
  /** How long a call to Mercado Pago's API may take. */
  timeoutMercadoPagoMs: 10_000,
  /** The name on the shopper's card statement. */
  descriptorTarjeta: 'KBEAUTYPERU',
  /** At most this many orders (the newest) in the operator's list. */
  listaOperadorMaxima: 200,
} as const;

/** Shortest SHOP_ADMIN_TOKEN accepted: the operator API's only credential. */
export const TOKEN_OPERADOR_MINIMO = 16;

/** Session tokens: 7 days (storefront §9). */
export const TOKEN_DURACION_SEGUNDOS = TIENDA.tokenDias * 24 * 60 * 60;

export interface ServerConfig {
  port: number;
  host: string;
  /** Postgres server URL; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Seconds between checks for catalogue changes that trigger a static rebuild (0 disables). */
  rebuildCheckSeconds: number;
  production: boolean;
  /** HS256 secret; when unset outside production one is generated once and kept in the database. */
  jwtSecret: string | undefined;
  /** SMTP server for e-mail; when unset messages are written to `{dataDir}/outbox/`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Trust X-Forwarded-For for the client IP (behind a proxy or CDN). */
  trustProxy: boolean;
  rateLimits: Record<RateLimitName, RateLimit>;
  /** Public URL of the shop: Mercado Pago's back_urls and notification_url start with it. */
  siteUrl: string;
  /** Mercado Pago access token; unset outside production selects the offline test mode. */
  mpAccessToken: string | undefined;
  /** Secret of Mercado Pago's webhook signatures; generated once in the database in test mode. */
  mpWebhookSecret: string | undefined;
  /** Hours an unpaid order keeps its stock. */
  reservaHoras: number;
  /** Seconds between background-worker runs (0 disables the worker of `npm start`). */
  intervaloTrabajosSegundos: number;
  /** Operator API token (SHOP_ADMIN_TOKEN); unset outside production one is generated once and kept in the database. */
  adminToken: string | undefined;
}

/** Reads the server's settings from the environment (see the README's configuration table). */
export function serverConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  return {
    port: intFromEnv(env.PORT, 4321, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || '.data',
    rebuildCheckSeconds: intFromEnv(env.REBUILD_CHECK_SECONDS, 30, 'REBUILD_CHECK_SECONDS'),
    production: env.NODE_ENV === 'production',
    jwtSecret: env.JWT_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'K-Beauty Perú <no-responder@kbeautyperu.pe>',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    rateLimits: rateLimitsFromEnv(env),
    siteUrl: (env.SITE_URL || 'http://localhost:4321').replace(/\/+$/, ''),
    mpAccessToken: env.MP_ACCESS_TOKEN || undefined,
    mpWebhookSecret: env.MP_WEBHOOK_SECRET || undefined,
    reservaHoras: positiveFromEnv(env.ORDER_RESERVATION_HOURS, PEDIDOS.reservaHoras, 'ORDER_RESERVATION_HOURS'),
    intervaloTrabajosSegundos: intFromEnv(env.JOBS_INTERVAL_SECONDS, PEDIDOS.intervaloTrabajosSegundos, 'JOBS_INTERVAL_SECONDS'),
    adminToken: adminTokenFromEnv(env.SHOP_ADMIN_TOKEN),
  };
}

function adminTokenFromEnv(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.trim().length < TOKEN_OPERADOR_MINIMO) throw new Error(`SHOP_ADMIN_TOKEN debe tener al menos ${TOKEN_OPERADOR_MINIMO} caracteres.`);
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

function intFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(`${name} debe ser un número entero no negativo (recibido: "${value}").`);
  }
  return parsed;
}
