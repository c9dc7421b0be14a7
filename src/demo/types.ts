import type { GRUPOS_EDAD, INQUIETUDES_PIEL, TIPOS_PIEL } from './taxonomy.ts';

/** A real K-beauty brand of the demo catalogue; the two colours paint its generated images. */
export interface DemoBrand {
  nombre: string;
  /** Primary and accent colour, as #rrggbb. */
  colores: [string, string];
}

/** Shape of the packaging drawn for a product's generated image. */
export type Envase = 'frasco' | 'tubo' | 'pote' | 'gotero' | 'spray' | 'sobre' | 'barra' | 'paleta' | 'cushion' | 'herramienta' | 'set';

/**
 * One demo product as written by hand. The seed adds the rest of the Product entity
 * (stock, badges, discounts, presale dates, shops, dates) deterministically.
 */
export interface DemoProduct {
  nombre: string;
  marca: string;
  /** A categoría name of TAXONOMY, e.g. 'Serúm'. */
  categoria: string;
  /** One of that categoría's hijas. */
  child: string;
  /** Regular price in soles, two decimals at most. */
  precio: number;
  envase: Envase;
  descripcion: string;
  modouso: string;
  beneficios: string;
  ingredientes: string;
  tipo_piel: (typeof TIPOS_PIEL)[number][];
  edad: (typeof GRUPOS_EDAD)[number][];
  inquietud_piel: (typeof INQUIETUDES_PIEL)[number][];
  colores?: string[];
  tamaños?: string[];
  vegano?: boolean;
  crueltyFree?: boolean;
  esSet?: boolean;
}
