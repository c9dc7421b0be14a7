import type { TipoComprobante } from '../db/schema/comprobantes.ts';
import type { ContenidoComprobante } from './documento.ts';

/** A receipt as the provider is asked to issue it: its number, date and content (amounts in céntimos). */
export interface EnvioComprobante extends ContenidoComprobante {
  tipo: TipoComprobante;
  serie: string;
  correlativo: number;
  emitido: Date;
  /** A credit note's receipt, and its reason (SUNAT catálogo 09). */
  modifica?: { tipo: TipoComprobante; serie: string; correlativo: number };
  motivo?: string;
  /** A credit note's SUNAT catálogo 09 code: MOTIVO_ANULACION's when absent (issue 36: returns' notes carry 07 or 06). */
  motivoCodigo?: string;
}

/** Which receipt: its type, series and correlative. */
export type ReferenciaComprobante = Pick<EnvioComprobante, 'tipo' | 'serie' | 'correlativo'>;

/**
 * What the provider says of a receipt, by SUNAT's rules (issue 34): SUNAT accepted it (with its
 * observations, codes 4000+); rejected it (codes 2000–3999: the number is used, a new receipt replaces
 * it); has not processed it yet (no answer, a timeout, or an exception 0100–1999: send it again with the
 * same number); or the provider returned it before SUNAT saw it ('devuelto', its own validation: the
 * number is still free, correct the data and send it again with that number).
 */
export type Respuesta =
  | {
      estado: 'aceptado';
      mensaje: string;
      codigo: string | null;
      observaciones: string | null;
      pdf: string | null;
      xml: string | null;
      cdr: string | null;
    }
  | {
      estado: 'rechazado';
      mensaje: string;
      codigo: string | null;
      /** The provider's files of the rejection when it gives them (the CDR is SUNAT's proof of it). */
      pdf?: string | null;
      xml?: string | null;
      cdr?: string | null;
    }
  | { estado: 'devuelto'; mensaje: string; codigo: string | null }
  | { estado: 'en-proceso'; mensaje: string };

/**
 * The one small interface electronic-receipt providers share (like payments' Pasarela): an OSE/PSE's
 * JSON API (Nubefact's shape) or the offline test mode. A failure to reach the provider throws
 * (`ProveedorNoResponde`): the issuing job tries again later.
 */
export interface ProveedorComprobantes {
  nombre: 'nubefact' | 'prueba';
  /** Issues a receipt; a receipt the provider already has (a retry after a lost answer) answers its current state, never a second one. */
  emitir(comprobante: EnvioComprobante): Promise<Respuesta>;
  /** The receipt's state on the provider's side; null when the provider does not have it. */
  consultar(referencia: ReferenciaComprobante): Promise<Respuesta | null>;
}

/** The provider could not be reached or did not answer usefully (outage, timeout, credentials): try again later. */
export class ProveedorNoResponde extends Error {}

/** SUNAT's reason code (catálogo 09) and words of the credit note the shop issues when a paid order is cancelled. */
export const MOTIVO_ANULACION = { codigo: '01', descripcion: 'Anulación de la operación' } as const;

/** SUNAT's reason (catálogo 09) of a return's credit note (issue 36): some lines or units (07), or the whole order at once (06). */
export const MOTIVO_DEVOLUCION_ITEM = { codigo: '07', descripcion: 'Devolución por ítem' } as const;
export const MOTIVO_DEVOLUCION_TOTAL = { codigo: '06', descripcion: 'Devolución total' } as const;
