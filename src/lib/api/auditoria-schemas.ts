import { z } from 'zod';
import { OPERACIONES } from '../tienda.ts';
import type { EntradaAuditoria } from './operator-schemas.ts';
import { esFechaIso } from '../dates.ts';
import { textoPlano } from './text-schemas.ts';

/**
 * The audit trail as the owner reads it (GET /admin/api/auditoria): who did what and when, filtered by
 * person, order, product, action and Lima dates, paged. `npm run shop -- auditoria [--limite N]` asks
 * the same route with its limit only.
 */

const MENSAJE_LIMITE = `El límite debe ser un número entero de 1 a ${OPERACIONES.auditoriaMaxima}.`;
const MENSAJE_FECHA = (campo: string) => `La fecha ${campo} debe ser un día válido AAAA-MM-DD, por ejemplo 2026-11-29.`;

/** A query parameter that counts as absent when empty. */
const opcional = <T extends z.ZodType>(schema: T) => z.preprocess((valor) => (valor === '' ? undefined : valor), schema.optional());

const entero = (mensaje: string, minimo: number, maximo: number) =>
  z
    .string({ error: mensaje })
    .trim()
    .regex(/^\d{1,9}$/, mensaje)
    .transform(Number)
    .refine((n) => n >= minimo && n <= maximo, mensaje);

const dia = (campo: string) => z.string().trim().refine(esFechaIso, MENSAJE_FECHA(campo));

/** GET /admin/api/auditoria's query, as strings from the address; a wrong one is a 400 naming it in Spanish. */
export const consultaAuditoriaSchema = z
  .object({
    limite: opcional(entero(MENSAJE_LIMITE, 1, OPERACIONES.auditoriaMaxima)),
    pagina: opcional(entero('La página debe ser un número entero desde 1.', 1, 1_000_000)),
    /** The name the entries record (a person's, 'clave: …', 'token de operador (…)'), exactly. */
    persona: opcional(
      textoPlano('La persona')
        .trim()
        .max(OPERACIONES.operadorMaximo + 40, 'El nombre de la persona es demasiado largo.'),
    ),
    /** An order's number: its entries and those that name it (a receipt, a refund). */
    pedido: opcional(entero('El pedido debe ser un número de pedido (entero positivo).', 1, 999_999_999)),
    /** A product by id or SKU. */
    producto: opcional(textoPlano('El producto').trim().min(1).max(80, 'El producto debe ser su id o su SKU.')),
    /** An action as recorded, e.g. reclamo.respuesta. */
    accion: opcional(
      z
        .string()
        .trim()
        .regex(/^[a-z][a-z0-9_.-]{0,59}$/, 'La acción debe escribirse como se registra, por ejemplo reclamo.respuesta.'),
    ),
    desde: opcional(dia('desde')),
    hasta: opcional(dia('hasta')),
  })
  .refine((c) => !c.desde || !c.hasta || c.desde <= c.hasta, { message: 'La fecha desde no puede ser posterior a la fecha hasta.' });
export type ConsultaAuditoriaValidada = z.output<typeof consultaAuditoriaSchema>;

/** The query as the back office and the CLI send it (all optional). */
export interface ConsultaAuditoria {
  limite?: number | string;
  pagina?: number;
  persona?: string;
  pedido?: number | string;
  producto?: string;
  accion?: string;
  desde?: string;
  hasta?: string;
}

/** GET /admin/api/auditoria: a page of entries (newest first), how many match, and the names and actions to filter by. */
export interface RespuestaAuditoria {
  entradas: EntradaAuditoria[];
  total: number;
  pagina: number;
  limite: number;
  /** Every name and every action the trail holds, for the filters' choices. */
  personas: string[];
  acciones: string[];
}
