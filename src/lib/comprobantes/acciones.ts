import type { AccionComprobante, EstadoComprobanteWire } from '../api/comprobantes-schemas.ts';
import type { CodigoComprobante } from './numero.ts';

/**
 * What SUNAT's rules let the operator do with a receipt now (decision 0212), the rules the retry and the
 * buyer's correction apply on the server: a pending one is resent with its own number (one the provider
 * returned, after correcting its buyer); a rejected one not yet replaced gets a new receipt with the
 * series' next number, its buyer corrected first if need be; a credit note's buyer is its receipt's, so it
 * is never corrected; an accepted receipt has no path (a credit note annuls it).
 */
export function accionesPermitidas(
  comprobante: { estado: EstadoComprobanteWire; tipo: CodigoComprobante; porCorregir: boolean },
  reemplazadoPor: string | null,
): AccionComprobante[] {
  const corregir: AccionComprobante[] = comprobante.tipo === '07' ? [] : ['corregir'];
  if (comprobante.estado === 'pendiente') return comprobante.porCorregir ? [...corregir, 'reenviar'] : ['reenviar'];
  if (comprobante.estado === 'rechazado' && !reemplazadoPor) return [...corregir, 'reemplazar'];
  return [];
}
