import { z } from 'zod';
import { MESA, PEDIDOS } from '../tienda.ts';
import { ESTADOS_PEDIDO, type EstadoPedido } from './checkout-schemas.ts';
import { ORDENES_PEDIDOS, VISTAS_PEDIDOS, type FiltroPedidos } from './backoffice-schemas.ts';
import { cambioEstadoSchema } from './orders-schemas.ts';
import { textoPlano } from './text-schemas.ts';

/**
 * The orders desk's requests (issue 36): the list's query (FiltroPedidos, from the URL's strings),
 * the bulk move, the guía's correction and the internal note. Every refusal is a Spanish sentence the
 * API answers as a 400 `{ mensaje }`.
 */

const ESTADO_INVALIDO = `El estado debe ser uno de: ${ESTADOS_PEDIDO.join(', ')}.`;
const FECHA = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day: 2030-02-30 parses to nothing, or to another day. */
const fechaReal = (dia: string) => FECHA.test(dia) && new Date(`${dia}T00:00:00Z`).toISOString().slice(0, 10) === dia;
const entero = (campo: string, minimo: number, maximo: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${campo} debe ser un número entero de ${minimo} a ${maximo}.`)
    .transform(Number)
    .refine((n) => n >= minimo && n <= maximo, `${campo} debe ser un número entero de ${minimo} a ${maximo}.`);
const fecha = (campo: string) => z.string().refine(fechaReal, `${campo} debe ser una fecha AAAA-MM-DD.`);

/** GET /admin/api/pedidos's query: every value a string of the URL; unknown keys refused. */
export const filtroPedidosSchema = z
  .strictObject(
    {
      vista: z.enum(VISTAS_PEDIDOS, { error: `La vista debe ser una de: ${VISTAS_PEDIDOS.join(', ')}.` }),
      estado: z
        .string()
        .transform((raw) => [...new Set(raw.split(',').map((parte) => parte.trim()))])
        .refine((estados) => estados.every((e) => (ESTADOS_PEDIDO as readonly string[]).includes(e)), ESTADO_INVALIDO)
        .transform((estados) => estados as EstadoPedido[]),
      metodo: z.string().regex(/^[a-z0-9-]{1,40}$/, 'El método de pago no es válido.'),
      entrega: z.enum(['recojo', 'envio'], { error: "La entrega debe ser 'recojo' o 'envio'." }),
      distrito: textoPlano('El distrito').trim().min(1, 'Indica el distrito.').max(80, 'El distrito es demasiado largo.'),
      desde: fecha('La fecha desde'),
      hasta: fecha('La fecha hasta'),
      q: textoPlano('La búsqueda').trim().max(MESA.busquedaMaxima, `La búsqueda admite hasta ${MESA.busquedaMaxima} caracteres.`),
      orden: z.enum(ORDENES_PEDIDOS, { error: `El orden debe ser uno de: ${ORDENES_PEDIDOS.join(', ')}.` }),
      pagina: entero('La página', 1, 100_000),
      porPagina: entero('El tamaño de página', 1, PEDIDOS.listaOperadorMaxima),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Filtro desconocido: ${issue.keys.join(', ')}. Se admiten: vista, estado, metodo, entrega, distrito, desde, hasta, q, orden, pagina, porPagina.`
          : undefined,
    },
  )
  .partial()
  .refine((f) => !f.desde || !f.hasta || f.desde <= f.hasta, 'La fecha desde no puede ser posterior a la fecha hasta.');

/** The query's raw strings, blanks left out (an empty field of a form filters nothing). */
export const consultaSinVacios = (query: Record<string, string>) =>
  Object.fromEntries(Object.entries(query).filter(([, valor]) => valor.trim() !== ''));

/** The parsed query: the wire's FiltroPedidos. */
export type FiltroPedidosServidor = z.output<typeof filtroPedidosSchema> & FiltroPedidos;

/** 'avisar al cliente': false leaves the customer's e-mail out (true by default). */
const avisar = z.boolean({ error: 'avisar debe ser true o false.' }).optional();

/** POST /admin/api/pedidos/{idVenta}/estado with the desk's `avisar`. */
export const cambioEstadoMesaSchema = cambioEstadoSchema.extend({ avisar });

const guiaCampos = cambioEstadoSchema.pick({ courier: true, guia: true }).required();
const idVenta = z
  .number({ error: 'Cada número de pedido debe ser un entero positivo.' })
  .int('Cada número de pedido debe ser un entero positivo.')
  .positive('Cada número de pedido debe ser un entero positivo.');

/** The states a bulk move may take orders to (a paid order is put EN PREPARACION by its payment, which the state machine says per order). */
export const ESTADOS_LOTE = ['EN PREPARACION', 'EN TRANSITO', 'LISTO PARA RECOGER', 'ENTREGADO'] as const;

/** POST /admin/api/pedidos/lote (the most ids one call takes is the route's setting, BULK_ORDERS_MAX). */
export const loteSchema = z
  .strictObject(
    {
      ids: z.array(idVenta, { error: 'Indica los números de pedido (ids) en una lista.' }).min(1, 'Indica al menos un pedido.'),
      estado: z.enum(ESTADOS_LOTE, { error: `En lote, el estado debe ser uno de: ${ESTADOS_LOTE.join(', ')}.` }),
      envios: z
        .array(z.strictObject({ idVenta, courier: guiaCampos.shape.courier, guia: guiaCampos.shape.guia }), {
          error: 'envios es una lista de { idVenta, courier, guia }.',
        })
        .optional(),
      avisar,
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'El lote admite solo ids, estado, envios y avisar.' : undefined) },
  )
  .refine((lote) => new Set(lote.ids).size === lote.ids.length, 'Un pedido aparece dos veces en el lote.')
  .refine((lote) => !lote.envios || lote.estado === 'EN TRANSITO', 'El courier y la guía se indican solo al pasar pedidos a EN TRANSITO.')
  .refine((lote) => (lote.envios ?? []).every((envio) => lote.ids.includes(envio.idVenta)), 'Cada envío debe ser de un pedido del lote.')
  .refine(
    (lote) => new Set((lote.envios ?? []).map((e) => e.idVenta)).size === (lote.envios ?? []).length,
    'Un pedido tiene dos envíos en el lote.',
  );
export type Lote = z.output<typeof loteSchema>;

/** POST /admin/api/pedidos/{idVenta}/guia: the corrected courier and guía of an order already EN TRANSITO. */
export const correccionGuiaSchema = z.strictObject(
  { courier: guiaCampos.shape.courier, guia: guiaCampos.shape.guia, avisar },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'La corrección admite solo courier, guia y avisar.' : undefined) },
);
export type CorreccionGuia = z.input<typeof correccionGuiaSchema>;

/** POST /admin/api/pedidos/{idVenta}/notas. */
export const notaInternaSchema = z.strictObject(
  {
    texto: textoPlano('La nota', { multilinea: true })
      .trim()
      .min(1, 'Escribe la nota.')
      .max(MESA.notaMaxima, `La nota admite hasta ${MESA.notaMaxima} caracteres.`),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'La nota admite solo texto.' : undefined) },
);
