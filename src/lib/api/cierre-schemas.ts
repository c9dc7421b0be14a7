import { z } from 'zod';

/**
 * The daily close and its reports ('Cierre y ventas', GET /admin/api/cierre…): what was sold in a period of
 * Lima days, by how it was paid, what went back, which receipts were issued, what Mercado Pago should
 * credit, and the best sellers. Every amount is integer céntimos, and every figure is the sum of the rows
 * it lists (each row names its order), so the screen, the CSV and the orders agree to the céntimo.
 */

/** Whether a YYYY-MM-DD text is a day of the calendar (not 2026-02-30), from 2000 on; another shape is the regex's to refuse. */
function esFechaReal(dia: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dia)) return true;
  const instante = new Date(`${dia}T00:00:00Z`);
  return !Number.isNaN(instante.getTime()) && instante.toISOString().slice(0, 10) === dia && dia >= '2000-01-01';
}

/** A Lima calendar day as the API takes it: YYYY-MM-DD, a real date. */
export const diaSchema = z
  .string({ error: 'Indica la fecha como AAAA-MM-DD.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Indica la fecha como AAAA-MM-DD (por ejemplo 2026-11-28).' })
  .refine(esFechaReal, {
    error: 'Esa fecha no existe en el calendario.',
  });

/** GET /admin/api/cierre?desde=&hasta=: one Lima day (hasta absent) or a range of them, both included. */
export const consultaCierreSchema = z
  .object({ desde: diaSchema, hasta: diaSchema.optional() })
  .refine((c) => c.hasta === undefined || c.hasta >= c.desde, { error: 'La fecha final no puede ser anterior a la inicial.' });
export type ConsultaCierre = z.infer<typeof consultaCierreSchema>;

/** The tables of the close, each exported as its own CSV (GET /admin/api/cierre.csv?tabla=). */
export const TABLAS_CIERRE = [
  'metodos',
  'pedidos',
  'reembolsos',
  'notas',
  'series',
  'comprobantes',
  'productos',
  'marcas',
  'ventas',
] as const;
export type TablaCierre = (typeof TABLAS_CIERRE)[number];

/**
 * How an order was paid, as the close groups it: its method's id ('mercadopago' Checkout Pro, 'yape',
 * 'transferencia', or a method added later), or 'prueba' for a payment of the offline test mode, whatever its
 * method: no money moved (decision 0224).
 */
export type GrupoPago = string;

/** A paid order of the period. */
export interface PedidoCierre {
  id: number;
  /** When it was paid (ISO); the Lima day it counts on is `dia`. */
  pagado: string;
  dia: string;
  cliente: string;
  /** The order's payment method (metodos-pago.ts's id). */
  metodo: string;
  grupo: GrupoPago;
  /** Its state now (a paid order may since have been cancelled: its refund is in the period it happened). */
  estado: string;
  total: number;
  /** The provider's payment id; null when the order has none on record. */
  pagoId: string | null;
  /** Mercado Pago's fee and net for it as the payment reported them; null: 'sin dato' (decision 0223). */
  comision: number | null;
  neto: number | null;
}

/** Sales of one payment group. */
export interface MetodoCierre {
  grupo: GrupoPago;
  nombre: string;
  pedidos: number;
  total: number;
}

/** Money given back in the period through the payment provider. */
export interface ReembolsoCierre {
  id: number;
  pedido: number;
  creado: string;
  monto: number;
  /** pendiente, aprobado or fallido. */
  estado: string;
  /** 'Cancelación' (the whole payment) or 'Devolución' (a return's amount). */
  tipo: string;
  motivo: string;
}

/** A receipt's state as the close counts it: SUNAT's answer, observations told apart from a clean acceptance. */
export type EstadoCierreComprobante = 'pendiente' | 'aceptado' | 'observado' | 'rechazado';
export const ESTADOS_CIERRE_COMPROBANTE: readonly EstadoCierreComprobante[] = ['pendiente', 'aceptado', 'observado', 'rechazado'];
export const NOMBRE_ESTADO_COMPROBANTE: Record<EstadoCierreComprobante, string> = {
  pendiente: 'Pendiente',
  aceptado: 'Aceptado',
  observado: 'Aceptado con observaciones',
  rechazado: 'Rechazado',
};

/** A receipt issued (numbered) in the period. */
export interface ComprobanteCierre {
  numero: string;
  serie: string;
  /** 01 factura, 03 boleta, 07 nota de crédito. */
  tipo: string;
  nombre: string;
  pedido: number;
  emitido: string;
  total: number;
  estado: EstadoCierreComprobante;
  /** A credit note's receipt; null otherwise. */
  modifica: string | null;
}

/** One series' receipts of the period by state: how many and their total. */
export interface SerieCierre {
  serie: string;
  nombre: string;
  estados: Record<EstadoCierreComprobante, { cantidad: number; total: number }>;
}

/** What Mercado Pago should credit for the period's payments through it (decision 0223). */
export interface MercadoPagoCierre {
  pedidos: number;
  bruto: number;
  /** The fees of the payments that reported one. */
  comision: number;
  /** The net of the payments that reported one. */
  neto: number;
  /** Payments without the fee on record ('sin dato'), and their gross. */
  sinDato: number;
  brutoSinDato: number;
}

/** A best seller of the period: units and what they were charged (after the order's discount), and the orders. */
export interface TopCierre {
  /** The product's id, or null for a brand. */
  id: number | null;
  nombre: string;
  marca: string;
  unidades: number;
  total: number;
  /** The orders it was sold in, with the units and amount of each: they add up to `unidades` and `total`. */
  pedidos: { pedido: number; unidades: number; total: number }[];
}

/** GET /admin/api/cierre's answer. */
export interface Cierre {
  desde: string;
  hasta: string;
  ventas: { pedidos: number; total: number };
  metodos: MetodoCierre[];
  pedidos: PedidoCierre[];
  reembolsos: { total: number; filas: ReembolsoCierre[] };
  notas: { total: number; filas: ComprobanteCierre[] };
  comprobantes: ComprobanteCierre[];
  series: SerieCierre[];
  mercadoPago: MercadoPagoCierre;
  productos: TopCierre[];
  marcas: TopCierre[];
}

/** One Lima day of the sales chart. */
export interface VentaDia {
  dia: string;
  pedidos: number;
  total: number;
}

/** GET /admin/api/cierre/ventas?dias=30|90: every Lima day of the last `dias` (today included), in order. */
export interface VentasPorDia {
  desde: string;
  hasta: string;
  dias: VentaDia[];
}
