import { z } from 'zod';
import { LIMITES } from '../tienda.ts';
import { ENVIO_PROVINCIA, PUNTOS_RECOJO } from '../shipping/methods.ts';
import { textoPlano } from './text-schemas.ts';
import { MENSAJES_COMPROBANTE, problemaFactura, REGLAS_FACTURA, type CampoFactura } from './comprobante-rules.ts';

/**
 * Request and response shapes of checkout (checkout §3 and §7): the cart the page sends to price
 * and pay, the server's quote, the preference, the 409 of changed prices, the offline test mode and
 * the order state the result pages read. The server validates with them; the islands use the types.
 * Every amount a client sends is a claim the server checks, never an input to the charge.
 */

const soles = (campo: string) =>
  z
    .number({ error: `${campo} debe ser un número.` })
    .min(0, `${campo} no puede ser negativo.`)
    .max(1_000_000, `${campo} es demasiado alto.`);

const texto = (campo: string, max: number) => textoPlano(campo).trim().max(max, `${campo} es demasiado largo.`);

/** A checkout cart line (checkout §3): the product, its options and quantity, and the prices the page showed. */
export const lineaCheckoutSchema = z
  .object({
    id: z.coerce
      .number({ error: 'Cada producto debe indicar su id.' })
      .int('El id de producto debe ser un número entero positivo.')
      .positive('El id de producto debe ser un número entero positivo.')
      .optional(),
    idProducto: z.coerce.number().int().positive('El id de producto debe ser un número entero positivo.').optional(),
    nombre: texto('El nombre del producto', 300).optional(),
    cantidad: z
      .number({ error: 'La cantidad debe ser un número entero mayor que 0.' })
      .int('La cantidad debe ser un número entero mayor que 0.')
      .min(1, 'La cantidad debe ser un número entero mayor que 0.')
      .max(LIMITES.cantidadMaximaPorLinea, `No puedes comprar más de ${LIMITES.cantidadMaximaPorLinea} unidades de un producto.`),
    selectedColor: texto('El color', 100).default(''),
    selectedSize: texto('El tamaño', 100).default(''),
    img: textoPlano('La imagen').max(2000).optional(),
    /** Claimed charged unit price (after the coupon). */
    precio: soles('El precio'),
    precio_unitario: soles('El precio unitario').optional(),
    precio_con_descuento: soles('El precio con descuento').optional(),
    esProductoRutina: z.boolean().optional(),
    rutinaNivel: textoPlano('El nivel de rutina').max(30).optional(),
    rutinaId: textoPlano('La rutina').max(100).optional(),
  })
  .refine((line) => line.id !== undefined || line.idProducto !== undefined, 'Cada producto debe indicar su id.')
  .transform(({ id, idProducto, ...line }) => ({ ...line, idProducto: (id ?? idProducto)! }));
export type LineaCheckout = z.output<typeof lineaCheckoutSchema>;

/** Province delivery's destination as chosen in the cart; the server takes the tariff from it. */
export const destinoSchema = z.object({
  departamento: texto('El departamento', 100).min(1, 'Elige el departamento de envío.'),
  provincia: texto('La provincia', 100).min(1, 'Elige la provincia de envío.'),
  distrito: texto('El distrito', 100).min(1, 'Elige el distrito de envío.'),
  direccion: texto('La dirección', 300).min(1, 'Escribe la dirección de envío.'),
  referencia: texto('La referencia', 300).min(1, 'Escribe una referencia para la dirección de envío.'),
});
export type Destino = z.output<typeof destinoSchema>;

const RECOJO_INVALIDO = 'Indica si el pedido es para recojo en tienda: sí, no o el nombre del método de envío elegido.';
const metodo = (value: string) => value.trim().toLowerCase();

/**
 * `Recojo` and `metadata.recojo` as a boolean or as the chosen method's name (the spec does not type
 * it; Decision): a pickup point's name reads true, province delivery false, anything else is refused.
 */
const recojoSchema = z.union([z.boolean(), z.string()], { error: RECOJO_INVALIDO }).transform((value, ctx) => {
  if (typeof value === 'boolean') return value;
  if (PUNTOS_RECOJO.some((punto) => metodo(punto.metodo) === metodo(value))) return true;
  if (metodo(ENVIO_PROVINCIA) === metodo(value)) return false;
  ctx.addIssue({ code: 'custom', message: RECOJO_INVALIDO });
  return z.NEVER;
});

