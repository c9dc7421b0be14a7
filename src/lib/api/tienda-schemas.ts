import { z } from 'zod';
import { cciLimpio, esCci, MENSAJE_CCI } from '../comprobantes/cci.ts';
import { rucRefusal } from '../comprobantes/ruc.ts';
import { COMPROBANTES, OPERACIONES, PROVEEDOR, RECLAMOS } from '../tienda.ts';
import { esFechaIso } from '../dates.ts';
import { MENSAJE_DIA_NO_LABORABLE } from './reclamos-rules.ts';

/**
 * The shop's own settings (issue 37, item 8) on the wire: what the owner edits in the back office's
 * Tienda screen (GET/PUT /admin/api/tienda/ajustes), the part the storefront reads
 * (GET /web/tienda-ajustes), and the delivery tariffs by district (GET /admin/api/envios/tarifas,
 * POST /admin/api/envios/tarifas/lote). The server validates every body with these schemas.
 */

/** Limits of the settings (the free-shipping threshold and tariffs in soles; the return window in days). */
export const LIMITES_AJUSTES = {
  envioGratisMaximo: 100_000,
  devolucionDiasMaximo: 365,
  tarifaMaxima: 10_000,
  cuentasMaximas: 10,
  tarifasPorPagina: 100,
} as const;

const texto = (campo: string, maximo: number) =>
  z
    .string({ error: `Escribe ${campo}.` })
    .trim()
    .min(1, `Escribe ${campo}.`)
    .max(maximo, `${campo[0]!.toUpperCase()}${campo.slice(1)} admite hasta ${maximo} caracteres.`);

const serie = (letra: 'B' | 'F', nombre: string) =>
  z
    .string({ error: `Escribe la serie de ${nombre}.` })
    .trim()
    .toUpperCase()
    .regex(
      new RegExp(`^${letra}[A-Z0-9]{3}$`),
      `La serie de ${nombre} debe tener 4 caracteres y empezar con ${letra}, por ejemplo ${letra}001.`,
    );

export const seriesSchema = z
  .object({
    boleta: serie('B', 'boletas'),
    factura: serie('F', 'facturas'),
    notaBoleta: serie('B', 'notas de crédito de boletas'),
    notaFactura: serie('F', 'notas de crédito de facturas'),
  })
  .refine((s) => s.boleta !== s.notaBoleta && s.factura !== s.notaFactura, {
    message: 'Las notas de crédito necesitan una serie propia, distinta de la de boletas y facturas.',
    path: ['notaBoleta'],
  });

export const cuentaSchema = z.object({
  banco: texto('el banco', 60),
  cuenta: texto('el número de cuenta', 40),
  cci: z.string({ error: 'Escribe el CCI de la cuenta.' }).transform(cciLimpio).refine(esCci, MENSAJE_CCI),
  titular: texto('el titular de la cuenta', 200),
});
export type CuentaBancaria = z.output<typeof cuentaSchema>;

export const puntoRecojoSchema = z.object({
  /** The spec's checkout method name (fixed: carts and orders carry it). */
  metodo: z.string().trim().min(1),
  direccion: texto('la dirección del punto de recojo', 300),
  horario: texto('el horario del punto de recojo', 300),
  instrucciones: texto('las instrucciones del punto de recojo', OPERACIONES.textoMaximo),
});
export type PuntoRecojoAjuste = z.output<typeof puntoRecojoSchema>;

/** The whole settings object the owner saves (PUT /admin/api/tienda/ajustes). */
export const ajustesTiendaSchema = z.object({
  ruc: z
    .string({ error: 'Escribe el RUC de la empresa.' })
    .trim()
    .superRefine((value, ctx) => {
      const problema = rucRefusal(value);
      if (problema) ctx.addIssue({ code: 'custom', message: problema });
    }),
  razonSocial: texto('la razón social', COMPROBANTES.razonSocialMaxima),
  direccion: texto('la dirección fiscal', COMPROBANTES.direccionFiscalMaxima),
  series: seriesSchema,
  cuentas: z.array(cuentaSchema).max(LIMITES_AJUSTES.cuentasMaximas, `Hasta ${LIMITES_AJUSTES.cuentasMaximas} cuentas.`),
  correoTienda: z
    .string({ error: 'Escribe el correo de la tienda.' })
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'El correo de la tienda no es válido, por ejemplo pedidos@tutienda.pe.'),
  envioGratisDesde: z
    .number({ error: 'El monto para el envío gratis debe ser un número.' })
    .min(0, 'El monto para el envío gratis no puede ser negativo.')
    .max(LIMITES_AJUSTES.envioGratisMaximo, `El monto para el envío gratis admite hasta S/ ${LIMITES_AJUSTES.envioGratisMaximo}.`)
    .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: 'El monto para el envío gratis admite hasta 2 decimales.',
    }),
  devolucionDias: z
    .number({ error: 'El plazo de devolución debe ser un número de días.' })
    .int('El plazo de devolución debe ser un número entero de días.')
    .min(1, 'El plazo de devolución debe ser de al menos 1 día.')
    .max(LIMITES_AJUSTES.devolucionDiasMaximo, `El plazo de devolución admite hasta ${LIMITES_AJUSTES.devolucionDiasMaximo} días.`),
  puntosRecojo: z.array(puntoRecojoSchema),
  /**
   * The days the shop is closed besides weekends and Peru's public holidays (YYYY-MM-DD, sorted, each
   * once): they do not count toward the Libro de Reclamaciones' deadline. Absent in a body written
   * before they existed: none.
   */
  diasNoLaborables: z
    .array(z.string({ error: MENSAJE_DIA_NO_LABORABLE }).trim().refine(esFechaIso, MENSAJE_DIA_NO_LABORABLE), {
      error: 'Los días no laborables deben ser una lista de fechas.',
    })
    .max(RECLAMOS.diasNoLaborablesMaximos, `Hasta ${RECLAMOS.diasNoLaborablesMaximos} días no laborables: quita los que ya pasaron.`)
    .default([])
    .transform((dias) => [...new Set(dias)].sort()),
});
export type AjustesTienda = z.output<typeof ajustesTiendaSchema>;
export type AjustesTiendaEntrada = z.input<typeof ajustesTiendaSchema>;

