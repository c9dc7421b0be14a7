import { COMPROBANTES } from '../tienda.ts';

/** SUNAT's document types the shop issues, by code, and their names as printed. */
export const NOMBRES_COMPROBANTE = {
  '01': 'Factura electrónica',
  '03': 'Boleta de venta electrónica',
  '07': 'Nota de crédito electrónica',
} as const;
export type CodigoComprobante = keyof typeof NOMBRES_COMPROBANTE;

/** A receipt's number as printed: the series, a hyphen and the correlative in eight digits (B001-00000042). */
export const numeroComprobante = (serie: string, correlativo: number) =>
  `${serie}-${String(correlativo).padStart(COMPROBANTES.digitosCorrelativo, '0')}`;

/** Reads a receipt number as an operator types it (B001-42, b001-00000042); null when it is not one. */
export function leerNumeroComprobante(texto: string): { serie: string; correlativo: number } | null {
  const match = /^([A-Za-z0-9]{4})-0*(\d{1,8})$/.exec(texto.trim());
  if (!match || Number(match[2]) === 0) return null;
  return { serie: match[1]!.toUpperCase(), correlativo: Number(match[2]) };
}

/** SUNAT's identity-document codes (catálogo 06) of the documents the shop knows. */
export const TIPO_DOCUMENTO_SUNAT = { DNI: '1', CARNET_EXTRANJERIA: '4', RUC: '6', PASAPORTE: '7' } as const;
/** The documents' names as printed on a receipt, by SUNAT code. */
export const NOMBRE_DOCUMENTO_SUNAT: Record<string, string> = { '1': 'DNI', '4': 'Carné de extranjería', '6': 'RUC', '7': 'Pasaporte' };
