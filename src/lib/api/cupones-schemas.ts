import { z } from 'zod';
import { atMostTwoDecimals } from '../pricing/money.ts';
import type { CuponOperador } from './operator-schemas.ts';
import { textoPlano } from './text-schemas.ts';

/**
 * The back office's coupons and stock history (issue 37): the coupon a form creates or edits (a
 * percent or a fixed amount, a minimum order, N uses in all, one per customer, assigned products,
 * brands and customers), the list with each coupon's uses and what it took off, and a product's
 * stock movements. POST /admin/api/cupones keeps accepting the fields it always did.
 */

/** Most uses a coupon may allow in all, and most customers it may be reserved for. */
export const CUPON_LIMITES = { usosMaximos: 1_000_000, clientes: 500, montoMaximo: 100_000 } as const;

const fechaIso = (campo: string) =>
  z
    .string({ error: `${campo} debe ser una fecha AAAA-MM-DD.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${campo} debe ser una fecha AAAA-MM-DD.`)
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      `${campo} no es una fecha que exista.`,
    );

const soles = (campo: string) =>
  z
    .number({ error: `${campo} debe ser un número.` })
    .refine(Number.isFinite, `${campo} debe ser un número.`)
    .refine((n) => n >= 0, `${campo} no puede ser negativo.`)
    .refine((n) => n <= CUPON_LIMITES.montoMaximo, `${campo} no puede pasar de S/ ${CUPON_LIMITES.montoMaximo}.`)
    .refine(atMostTwoDecimals, `${campo} admite como máximo 2 decimales.`);

const ref = (campo: string, max: number) => z.union([z.number().int().positive(), textoPlano(campo).trim().min(1).max(max)]);

/** The fields of a coupon's form (POST /admin/api/cupones, PUT /admin/api/cupones/{codigo}). */
export const cuponSchema = z
  .strictObject(
    {
      codigo: textoPlano('El código')
        .trim()
        .regex(
          /^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/,
          'El código debe tener de 3 a 40 letras, números, guiones o guiones bajos, sin espacios ni tildes.',
        )
        .transform((codigo) => codigo.toUpperCase()),
      /** 'porcentaje' (descuento, percent) or 'monto' (monto, soles off the products it reaches). */
      tipo: z.enum(['porcentaje', 'monto'], { error: "El tipo de cupón es 'porcentaje' o 'monto'." }).default('porcentaje'),
      descuento: z
        .number({ error: 'El descuento debe ser un número.' })
        .refine(Number.isFinite, 'El descuento debe ser un número.')
        .refine((n) => n > 0 && n <= 100, 'El descuento es un porcentaje mayor que 0 y de hasta 100.')
        .refine(atMostTwoDecimals, 'El descuento admite como máximo 2 decimales.')
        .optional(),
      monto: soles('El monto del descuento').optional(),
      /** Least subtotal of products (soles) an order needs; 0: none. */
      minimo: soles('El pedido mínimo').default(0),
      fecha_inicio: fechaIso('La fecha de inicio'),
      fecha_fin: fechaIso('La fecha de fin'),
      /** Uses in all (orders not cancelled); null: no limit. */
      usos_maximos: z
        .number({ error: 'Los usos deben ser un número entero.' })
        .int('Los usos deben ser un número entero.')
        .min(1, 'Los usos en total son al menos 1 (o déjalo vacío para no limitarlos).')
        .max(CUPON_LIMITES.usosMaximos, `Los usos en total no pueden pasar de ${CUPON_LIMITES.usosMaximos}.`)
        .nullable()
        .default(null),
      uno_por_cliente: z.boolean({ error: 'uno_por_cliente debe ser true o false.' }).default(false),
      /** Products by id or SKU; empty: any eligible product. */
      productos: z
        .array(ref('El producto', 64), { error: 'productos debe ser una lista de ids o SKU.' })
        .max(500, 'Un cupón admite como máximo 500 productos.')
        .default([]),
      /** Brands by name or id; empty: any brand. */
      marcas: z
        .array(ref('La marca', 100), { error: 'marcas debe ser una lista de nombres o ids.' })
        .max(200, 'Un cupón admite como máximo 200 marcas.')
        .default([]),
      /** Customers by id, e-mail or user name; empty: anyone. */
      clientes: z
        .array(ref('El cliente', 200), { error: 'clientes debe ser una lista de ids, correos o usuarios.' })
        .max(CUPON_LIMITES.clientes, `Un cupón admite como máximo ${CUPON_LIMITES.clientes} clientes.`)
        .default([]),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'Campos del cupón: codigo, tipo, descuento, monto, minimo, fecha_inicio, fecha_fin, usos_maximos, uno_por_cliente, productos, marcas y clientes.'
          : issue.code === 'invalid_type' && issue.path?.length === 0
            ? 'El cuerpo debe ser un objeto JSON.'
            : undefined,
    },
  )
  .superRefine((c, ctx) => {
    if (c.tipo === 'porcentaje' && c.descuento === undefined)
      ctx.addIssue({ code: 'custom', path: ['descuento'], message: 'Indica el descuento: un porcentaje mayor que 0 y de hasta 100.' });
    if (c.tipo === 'monto' && !(c.monto && c.monto > 0))
      ctx.addIssue({ code: 'custom', path: ['monto'], message: 'Indica el monto del descuento en soles, mayor que 0.' });
    if (c.tipo === 'monto' && c.minimo > 0 && c.monto! > c.minimo)
      ctx.addIssue({ code: 'custom', path: ['monto'], message: 'El monto del descuento no puede ser mayor que el pedido mínimo.' });
    if (c.fecha_fin < c.fecha_inicio)
      ctx.addIssue({ code: 'custom', path: ['fecha_fin'], message: 'La fecha de fin no puede ser anterior a la de inicio.' });
  });
