/**
 * The publishing status (GET /admin/api/publicacion): whether the storefront's static pages show the
 * catalogue and content as they are now, are being rebuilt, wait for a rebuild, or the last rebuild
 * failed (with its error). The back office's EstadoPublicacion shows it and polls while it is not live.
 */

/** 'al-dia': live; 'pendiente': a change waits for its rebuild; 'construyendo': being built; 'fallida': the rebuild of the current version failed. */
export const ESTADOS_PUBLICACION_TIENDA = ['al-dia', 'pendiente', 'construyendo', 'fallida'] as const;
export type EstadoPublicacionTienda = (typeof ESTADOS_PUBLICACION_TIENDA)[number];

export interface EstadoPublicacionRespuesta {
  estado: EstadoPublicacionTienda;
  /** The catalogue (and content) version in the database now. */
  version: number;
  /** The version the live storefront was built from; null when none is known yet. */
  versionPublicada: number | null;
  /** When that version went live (ISO 8601); null when unknown. */
  publicadaEn: string | null;
  /** When the catalogue or the content last changed (ISO 8601). */
  cambioEn: string;
  /** Since when the current rebuild runs ('construyendo') or when the failed one ended ('fallida'). */
  desde: string | null;
  /** The failed rebuild's error, in the builder's words ('fallida' only). */
  error: string | null;
}
