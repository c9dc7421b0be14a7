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
} as const;

export interface ServerConfig {
  port: number;
  host: string;
  /** Postgres server URL; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Seconds between checks for catalogue changes that trigger a static rebuild (0 disables). */
  rebuildCheckSeconds: number;
  production: boolean;
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
  };
}

function intFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(`${name} debe ser un número entero no negativo (recibido: "${value}").`);
  }
  return parsed;
}
