import { rucRefusal } from '../comprobantes/ruc.ts';
import { COMPROBANTES } from '../tienda.ts';

/**
 * The rules of the receipt a shopper asks for at checkout (issue 23) as plain data, like
 * account-rules.ts: a boleta (SUNAT 03, to the order's identity document) or a factura (SUNAT 01, to a
 * RUC with its razón social and dirección fiscal). The checkout form checks them in the browser without
 * loading zod; `comprobanteSchema` (checkout-schemas.ts) enforces the same messages on the server.
 */

/** The two receipts a shopper may ask for on the wire (`comprobante.tipo`), each with the SUNAT code it is stored as (the stored codes, credit notes included, are TIPOS_COMPROBANTE in db/schema/comprobantes.ts). */
export const CODIGO_SUNAT = { boleta: '03', factura: '01' } as const;
export type ClaseComprobante = keyof typeof CODIGO_SUNAT;

/** A factura's data as typed (the form's names; the wire spells them ruc, razon_social, direccion_fiscal). */
export interface DatosFactura {
  ruc: string;
  razonSocial: string;
  direccionFiscal: string;
}
export type CampoFactura = keyof DatosFactura;

export const MENSAJES_COMPROBANTE = {
  tipo: 'Elige boleta o factura como comprobante de pago.',
  faltaRuc: 'Escribe el RUC para tu factura.',
  faltaRazonSocial: 'Escribe la razón social para tu factura.',
  faltaDireccion: 'Escribe la dirección fiscal para tu factura.',
  razonSocialLarga: `La razón social puede tener como máximo ${COMPROBANTES.razonSocialMaxima} caracteres.`,
  direccionLarga: `La dirección fiscal puede tener como máximo ${COMPROBANTES.direccionFiscalMaxima} caracteres.`,
} as const;

/** Each factura text: how a message names it, its message when blank, its longest length and its message past it. */
export const REGLAS_FACTURA = {
  ruc: { campo: 'El RUC', falta: MENSAJES_COMPROBANTE.faltaRuc, maximo: 11, largo: 'El RUC debe tener 11 dígitos.' },
  razonSocial: {
    campo: 'La razón social',
    falta: MENSAJES_COMPROBANTE.faltaRazonSocial,
    maximo: COMPROBANTES.razonSocialMaxima,
    largo: MENSAJES_COMPROBANTE.razonSocialLarga,
  },
  direccionFiscal: {
    campo: 'La dirección fiscal',
    falta: MENSAJES_COMPROBANTE.faltaDireccion,
    maximo: COMPROBANTES.direccionFiscalMaxima,
    largo: MENSAJES_COMPROBANTE.direccionLarga,
  },
} as const satisfies Record<CampoFactura, { campo: string; falta: string; maximo: number; largo: string }>;

/** Why one factura field's value is refused (the server's message), or null when it is fine. */
export function problemaFactura(campo: CampoFactura, value: string): string | null {
  const regla = REGLAS_FACTURA[campo];
  const trimmed = value.trim();
  if (!trimmed) return regla.falta;
  if (campo === 'ruc') return rucRefusal(trimmed);
  return trimmed.length > regla.maximo ? regla.largo : null;
}

/** The factura fields in the form's order. */
export const CAMPOS_FACTURA = ['ruc', 'razonSocial', 'direccionFiscal'] as const satisfies readonly CampoFactura[];

/** The first refused field of a factura with its message, or null when all three are fine. */
export function primerProblemaFactura(datos: DatosFactura): { campo: CampoFactura; mensaje: string } | null {
  for (const campo of CAMPOS_FACTURA) {
    const mensaje = problemaFactura(campo, datos[campo]);
    if (mensaje) return { campo, mensaje };
  }
  return null;
}