/**
 * A factura's text by its rule (comprobante-rules.ts, which the checkout form reads too): trimmed, its
 * "escribe…" message when absent or blank, then the rule's own check (the RUC's digits, the lengths).
 */
const textoFactura = (campo: CampoFactura) => {
  const regla = REGLAS_FACTURA[campo];
  return textoPlano(regla.campo, { error: regla.falta })
    .trim()
    .superRefine((value, ctx) => {
      const mensaje = problemaFactura(campo, value);
      if (mensaje) ctx.addIssue({ code: 'custom', message: mensaje, abort: true });
    });
};

const BOLETA = { tipo: 'boleta' } as const;

/**
 * The receipt the shopper asks for (issue 23): a boleta to the order's identity document, or a factura
 * to a RUC with its razón social and dirección fiscal. Absent or null is a boleta, so a client that
 * knows nothing of receipts (the spec's) is unchanged.
 */
export const comprobanteSchema = z
  .discriminatedUnion(
    'tipo',
    [
      z.object({ tipo: z.literal('boleta') }),
      z.object({
        tipo: z.literal('factura'),
        ruc: textoFactura('ruc'),
        razon_social: textoFactura('razonSocial'),
        direccion_fiscal: textoFactura('direccionFiscal'),
      }),
    ],
    { error: MENSAJES_COMPROBANTE.tipo },
  )
  .nullish()
  .transform((value) => value ?? BOLETA);
export type ComprobanteBody = z.input<typeof comprobanteSchema>;
export type Comprobante = z.output<typeof comprobanteSchema>;

export const DOCUMENTO_TIPOS_PAGO = ['DNI', 'PASAPORTE', 'CARNET_EXTRANJERIA'] as const;

/** The preference body of checkout §7 (plus `destino` and the claimed `total`). */
export const preferenciaSchema = z.object({
  cart: z
    .array(lineaCheckoutSchema, { error: 'Tu carrito está vacío.' })
    .min(1, 'Tu carrito está vacío.')
    .max(LIMITES.lineasPorPedido, `Un pedido puede tener como máximo ${LIMITES.lineasPorPedido} productos distintos.`),
  comision: soles('La comisión').optional(),
  Recojo: recojoSchema,
  /** Claimed coupon discount of the whole order. */
  descuento: soles('El descuento').optional(),
  codigo_descuento: texto('El código de descuento', 60).nullable().optional(),
  porcentaje_descuento: z.number().min(0).max(100).optional(),
  metadata: z.object(
    {
      id_usuario: z.coerce.number({ error: 'Falta el id de usuario.' }).int().positive('Falta el id de usuario.'),
      recojo: recojoSchema.optional(),
      direccion_completa: texto('La dirección', 500).optional(),
      metodo_envio: texto('El método de envío', 100).min(1, 'Elige un método de envío.'),
      /** Claimed shipping cost. */
      costo_envio: soles('El costo de envío'),
      nombre: texto('El nombre', 200).optional(),
      apellido: texto('El apellido', 200).optional(),
      correo: texto('El correo', 200).optional(),
      telefono: texto('El teléfono', 40).optional(),
      ciudad: texto('La ciudad', 200).optional(),
      direccion: texto('La dirección', 500).optional(),
      documento_tipo: z.enum(DOCUMENTO_TIPOS_PAGO).optional(),
      documento_numero: texto('El número de documento', 20).optional(),
      codigo_descuento: texto('El código de descuento', 60).nullable().optional(),
      porcentaje_descuento: z.number().min(0).max(100).optional(),
      descuento_aplicado: z.union([z.boolean(), z.number()]).optional(),
    },
    { error: 'Faltan los datos del pedido (metadata).' },
  ),
  destino: destinoSchema.nullable().optional(),
  /** Claimed order total. */
  total: soles('El total').optional(),
  /** The receipt asked for; absent is a boleta. */
  comprobante: comprobanteSchema,
});
export type PreferenciaBody = z.input<typeof preferenciaSchema>;
export type Preferencia = z.output<typeof preferenciaSchema>;

