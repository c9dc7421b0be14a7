import type { DevolucionCliente } from '../api/devoluciones-schemas.ts';
import { fechaLima } from '../dates.ts';
import { formatSoles } from '../pricing/money.ts';

/**
 * How Mis Compras words an order's returns (issue 36): 'Devolución del 12/12: S/ 45.00 reembolsados',
 * the day and month in Lima, the amount as the shop writes soles everywhere else.
 */
export function textoDevolucion(devolucion: Pick<DevolucionCliente, 'fecha' | 'monto'>): string {
  const [, mes, dia] = fechaLima(devolucion.fecha).split('-');
  return `Devolución del ${dia}/${mes}: ${formatSoles(devolucion.monto)} reembolsados`;
}

/** The units a return took back, one line per product: '2 × Sérum de arroz'. */
export const lineasDevolucion = (devolucion: Pick<DevolucionCliente, 'lineas'>): string[] =>
  devolucion.lineas.map((linea) => `${linea.cantidad} × ${linea.nombreProducto}`);
