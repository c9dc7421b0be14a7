import { z } from 'zod';
import { TRANSFERENCIA } from '../tienda.ts';
import type { DetallePedidoOperador } from './orders-schemas.ts';

/**
 * Bank transfer (issue 36): the shop's accounts and an order's instructions as the shopper sees them,
 * and the staff's confirmation of a transfer received (POST /admin/api/pedidos/{id}/confirmar-transferencia).
 * The browser imports only the types of this file (no zod in the storefront).
 */

/** One of the shop's bank accounts. */
export interface CuentaBancaria {
  banco: string;
  cuenta: string;
  /** Código de Cuenta Interbancario (20 digits): from another bank. */
  cci: string;
  titular: string;
}

/** GET /carrito/transferencia: whether the shop takes transfers now, its accounts and how long an order is held. */
export interface TransferenciaDisponible {
  disponible: boolean;
  cuentas: CuentaBancaria[];
  horas: number;
  /** The accounts are the demo ones (a developer's shop): the pages say so. */
  demo: boolean;
}

/** What a pending transfer order shows (the confirmation page, Mis Compras, the e-mail): where to pay, how much, until when. */
export interface DatosTransferencia {
  cuentas: CuentaBancaria[];
  /** The exact amount, in soles: the order's total. */
  monto: number;
  /** ISO date: the order is cancelled (stock back) when no transfer was confirmed by then. */
  vence: string;
  demo: boolean;
}

/** POST /carrito/transferencia/{userId}: the order reserved, and how to pay it. */
export interface TransferenciaReservada {
  idVenta: number;
  preferenciaId: null;
  urlPago: string;
  transferencia: DatosTransferencia;
}

/** The staff's confirmation's message when the operation number is not one. */
export const OPERACION_INVALIDA = 'El número de operación debe tener de 4 a 30 letras o números, sin espacios ni guiones.';

/** POST /admin/api/pedidos/{id}/confirmar-transferencia's body: the bank's operation number (and, optionally, which account received it). */
export const confirmarTransferenciaSchema = z.object(
  {
    operacion: z
      .string({ error: OPERACION_INVALIDA })
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(z.string().regex(TRANSFERENCIA.operacion, OPERACION_INVALIDA)),
    banco: z.string({ error: 'El banco debe ser un texto.' }).trim().max(60, 'El banco es demasiado largo.').optional(),
  },
  { error: OPERACION_INVALIDA },
);
export type ConfirmarTransferencia = z.input<typeof confirmarTransferenciaSchema>;

/** The confirmation's answer: the order, now paid (EN PREPARACION). */
export interface TransferenciaConfirmada {
  mensaje: string;
  pedido: DetallePedidoOperador;
}