/** Whether the company's identity is still the demo one the code ships with (never on a real receipt). */
export const esIdentidadDemo = (a: Pick<AjustesTienda, 'ruc' | 'razonSocial' | 'direccion'>) =>
  a.ruc === PROVEEDOR.ruc || (a.razonSocial === PROVEEDOR.razonSocial && a.direccion === PROVEEDOR.direccion);

/** The refusal (and the back office home's notice) while the demo identity is in place outside the receipts' test mode. */
export const AVISO_IDENTIDAD_DEMO =
  'La tienda usa el RUC, la razón social y la dirección de demostración: los comprobantes reales no se emiten hasta que la dueña o el dueño los cambie en Tienda.';

/** GET /admin/api/tienda/ajustes: the settings in force, whether the owner ever saved them, and what needs attention. */
export interface AjustesTiendaRespuesta {
  ajustes: AjustesTienda;
  /** null: never saved (the values are the environment's and the code's defaults). */
  actualizado: string | null;
  actualizadoPor: string | null;
  identidadDemo: boolean;
  avisos: string[];
}

/** GET /web/tienda-ajustes: what the storefront's cart and checkout need, so they price as the server does. */
export interface AjustesPublicos {
  envioGratisDesde: number;
  devolucionDias: number;
  puntosRecojo: PuntoRecojoAjuste[];
}

// ── Delivery tariffs ────────────────────────────────────────────────────────────────────────────

/** GET /admin/api/envios/tarifas?departamento=&provincia=&q=&pagina= */
export const consultaTarifasSchema = z.object({
  departamento: z.coerce.number().int().positive().optional(),
  provincia: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(100, 'La búsqueda admite hasta 100 caracteres.').optional(),
  pagina: z.coerce.number({ error: 'La página debe ser un número.' }).int().min(1, 'La página empieza en 1.').default(1),
});
/** The tariffs list's query as the back office asks it. */
export interface ConsultaTarifas {
  departamento?: number;
  provincia?: number;
  q?: string;
  pagina?: number;
}

export interface TarifaDistrito {
  idDistrito: number;
  ubigeo: string;
  distrito: string;
  idProvincia: number;
  provincia: string;
  idDepartamento: number;
  departamento: string;
  tarifa: number;
}

export interface LugarTarifa {
  id: number;
  nombre: string;
  /** The lowest and highest tariff of its districts (soles). */
  minima: number;
  maxima: number;
  distritos: number;
}

export interface TarifasRespuesta {
  filas: TarifaDistrito[];
  total: number;
  pagina: number;
  porPagina: number;
  departamentos: LugarTarifa[];
  /** The provinces of the chosen department (empty without one). */
  provincias: LugarTarifa[];
}

const monto = z
  .number({ error: 'El monto debe ser un número.' })
  .min(-LIMITES_AJUSTES.tarifaMaxima, 'El monto es demasiado bajo.')
  .max(LIMITES_AJUSTES.tarifaMaxima, `La tarifa admite hasta S/ ${LIMITES_AJUSTES.tarifaMaxima}.`)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'El monto admite hasta 2 decimales.');

/**
 * POST /admin/api/envios/tarifas/lote: set (`fijar`) or add (`sumar`, negative to lower) an amount to
 * the districts named, or to every district of a department or province; with `simulacro` only the preview.
 */
export const loteTarifasSchema = z
  .object({
    alcance: z.discriminatedUnion('tipo', [
      z.object({ tipo: z.literal('departamento'), id: z.number().int().positive() }),
      z.object({ tipo: z.literal('provincia'), id: z.number().int().positive() }),
      z.object({
        tipo: z.literal('distritos'),
        ids: z.array(z.number().int().positive()).min(1, 'Elige al menos un distrito.').max(2000, 'Hasta 2000 distritos a la vez.'),
      }),
    ]),
    operacion: z.enum(['fijar', 'sumar'], { error: 'La operación debe ser fijar o sumar.' }),
    monto,
    simulacro: z.boolean().default(false),
  })
  .refine((body) => body.operacion === 'sumar' || body.monto >= 0, { message: 'La tarifa no puede ser negativa.', path: ['monto'] });
export type LoteTarifas = z.input<typeof loteTarifasSchema>;

export interface LoteTarifasRespuesta {
  simulacro: boolean;
  distritos: number;
  /** Districts whose tariff changes, and the first ones as examples (before → after). */
  cambian: number;
  ejemplos: { idDistrito: number; distrito: string; antes: number; despues: number }[];
  /** Districts an addition would take below 0 (they stay at 0). */
  enCero: number;
  mensaje: string;
}
