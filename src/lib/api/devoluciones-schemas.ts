import { z } from 'zod';
import { textoPlano } from './text-schemas.ts';

/**
 * Refunds and returns (issue 36): the owner's requests (POST /admin/api/pedidos/{id}/reembolso and
 * /devolucion) and what the customer's and the operator's order details show of them. Amounts on the
 * wire are soles, as everywhere else in the API.
 */

const motivo = textoPlano('El motivo', { error: 'Indica el motivo.', multilinea: true })
  .trim()
  .min(3, 'Indica el motivo (al menos 3 caracteres).')
  .max(300, 'El motivo es demasiado largo (máximo 300 caracteres).');

/** POST /admin/api/pedidos/{idVenta}/reembolso: cancel a paid order not yet delivered and refund its payment. */
export const reembolsoSchema = z.object({ motivo });
export type SolicitudReembolsoPedido = z.input<typeof reembolsoSchema>;

/** One line of a return: which product, colour and size of the order, how many units, and whether they can be sold again. */
export const lineaDevolucionSchema = z.object({
  idProducto: z.number({ error: 'Indica el producto.' }).int('Indica el producto.').positive('Indica el producto.'),
  color: textoPlano('El color').trim().max(100, 'El color es demasiado largo.').default(''),
  tamano: textoPlano('El tamaño').trim().max(100, 'El tamaño es demasiado largo.').default(''),
  cantidad: z
    .number({ error: 'La cantidad debe ser un número entero.' })
    .int('La cantidad debe ser un número entero.')
    .min(1, 'La cantidad debe ser al menos 1.')
    .max(999, 'La cantidad es demasiado grande.'),
  revendible: z.boolean({ error: 'Indica si el producto se puede volver a vender (revendible: true o false).' }),
});
export type LineaDevolucion = z.output<typeof lineaDevolucionSchema>;

/** POST /admin/api/pedidos/{idVenta}/devolucion: a delivered order's units taken back within the return window. */
export const devolucionSchema = z.object({
  lineas: z
    .array(lineaDevolucionSchema, { error: 'Indica las líneas devueltas.' })
    .min(1, 'Indica al menos una línea devuelta.')
    .max(100, 'Demasiadas líneas.'),
  motivo,
});
export type SolicitudDevolucion = z.input<typeof devolucionSchema>;

/** A return as the customer's order detail shows it (Mis Compras): when, how much comes back (soles), which units. */
export interface DevolucionCliente {
  fecha: string;
  monto: number;
  lineas: { nombreProducto: string; cantidad: number }[];
}

/** A refund as the operator's order detail shows it (soles). */
export interface ReembolsoOperador {
  id: number;
  fecha: string;
  monto: number;
  motivo: string;
  /** pendiente (recorded, the provider not yet answered: retried), aprobado, fallido (to be refunded by hand). */
  estado: 'pendiente' | 'aprobado' | 'fallido';
  /** The provider's refund id once it answered. */
  id_proveedor: string | null;
  /** The return it pays, if any (null: the cancellation of the whole order). */
  devolucion: number | null;
  quien: string;
  mensaje: string | null;
}
