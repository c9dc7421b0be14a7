import { z } from 'zod';
import type { CodigoComprobante } from '../comprobantes/numero.ts';
import { PEDIDOS } from '../tienda.ts';

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
  /** SUNAT's answer code (0, 2017, 4287…), as the provider gave it; null before an answer. */
  codigoSunat: string | null;
  /** SUNAT's code said as a plain sentence for the owner (sunat-codigos.ts); null when the code is unknown or there is none: show `mensaje`. */
  explicacion: string | null;
  /** The same for the code the observations start with (4000+); null when none or unknown. */
  explicacionObservaciones: string | null;
  /** What SUNAT's rules let the operator do with it now (decision 0212): resend with its number, correct the buyer, replace it with a new number. */
  acciones: AccionComprobante[];
}

/**
 * The operator's paths for a receipt, by SUNAT's rules: `reenviar` a pending one (not received, or
 * returned and corrected) with its own number; `corregir` the buyer of one returned by the provider or
 * rejected by SUNAT (a boleta's or factura's, not a credit note's); `reemplazar` one SUNAT rejected by a
 * new receipt with the series' next number. An accepted receipt has none (a credit note annuls it).
 */
export const ACCIONES_COMPROBANTE = ['reenviar', 'corregir', 'reemplazar'] as const;
export type AccionComprobante = (typeof ACCIONES_COMPROBANTE)[number];

/** A credit note of a receipt, as the receipt's detail lists it. */
export interface NotaVinculada {
  numero: string;
  estado: EstadoComprobanteWire;
  emitido: string;
  total: number;
  motivo: string | null;
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
  /** The credit notes that modify this receipt (refunds, returns, a cancellation), oldest first; empty for a note. */
  notas: NotaVinculada[];
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

/** Operator API: GET /admin/api/comprobantes[?filtro], newest first (see filtroComprobantesSchema). */
export interface ListaComprobantesOperador {
  comprobantes: ComprobanteOperador[];
}

/** The same answer with its page: how many match the filter, which page, how many a page holds. */
export interface PaginaComprobantesOperador extends ListaComprobantesOperador {
  total: number;
  pagina: number;
  porPagina: number;
}

/**
 * The list's states (decision 0210): SUNAT's three, with `aceptado` split in two (accepted clean, and
 * `observado`: accepted with observations), and `por-atender`: pending, or rejected and not yet replaced.
 */
export const ESTADOS_FILTRO_COMPROBANTE = ['por-atender', 'pendiente', 'aceptado', 'observado', 'rechazado'] as const;
export type EstadoFiltroComprobante = (typeof ESTADOS_FILTRO_COMPROBANTE)[number];

/** The list's types, as the address writes them, and their SUNAT codes. */
export const TIPOS_FILTRO_COMPROBANTE = { boleta: '03', factura: '01', 'nota-de-credito': '07' } as const;
export type TipoFiltroComprobante = keyof typeof TIPOS_FILTRO_COMPROBANTE;

/** The list's filter as the address and the API's query carry it (every field optional; fechas AAAA-MM-DD in Lima). */
export interface FiltroComprobantes {
  serie?: string;
  tipo?: TipoFiltroComprobante;
  estado?: EstadoFiltroComprobante;
  desde?: string;
  hasta?: string;
  pagina?: number;
  porPagina?: number;
}

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day: 2030-02-30 is none. */
const fechaReal = (dia: string) => FECHA.test(dia) && new Date(`${dia}T00:00:00Z`).toISOString().slice(0, 10) === dia;
const fecha = (campo: string) => z.string().refine(fechaReal, `${campo} debe ser una fecha AAAA-MM-DD.`);
const entero = (campo: string, maximo: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${campo} debe ser un número entero de 1 a ${maximo}.`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= maximo, `${campo} debe ser un número entero de 1 a ${maximo}.`);

/** GET /admin/api/comprobantes's query: strings of the address; unknown keys refused, each refusal a Spanish sentence. */
export const filtroComprobantesSchema = z
  .strictObject(
    {
      serie: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{4}$/, 'La serie tiene 4 letras o números, como B001 o F001.')
        .transform((serie) => serie.toUpperCase()),
      tipo: z.enum(Object.keys(TIPOS_FILTRO_COMPROBANTE) as [TipoFiltroComprobante, ...TipoFiltroComprobante[]], {
        error: `El tipo debe ser uno de: ${Object.keys(TIPOS_FILTRO_COMPROBANTE).join(', ')}.`,
      }),
      estado: z.enum(ESTADOS_FILTRO_COMPROBANTE, { error: `El estado debe ser uno de: ${ESTADOS_FILTRO_COMPROBANTE.join(', ')}.` }),
      desde: fecha('La fecha desde'),
      hasta: fecha('La fecha hasta'),
      pagina: entero('La página', 100_000),
      porPagina: entero('El tamaño de página', PEDIDOS.listaOperadorMaxima),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Filtro desconocido: ${issue.keys.join(', ')}. Se admiten: serie, tipo, estado, desde, hasta, pagina, porPagina.`
          : undefined,
    },
  )
  .partial()
  .refine((f) => !f.desde || !f.hasta || f.desde <= f.hasta, 'La fecha desde no puede ser posterior a la fecha hasta.');

/** GET /admin/api/comprobantes/registro-ventas.csv's month: AAAA-MM (Lima's calendar). */
export const mesRegistroSchema = z
  .string({ error: 'Indica el mes como AAAA-MM (por ejemplo, 2026-11).' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Indica el mes como AAAA-MM (por ejemplo, 2026-11).');

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
