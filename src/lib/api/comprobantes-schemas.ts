import type { CodigoComprobante } from '../comprobantes/numero.ts';

/**
 * Shapes of the electronic receipts (issue 23) as the API answers them: the shopper's order detail
 * and the operator API. Amounts in soles.
 */

export type EstadoComprobanteWire = 'pendiente' | 'aceptado' | 'rechazado';

/** A receipt of an order as the shopper sees it (GET /api/detalle-pedido/{id}, `comprobantes`). */
export interface ComprobantePedido {
  tipo: CodigoComprobante;
  /** 'Boleta de venta electrónica', 'Factura electrónica', 'Nota de crédito electrónica'. */
  nombre: string;
  /** B001-00000042 */
  numero: string;
  estado: EstadoComprobanteWire;
  /** Its printable page (the shop's), always there: the API path /api/comprobantes/{clave} (the storefront prefixes its API base). */
  url: string;
  /** The provider's PDF once SUNAT accepted it; null before, and in the test mode. */
  pdf: string | null;
  /** Issued by the offline test mode: 'Sin validez tributaria – modo de prueba'. */
  prueba: boolean;
}

/** Operator API: a receipt as GET /admin/api/comprobantes lists it. */
export interface ComprobanteOperador {
  numero: string;
  tipo: CodigoComprobante;
  nombre: string;
  pedido: number;
  /** ISO date and time it was numbered (fecha de emisión). */
  emitido: string;
  cliente: { tipoDocumento: string; numeroDocumento: string; denominacion: string };
  total: number;
  estado: EstadoComprobanteWire;
  /** SUNAT's (or the provider's) last word: acceptance, rejection, or the last failure while it is pending. */
  mensaje: string | null;
  proveedor: string;
  /** A credit note's receipt (its number); null otherwise. */
  modifica: string | null;
  url: string;
  pdf: string | null;
  xml: string | null;
  cdr: string | null;
  /** The last failure of its issuing job (the newest attempt's), null when none failed or it succeeded. */
  ultimoError: string | null;
  /** Issued by the offline test mode (proveedor 'prueba'): no tax validity. */
  prueba: boolean;
  /** The rejected receipt this one replaces (its number), issue 34; null otherwise. */
  reemplaza: string | null;
  /** A rejected receipt's replacement (its number); null while there is none (or when it was not rejected). */
  reemplazadoPor: string | null;
  /** SUNAT's observations of an accepted receipt (codes 4000+): it is valid; null when none. */
  observaciones: string | null;
  /** The provider returned it before SUNAT saw it: its number is still free; correct it and resend it with that number. */
  porCorregir: boolean;
}

/** A line of a receipt in soles (the table's céntimos): `valorUnitario` one unit without IGV, `precioUnitario` with it. */
export interface ItemComprobanteWire {
  codigo: string;
  descripcion: string;
  unidad: 'NIU' | 'ZZ';
  cantidad: number;
  valorUnitario: number;
  precioUnitario: number;
  descuento: number;
  valor: number;
  igv: number;
  total: number;
}

/** One issuing job of a receipt (the first, then one per operator retry), oldest first. */
export interface IntentoEmisionOperador {
  /** The job's key: emitir-comprobante:{id} or …:reintento-N. */
  clave: string;
  creado: string;
  /** Attempts made so far, and how many it may make. */
  intentos: number;
  maxIntentos: number;
  /** When it succeeded (null while it runs or after it gave up). */
  terminado: string | null;
  /** When it runs next (null when it is done or out of attempts). */
  proximo: string | null;
  ultimoError: string | null;
}

/** Operator API: GET /admin/api/comprobantes/{numero}, a receipt in full. */
export interface DetalleComprobanteOperador extends ComprobanteOperador {
  cliente: { tipoDocumento: string; numeroDocumento: string; denominacion: string; direccion: string; correo: string };
  items: ItemComprobanteWire[];
  gravada: number;
  igv: number;
  descuentos: number;
  /** A credit note's reason; null otherwise. */
  motivo: string | null;
  codigoSunat: string | null;
  /** The buyer as the operator corrected them for a rejected receipt's replacement; null when not corrected. */
  clienteCorregido: { tipoDocumento: string; numeroDocumento: string; denominacion: string; direccion: string; correo: string } | null;
  actualizado: string;
  trabajos: IntentoEmisionOperador[];
}

export interface ComprobanteOperadorRespuesta {
  comprobante: DetalleComprobanteOperador;
}

/**
 * Operator API: POST /admin/api/comprobantes/{numero}/reintentar; 409 `{ mensaje }` when it cannot be
 * retried. A pending receipt is sent again with its number; a rejected one is replaced by a new receipt
 * (the series' next number), and `comprobante` is that replacement.
 */
export interface ReintentoComprobanteRespuesta {
  mensaje: string;
  comprobante: DetalleComprobanteOperador;
}

/** Operator API: GET /admin/api/comprobantes[?estado=pendiente|aceptado|rechazado], newest first. */
export interface ListaComprobantesOperador {
  comprobantes: ComprobanteOperador[];
}

/**
 * Operator API: POST /admin/api/comprobantes/{numero}/cliente, the buyer of a rejected (not yet
 * replaced) or returned receipt corrected: a boleta's `documento_tipo` (DNI, CARNET_EXTRANJERIA,
 * PASAPORTE) and `documento_numero`, or a factura's `ruc`, `razon_social` and optional `direccion_fiscal`.
 */
export type CorreccionClienteWire =
  | { documento_tipo: 'DNI' | 'CARNET_EXTRANJERIA' | 'PASAPORTE'; documento_numero: string }
  | { ruc: string; razon_social: string; direccion_fiscal?: string };

export interface CorreccionClienteRespuesta {
  mensaje: string;
  comprobante: DetalleComprobanteOperador;
}
