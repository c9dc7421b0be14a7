import { z } from 'zod';
import { STOCK_PANEL } from '../tienda.ts';

/**
 * The back office's 'Stock' screen (issue 36): GET /admin/api/productos?stock=agotado|bajo&pagina=N
 * lists the products sold out (with the people waiting on 'Avísame') or low on stock (1 to the
 * threshold, config.mesa.stockBajo). The stock itself is changed with PATCH /admin/api/productos/{ref}.
 */

export const FILTROS_STOCK = ['agotado', 'bajo'] as const;
export type FiltroStock = (typeof FILTROS_STOCK)[number];

const MENSAJE_FILTRO = 'Indica stock=agotado o stock=bajo.';
const MENSAJE_PAGINA = `La página debe ser un número entero de 1 a ${STOCK_PANEL.paginaMaxima}.`;

/** The list's query: every value a string of the URL; unknown keys refused. */
export const consultaStockSchema = z.strictObject(
  {
    stock: z.enum(FILTROS_STOCK, { error: MENSAJE_FILTRO }),
    pagina: z
      .string({ error: MENSAJE_PAGINA })
      .regex(/^\d{1,6}$/, MENSAJE_PAGINA)
      .transform(Number)
      .refine((n) => n >= 1 && n <= STOCK_PANEL.paginaMaxima, MENSAJE_PAGINA)
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Filtro desconocido: ${issue.keys.join(', ')}. Se admiten: stock, pagina.` : undefined,
  },
);

/** One product as the 'Stock' screen lists it. */
export interface FilaStock {
  idProducto: number;
  sku: string | null;
  nombre: string;
  marca: string;
  /** The thumbnail (the first image), or '' when it has none. */
  img: string;
  stock: number;
  visible: boolean;
  /** People waiting on 'Avísame' (not yet e-mailed, not unsubscribed). */
  avisos: number;
}

/** GET /admin/api/productos?stock=…: sold out, the most awaited first; low, the fewest units first. */
export interface PaginaStock {
  filtro: FiltroStock;
  /** The low-stock threshold: 'bajo' is 1 to this many units. */
  umbral: number;
  productos: FilaStock[];
  total: number;
  pagina: number;
  porPagina: number;
}
