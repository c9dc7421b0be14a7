import { CONTACTO } from '../site/contacto.ts';

/**
 * The link between an order and the Libro de Reclamaciones: Mis Compras links to the book with the
 * order's number in `?pedido=N`, and the book's form reads it back into the sheet's order field.
 */

/** The book's path for a complaint about this order: '/libro-de-reclamaciones?pedido=42'. */
export const reclamoDePedidoPath = (idVenta: number) => `${CONTACTO.libroReclamacionesUrl}?pedido=${idVenta}`;

/** The order number a `?pedido=N` query names (a positive whole number, as typed in the form), or ''. */
export function pedidoDeBusqueda(search: string): string {
  const pedido = new URLSearchParams(search).get('pedido')?.trim() ?? '';
  return /^[1-9]\d{0,9}$/.test(pedido) ? pedido : '';
}
