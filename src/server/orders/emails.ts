import { fechaHoraLarga } from '../../lib/dates.ts';
import { DEVOLUCIONES, TIENDA } from '../../lib/tienda.ts';
import { searchKey } from '../../lib/shipping/place-key.ts';
import type { Pedido, PedidoLinea } from '../db/schema/index.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { formatCentimos } from '../../lib/pricing/money.ts';
import { orderEmail, type OrderEmailContent } from './email-layout.ts';
import { seguimientoDe } from '../../lib/orders/couriers.ts';

/**
 * What the customer is told at each change of their order (checkout §4), in Spanish: the payment
 * confirmation (EN PREPARACION), EN TRANSITO, LISTO PARA RECOGER, ENTREGADO and CANCELADO.
 */

/** Why an order was cancelled, which decides what its e-mail says. */
export type MotivoCancelacion =
  /** Unpaid: its reservation ran out. */
  | 'reserva-vencida'
  /** Unpaid: the payment was rejected. */
  | 'pago-rechazado'
  /** Unpaid: the shop cancelled it. */
  | 'tienda'
  /** Paid: the shop cancelled it and refunds the payment. */
  | 'reembolso'
  /** Paid after it was cancelled, when its products had sold out: the payment is refunded. */
  | 'pago-tardio';

/** A change the customer is e-mailed about (the confirmation of a payment has its own job). */
export type AvisoEstado =
  { estado: 'EN TRANSITO' | 'LISTO PARA RECOGER' | 'ENTREGADO' } | { estado: 'CANCELADO'; motivo: MotivoCancelacion; nota?: string };

const asunto = (texto: string) => `${TIENDA.nombre}: ${texto}`;

/** Where a paid order goes: the pickup point's address, hours and instructions, or the delivery address. */
function entrega(pedido: Pedido): OrderEmailContent['bloques'][number] {
  if (pedido.recojo) {
    return {
      titulo: `Recojo en tienda: ${pedido.metodoEnvio}`,
      lineas: [pedido.direccion, pedido.horario && `Horario: ${pedido.horario}`, pedido.instrucciones].filter(Boolean),
    };
  }
  return { titulo: pedido.metodoEnvio, lineas: [pedido.direccion, pedido.instrucciones].filter(Boolean) };
}

/** Lima Metropolitana and Callao get the shop's own delivery (the FAQ's 24 to 48 hours). */
const enLima = (pedido: Pedido) =>
  ['LIMA', 'CALLAO'].includes(searchKey(pedido.provincia ?? '')) && ['LIMA', 'CALLAO'].includes(searchKey(pedido.departamento ?? ''));

const DOCUMENTOS: Record<string, string> = { DNI: 'tu DNI', PASAPORTE: 'tu pasaporte', CARNET_EXTRANJERIA: 'tu carné de extranjería' };

/** The identity document the order was bought with, as the pickup counter will ask for it. */
const documento = (pedido: Pedido) =>
  `${DOCUMENTOS[pedido.documentoTipo] ?? 'tu documento de identidad'} (terminado en ${pedido.documentoNumero.slice(-4)})`;

/** The sale receipt of an order as its confirmation names it: its name, number and printable page. */
export interface ComprobanteCorreo {
  /** 'Boleta de venta electrónica' or 'Factura electrónica'. */
  nombre: string;
  /** B001-00000042 */
  numero: string;
  url: string;
  /** Issued in the test mode: said so, it has no tax validity. */
  prueba: boolean;
}

/** The block of the sale receipt: its number and the link to its printable page. */
const bloqueComprobante = (comprobante: ComprobanteCorreo): OrderEmailContent['bloques'][number] => ({
  titulo: `Comprobante: ${comprobante.numero}`,
  lineas: [
    `Tu ${comprobante.nombre.toLowerCase()} ${comprobante.numero}${comprobante.prueba ? ' (modo de prueba, sin validez tributaria)' : ''}.`,
  ],
  enlace: { texto: 'Ver comprobante', url: comprobante.url },
});

