import { z } from 'zod';
import { COURIERS } from '../tienda.ts';
import { courierPorNombre, GUIA } from '../orders/couriers.ts';
import { textoPlano } from './text-schemas.ts';

const COURIER_DESCONOCIDO = `El courier debe ser uno de: ${COURIERS.map((c) => c.nombre).join(', ')}.`;
const GUIA_INVALIDA = 'El número de guía debe tener de 4 a 40 letras, números o guiones.';
import { ESTADOS_PEDIDO, type DetallePedido, type EstadoPedido } from './checkout-schemas.ts';
import type { ComprobanteOperador } from './comprobantes-schemas.ts';

/**
 * Shapes of the orders calls (checkout §3, §7): the customer's order list and the operator API that
 * moves orders along. The order detail is `DetallePedido` in checkout-schemas.ts.
 */

/** An item of GET /web/ListPedidos/{userId} (checkout §3, order list item), newest first. */
export interface PedidoResumen {
  idVenta: number;
  /** The id the detail call takes (GET /api/detalle-pedido/{idVenta_estado}); the order id here. */
  idVenta_estado: number;
  /** ISO date and time the order was placed. */
  fecha: string;
  /** ISO date and time it was delivered; null until ENTREGADO. */
  fechaEntrega: string | null;
  /** Soles. */
  total: number;
  estado: EstadoPedido;
  /** Store pickup (true) or delivery (false). */
  recojo: boolean;
  /** The lines' images, comma-separated. */
  imagenes: string;
}

/** Operator API: POST /admin/api/pedidos/{idVenta}/estado moves an order to `estado`. */
export const cambioEstadoSchema = z.object({
  estado: z.enum(ESTADOS_PEDIDO, { error: `El estado debe ser uno de: ${ESTADOS_PEDIDO.join(', ')}.` }),
  /** EN TRANSITO of a delivery order: the courier (its name or id, COURIERS) and the tracking number (issue 25). */
  courier: z
    .string({ error: COURIER_DESCONOCIDO })
    .transform((value, ctx) => {
      const courier = courierPorNombre(value);
      if (!courier) ctx.addIssue({ code: 'custom', message: COURIER_DESCONOCIDO });
      return courier?.id ?? '';
    })
    .optional(),
  guia: z.string({ error: GUIA_INVALIDA }).trim().regex(GUIA, GUIA_INVALIDA).optional(),
  /** A note kept in the order's history (and said in the customer's e-mail when it is a cancellation). */
  nota: textoPlano('La nota', { multilinea: true }).trim().max(500, 'La nota es demasiado larga.').optional(),
});
export type CambioEstado = z.output<typeof cambioEstadoSchema>;

/** Operator API: an order as GET /admin/api/pedidos lists it. */
export interface PedidoOperador {
  idVenta: number;
  fecha: string;
  estado: EstadoPedido;
  cliente: string;
  correo: string;
  total: number;
  recojo: boolean;
  metodo_envio: string;
  productos: number;
  /** Present while its payments need the operator (a refund, a chargeback, a payment to give back…): a few words. */
  alerta?: string;
}

/** Operator API: GET /admin/api/pedidos[?estado=…], the newest orders first. */
export interface ListaPedidosOperador {
  pedidos: PedidoOperador[];
}

/** Operator API: an order's detail with the customer's contact, the delivery snapshot and the timeline's notes. */
export interface DetallePedidoOperador extends Omit<DetallePedido, 'comprobantes'> {
  cliente: { nombre: string; apellido: string; correo: string; telefono: string; documento_tipo: string; documento_numero: string };
  instrucciones: string;
  horario: string;
  /** Every timeline entry with its note (the customer's `historial` shows states only). */
  notas: { estado: EstadoPedido; fecha: string; nota: string }[];
  /** The states the operator may move it to now. */
  siguientes: EstadoPedido[];
  /** As in the list: present while its payments need the operator. */
  alerta?: string;
  /** Every payment the provider reported for it, oldest first. */
  pagos: PagoOperador[];
  /** Its electronic receipts (the sale's, then a credit note), oldest first. */
  comprobantes: ComprobanteOperador[];
  /** Its refunds through the payment provider (issue 36), oldest first. */
  reembolsos?: import('./devoluciones-schemas.ts').ReembolsoOperador[];
}

/** Operator API: a payment of an order (amount in soles; `estado` is the provider's status, `no-coincide:…` when it is not the order's amount). */
export interface PagoOperador {
  id: string;
  estado: string;
  detalle: string;
  monto: number;
  moneda: string;
  tipo: string;
  /** When its last status arrived. */
  fecha: string;
  /** It is the payment that paid the order. */
  del_pedido: boolean;
}

/** Operator API: GET /admin/api/pedidos/{idVenta}. */
export interface PedidoOperadorRespuesta {
  pedido: DetallePedidoOperador;
}

/** Operator API: POST /admin/api/pedidos/{idVenta}/estado; a refused move is a 409 `{ mensaje }`. */
export interface CambioEstadoRespuesta {
  mensaje: string;
  pedido: DetallePedidoOperador;
}