/** A line as the server priced it, in soles (checkout cart line fields). */
export interface LineaPrecioServidor {
  id: number;
  nombre: string;
  img: string;
  selectedColor: string;
  selectedSize: string;
  cantidad: number;
  /** List price of one unit. */
  precio_unitario: number;
  /** One unit after the product's own discount. */
  precio_con_descuento: number;
  /** One unit as charged (after the coupon). */
  precio: number;
  /** Units left in stock now. */
  stock: number;
}

/** The server's price of an order (POST /carrito/cotizar/{userId}, and inside a 409). */
export interface CotizacionServidor {
  productos: LineaPrecioServidor[];
  subtotal: number;
  descuento: number;
  envio: number;
  total: number;
  envioGratis: boolean;
  /** The coupon the server applied; null when none was sent. */
  cupon: {
    codigo: string;
    porcentaje: number;
    tipo: 'usuario' | 'tienda';
    /** Soles off (a fixed-amount shop coupon, issue 37). */ monto?: number;
  } | null;
  metodo_envio: string;
  direccion: string;
}

/** 409 of create-preference when the client's figures are not the server's: nothing was created. */
export interface PreciosCambiados {
  mensaje: string;
  cotizacion: CotizacionServidor;
}

/** create-preference's answer: the preference id, where to pay it, and the order it pays. */
export interface PreferenciaCreada {
  id: string;
  init_point: string;
  idVenta: number;
}

/** Test mode: the outcome the shopper chooses. */
export const RESULTADOS_PRUEBA = ['approved', 'pending', 'rejected'] as const;
export const pagoPruebaSchema = z.object({
  resultado: z.enum(RESULTADOS_PRUEBA, { error: 'Elige aprobar, dejar pendiente o rechazar el pago.' }),
});

/** Test mode: the preference as its checkout page shows it. */
export interface PreferenciaPrueba {
  id: string;
  idVenta: number;
  estado: string;
  total: number;
  envio: number;
  expira: string;
  productos: { nombre: string; cantidad: number; precio: number }[];
}

/** Order states (checkout §4). */
export const ESTADOS_PEDIDO = ['PENDIENTE', 'EN PREPARACION', 'EN TRANSITO', 'LISTO PARA RECOGER', 'ENTREGADO', 'CANCELADO'] as const;
export type EstadoPedido = (typeof ESTADOS_PEDIDO)[number];

/** A product line of the order detail (checkout §3). */
export interface LineaPedido {
  nombreProducto: string;
  idProducto: number;
  img: string;
  cantidad: number;
  color: string;
  tamano: string;
  precio_unitario: number;
  precio_con_descuento: number;
}

/** The order detail of checkout §3 (GET /api/detalle-pedido/{idVenta}, in `mensaje`). */
export interface DetallePedido {
  idVenta: number;
  fecha: string;
  fechaEntrega: string | null;
  total: number;
  subtotal: number;
  descuento: number;
  envio: number;
  estado: EstadoPedido;
  metodo_pago: string;
  metodo_envio: string;
  recojo: boolean;
  direccion: string;
  productos: LineaPedido[];
  productos_comprados: number;
  codigo_descuento: string | null;
  porcentaje_descuento: number;
  /** Whether a payment was approved for the order (the webhook arrived). */
  pagado: boolean;
  historial: { estado: EstadoPedido; fecha: string }[];
  /** Delivery orders once EN TRANSITO (issue 25): the courier, the guía and the courier's tracking page (null for the shop's own delivery). */
  seguimiento?: { courier: string; guia: string; url: string | null } | null;
  /** Its electronic receipts (issue 23): the boleta or factura once paid, then a credit note if cancelled after. */
  comprobantes?: import('./comprobantes-schemas.ts').ComprobantePedido[];
  /** Its returns after delivery (issue 36), oldest first: when, the amount refunded (soles) and the units. */
  devoluciones?: import('./devoluciones-schemas.ts').DevolucionCliente[];
  /** A bank-transfer order still waiting for its transfer (issue 36): the shop's accounts, the exact amount and the deadline. */
  transferencia?: import('./transferencia-schemas.ts').DatosTransferencia;
}