export type CuponForm = z.input<typeof cuponSchema>;
export type CuponDatos = z.output<typeof cuponSchema>;

/** A coupon in the back office: the operator's view plus its rules, the customers it is for, and its uses (orders not cancelled). */
export interface CuponBackoffice extends CuponOperador {
  tipo: 'porcentaje' | 'monto';
  /** Soles off (a 'monto' coupon). */
  monto: number;
  /** Least products' subtotal in soles (0: none). */
  minimo: number;
  usos_maximos: number | null;
  uno_por_cliente: boolean;
  terminado: string | null;
  clientes: { idCliente: number; nombre: string; correo: string }[];
  /** Orders that used it and are not cancelled. */
  usos: number;
  /** What it took off those orders, in soles. */
  descontado: number;
}

/** GET /admin/api/cupones/{codigo}: the coupon and its latest orders. */
export interface DetalleCupon {
  cupon: CuponBackoffice;
  pedidos: { idVenta: number; fecha: string; cliente: string; estado: string; total: number; descuento: number }[];
}

/** A change to a coupon answers what was done and the coupon after it. */
export interface RespuestaCupon {
  mensaje: string;
  cupon: CuponBackoffice;
}

/** One change to a product's web stock as the back office shows it. */
export interface MovimientoStock {
  id: number;
  fecha: string;
  antes: number;
  despues: number;
  motivo: string;
  actor: string;
  nota: string;
  pedidoId: number | null;
}

/** GET /admin/api/productos/{ref}/movimientos?antes=: newest first; `siguiente` is the `antes` of the next page (null: no more). */
export interface PaginaMovimientos {
  idProducto: number;
  movimientos: MovimientoStock[];
  siguiente: number | null;
}

/** The query of the stock history: `antes` an id of the last page's last movement. */
export const consultaMovimientosSchema = z.strictObject(
  {
    antes: z
      .string()
      .regex(/^[1-9]\d{0,15}$/, 'antes debe ser el id de un movimiento.')
      .transform(Number)
      .optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'La consulta del historial admite solo antes.' : undefined) },
);

/** How many movements a page of the history holds. */
export const MOVIMIENTOS_POR_PAGINA = 20;