/** The order confirmation of an approved payment, in Spanish, as HTML and plain text; with its sale receipt when it has one. */
export function confirmationEmail(pedido: Pedido, lineas: PedidoLinea[], comprobante?: ComprobanteCorreo): MailMessage {
  return orderEmail(pedido, lineas, {
    subject: asunto(`confirmamos tu pedido N.° ${pedido.id}`),
    parrafos: [`¡Gracias por tu compra! Recibimos tu pago y ya estamos preparando tu pedido N.° ${pedido.id}.`],
    totalLabel: 'Total pagado',
    bloques: [
      entrega(pedido),
      ...(comprobante ? [bloqueComprobante(comprobante)] : []),
      {
        titulo: '¿Qué sigue?',
        lineas: [pedido.recojo ? 'Te escribiremos cuando esté listo para recoger.' : 'Te escribiremos cuando salga hacia tu dirección.'],
      },
    ],
  });
}

/** EN TRANSITO: the order left for the customer's address, with which courier and guía (issue 25), and when it should arrive. */
export function shippedEmail(pedido: Pedido, lineas: PedidoLinea[]): MailMessage {
  const seguimiento = seguimientoDe(pedido.courier, pedido.guia);
  const plazo = enLima(pedido)
    ? 'Llegará en 24 a 48 horas (de 2 a 3 días hábiles si tu distrito depende de la cobertura del courier).'
    : 'Llegará en 2 a 5 días hábiles.';
  return orderEmail(pedido, lineas, {
    subject: asunto(`tu pedido N.° ${pedido.id} está en camino`),
    parrafos: [`¡Tu pedido N.° ${pedido.id} ya salió de nuestra tienda y está en camino!`, plazo],
    totalLabel: 'Total pagado',
    bloques: [
      { titulo: 'Lo enviamos a', lineas: [pedido.direccion, pedido.instrucciones].filter(Boolean) },
      ...(seguimiento
        ? [
            {
              titulo: 'Sigue tu envío',
              lineas: [`${seguimiento.courier} · Guía N.° ${seguimiento.guia}`],
              ...(seguimiento.url ? { enlace: { texto: `Rastrear en ${seguimiento.courier}`, url: seguimiento.url } } : {}),
            },
          ]
        : []),
      { titulo: '¿Qué sigue?', lineas: ['Procura que alguien pueda recibirlo en esa dirección. Te escribiremos cuando lo entreguemos.'] },
    ],
  });
}

/** LISTO PARA RECOGER: where and when to pick the order up, and what to bring. */
export function readyForPickupEmail(pedido: Pedido, lineas: PedidoLinea[]): MailMessage {
  return orderEmail(pedido, lineas, {
    subject: asunto(`tu pedido N.° ${pedido.id} está listo para recoger`),
    parrafos: [`¡Tu pedido N.° ${pedido.id} ya te espera en ${pedido.metodoEnvio.replace(/^Recojo (en )?/, '')}!`],
    totalLabel: 'Total pagado',
    bloques: [
      {
        titulo: `Dónde recogerlo: ${pedido.metodoEnvio}`,
        lineas: [pedido.direccion, pedido.horario && `Horario: ${pedido.horario}`, pedido.instrucciones].filter(Boolean),
      },
      { titulo: 'Qué llevar', lineas: [`Lleva ${documento(pedido)} y tu número de pedido, N.° ${pedido.id}.`] },
    ],
  });
}

/** ENTREGADO: the order reached the customer, with what to do if something is wrong. */
export function deliveredEmail(pedido: Pedido, lineas: PedidoLinea[], devolucionDias: number = DEVOLUCIONES.dias): MailMessage {
  const cuando = fechaHoraLarga(pedido.fechaEntrega ?? new Date());
  return orderEmail(pedido, lineas, {
    subject: asunto(`entregamos tu pedido N.° ${pedido.id}`),
    parrafos: [
      pedido.recojo
        ? `Entregamos tu pedido N.° ${pedido.id} en ${pedido.metodoEnvio.replace(/^Recojo (en )?/, '')} el ${cuando}.`
        : `Entregamos tu pedido N.° ${pedido.id} el ${cuando}.`,
      `¡Gracias por comprar en ${TIENDA.nombre}! Esperamos que disfrutes tus productos.`,
    ],
    totalLabel: 'Total pagado',
    bloques: [
      {
        titulo: '¿Algún problema?',
        lineas: [
          `Si algo llegó dañado o no es lo que pediste, escríbenos. Puedes pedir la devolución de productos sin abrir hasta ${devolucionDias} días después de recibirlos.`,
        ],
      },
    ],
  });
}

