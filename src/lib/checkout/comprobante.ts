import type { ComprobanteBody } from '../api/checkout-schemas.ts';
import { primerProblemaFactura, type DatosFactura, type ClaseComprobante } from '../api/comprobante-rules.ts';

/**
 * The receipt chosen at /procesoDePago (issue 23) as the checkout store keeps it: boleta or factura,
 * and the factura's data as typed (kept while the shopper switches back to boleta, so nothing typed is lost).
 */
export interface EleccionComprobante extends DatosFactura {
  tipo: ClaseComprobante;
}

/** A boleta, the default, with no factura data typed. */
export const COMPROBANTE_INICIAL: EleccionComprobante = { tipo: 'boleta', ruc: '', razonSocial: '', direccionFiscal: '' };

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/** The stored choice, or the default when there is none or it cannot be read. */
export function readComprobante(raw: string | null): EleccionComprobante {
  if (!raw) return COMPROBANTE_INICIAL;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return COMPROBANTE_INICIAL;
  }
  if (typeof value !== 'object' || value === null) return COMPROBANTE_INICIAL;
  const stored = value as Record<string, unknown>;
  return {
    tipo: stored.tipo === 'factura' ? 'factura' : 'boleta',
    ruc: text(stored.ruc, 11).replace(/\D/g, ''),
    razonSocial: text(stored.razonSocial, 1000),
    direccionFiscal: text(stored.direccionFiscal, 1000),
  };
}

/** The RUC as typed: digits only, at most 11. */
export const sanitizeRuc = (typed: string) => typed.replace(/\D/g, '').slice(0, 11);

/** The first refused factura field with its message; null for a boleta or a valid factura. */
export const problemaComprobante = (eleccion: EleccionComprobante) =>
  eleccion.tipo === 'factura' ? primerProblemaFactura(eleccion) : null;

/** The `comprobante` of the preference body (trimmed; the server trims again). */
export function comprobanteBody(eleccion: EleccionComprobante): ComprobanteBody {
  if (eleccion.tipo === 'boleta') return { tipo: 'boleta' };
  return {
    tipo: 'factura',
    ruc: eleccion.ruc.trim(),
    razon_social: eleccion.razonSocial.trim(),
    direccion_fiscal: eleccion.direccionFiscal.trim(),
  };
}