const VOLVER_A_COMPRAR = {
  titulo: '¿Aún los quieres?',
  lineas: ['Puedes volver a comprarlos cuando quieras desde la tienda, mientras haya stock.'],
};
const reembolso = (pedido: Pedido) => ({
  titulo: 'Devolución de tu pago',
  lineas: [
    `Te devolveremos ${formatCentimos(pedido.total)} al mismo medio con el que pagaste. Según tu banco, puede tardar unos días hábiles en verse en tu cuenta.`,
  ],
});

/** CANCELADO: why, whether anything was charged (and is refunded), and that they can buy again. */
export function cancelledEmail(pedido: Pedido, lineas: PedidoLinea[], motivo: MotivoCancelacion, nota?: string): MailMessage {
  const n = `N.° ${pedido.id}`;
  const porque = nota ? [`Motivo: ${nota}`] : [];
  const sinCargo = 'No se te cobró nada.';
  const contenido: Record<MotivoCancelacion, Omit<OrderEmailContent, 'subject'>> = {
    'reserva-vencida': {
      parrafos: [
        `La reserva de tu pedido ${n} venció sin que recibiéramos el pago, así que lo cancelamos y sus productos volvieron a la venta.`,
        sinCargo,
      ],
      totalLabel: 'Total',
      bloques: [VOLVER_A_COMPRAR],
    },
    'pago-rechazado': {
      parrafos: [`El pago de tu pedido ${n} fue rechazado, así que lo cancelamos y sus productos volvieron a la venta.`, sinCargo],
      totalLabel: 'Total',
      bloques: [
        {
          titulo: '¿Quieres intentarlo de nuevo?',
          lineas: ['Puedes volver a comprar desde tu carrito con otra tarjeta u otro medio de pago, mientras haya stock.'],
        },
      ],
    },
    tienda: { parrafos: [`Cancelamos tu pedido ${n}.`, ...porque, sinCargo], totalLabel: 'Total', bloques: [VOLVER_A_COMPRAR] },
    reembolso: {
      parrafos: [`Cancelamos tu pedido ${n}, que ya habías pagado.`, ...porque],
      totalLabel: 'Total pagado',
      bloques: [reembolso(pedido)],
    },
    'pago-tardio': {
      parrafos: [
        `Recibimos el pago de tu pedido ${n} cuando su reserva ya había vencido, y sus productos se agotaron mientras tanto, así que no podemos completarlo.`,
      ],
      totalLabel: 'Total pagado',
      bloques: [reembolso(pedido)],
    },
  };
  return orderEmail(pedido, lineas, { subject: asunto(`cancelamos tu pedido ${n}`), ...contenido[motivo] });
}

/** The e-mail of a change of state, as its job describes it (the return window the shop's settings say; the code's when absent). */
export function statusEmail(pedido: Pedido, lineas: PedidoLinea[], aviso: AvisoEstado, devolucionDias?: number): MailMessage {
  switch (aviso.estado) {
    case 'EN TRANSITO':
      return shippedEmail(pedido, lineas);
    case 'LISTO PARA RECOGER':
      return readyForPickupEmail(pedido, lineas);
    case 'ENTREGADO':
      return deliveredEmail(pedido, lineas, devolucionDias);
    case 'CANCELADO':
      return cancelledEmail(pedido, lineas, aviso.motivo, aviso.nota);
    default:
      throw new Error(`No hay correo para el estado ${(aviso as { estado: unknown }).estado}.`);
  }
}
