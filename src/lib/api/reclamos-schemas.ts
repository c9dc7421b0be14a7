import { z } from 'zod';
import { RECLAMOS } from '../tienda.ts';
import { atMostTwoDecimals } from '../pricing/money.ts';
import { DOC_RULES, DOC_TYPES, TELEFONO, type DocType } from './account-rules.ts';
import { faltaDetalle, MENSAJES_RECLAMO, mensajeCorto, MONTO_MAXIMO, REGLAS_RECLAMO, type ReglaTexto } from './reclamos-rules.ts';
import { textoPlano } from './text-schemas.ts';

/**
 * Shapes of the virtual Libro de Reclamaciones (issue 23): the hoja de reclamación a consumer files,
 * the sheet the shop answers with (the reglamento's annex fields plus its number, date and deadline),
 * the operator's list item and the operator's answer. A missing required field names itself in Spanish.
 */

export const TIPOS_RECLAMO = ['reclamo', 'queja'] as const;
export type TipoReclamo = (typeof TIPOS_RECLAMO)[number];
export const TIPOS_BIEN = ['producto', 'servicio'] as const;
export const ESTADOS_RECLAMO = ['pendiente', 'respondido'] as const;
export type EstadoReclamo = (typeof ESTADOS_RECLAMO)[number];
/** The operator's filters of the book: a state, or 'vencido' (pending past its deadline). */
export const FILTROS_RECLAMO = [...ESTADOS_RECLAMO, 'vencido'] as const;
export type FiltroReclamo = (typeof FILTROS_RECLAMO)[number];

/** A required trimmed text by its rule (reclamos-rules.ts, which the browser's form reads too): `falta` when absent or blank, else its lengths. */
const requerido = (regla: ReglaTexto, multilinea = false) =>
  textoPlano(regla.campo, { error: regla.falta, multilinea })
    .trim()
    .min(1, regla.falta)
    .min(regla.minimo, mensajeCorto(regla))
    .max(regla.maximo, `${regla.campo} es demasiado largo.`);

const TIPO_DOCUMENTO = 'El tipo de documento debe ser DNI, PASAPORTE o CARNET EXTRANJERIA.';

/** A document (type and number, DOC_RULES): `falta` when either is absent. */
const documento = (numero: ReglaTexto) => ({
  documentoTipo: z.enum(DOC_TYPES, { error: (issue) => (issue.input === undefined || issue.input === '' ? numero.falta : TIPO_DOCUMENTO) }),
  documentoNumero: requerido(numero),
});

/** The DOC_RULES check of a document's number, as a refinement of the object that holds it. */
const reglaDocumento = (value: { documentoTipo: DocType; documentoNumero: string }, ctx: z.RefinementCtx) => {
  const regla = DOC_RULES[value.documentoTipo];
  if (!regla.pattern.test(value.documentoNumero)) ctx.addIssue({ code: 'custom', message: regla.mensaje, path: ['documentoNumero'] });
};

const FALTA_APODERADO = MENSAJES_RECLAMO.faltaApoderado;

const apoderadoSchema = z
  .object(
    {
      nombre: requerido(REGLAS_RECLAMO.apoderadoNombre),
      ...documento(REGLAS_RECLAMO.apoderadoDocumentoNumero),
    },
    { error: FALTA_APODERADO },
  )
  .superRefine(reglaDocumento);

/** An optional mobile number: blank is none, spaces dropped, then the TELEFONO rule. */
const telefono = textoPlano('El celular', { error: TELEFONO.mensaje })
  .nullable()
  .optional()
  .transform((value) => value?.replace(/\s+/g, '') || null)
  .refine((value) => value === null || TELEFONO.pattern.test(value), TELEFONO.mensaje);

const consumidorSchema = z
  .object(
    {
      nombre: requerido(REGLAS_RECLAMO.nombre),
      ...documento(REGLAS_RECLAMO.documentoNumero),
      direccion: requerido(REGLAS_RECLAMO.direccion),
      telefono,
      correo: requerido(REGLAS_RECLAMO.correo).pipe(z.email(MENSAJES_RECLAMO.correoInvalido)),
      menorDeEdad: z.boolean({ error: 'Indica si el consumidor es menor de edad.' }),
      apoderado: apoderadoSchema.nullable().optional(),
    },
    { error: 'Faltan los datos del consumidor.' },
  )
  .superRefine((value, ctx) => {
    reglaDocumento(value, ctx);
    if (value.menorDeEdad && !value.apoderado) ctx.addIssue({ code: 'custom', message: FALTA_APODERADO, path: ['apoderado'] });
  })
  // A parent or guardian belongs on the sheet only for a minor.
  .transform(({ apoderado, ...consumidor }) => ({ ...consumidor, apoderado: consumidor.menorDeEdad ? apoderado! : null }));

const bienSchema = z.object(
  {
    tipo: z.enum(TIPOS_BIEN, { error: 'Indica si el reclamo es sobre un producto o un servicio.' }),
    descripcion: requerido(REGLAS_RECLAMO.descripcion),
    pedido: z
      .number({ error: 'El número de pedido debe ser un número entero.' })
      .int('El número de pedido debe ser un número entero.')
      .positive('El número de pedido debe ser un número entero.')
      .nullable()
      .optional()
      .transform((value) => value ?? null),
  },
  { error: 'Falta el producto o servicio contratado.' },
);

const monto = z
  .number({ error: MENSAJES_RECLAMO.montoNoNumero })
  .min(0, MENSAJES_RECLAMO.montoNegativo)
  .max(MONTO_MAXIMO, MENSAJES_RECLAMO.montoAlto)
  .refine(atMostTwoDecimals, MENSAJES_RECLAMO.montoDecimales)
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/** The sheet's fields but the detail, whose missing message depends on the type. */
const hoja = <T extends TipoReclamo>(tipo: T) =>
  z.object({
    tipo: z.literal(tipo),
    consumidor: consumidorSchema,
    bien: bienSchema,
    monto,
    detalle: requerido({ ...REGLAS_RECLAMO.detalle, falta: faltaDetalle(tipo) }, true),
    pedidoConsumidor: requerido(REGLAS_RECLAMO.pedidoConsumidor, true),
  });

/** POST /api/libro-reclamaciones: a hoja de reclamación as the consumer fills it. */
export const reclamoNuevoSchema = z.discriminatedUnion('tipo', [hoja('reclamo'), hoja('queja')], {
  error: (issue) =>
    typeof issue.input === 'object' && issue.input !== null && !Array.isArray(issue.input)
      ? MENSAJES_RECLAMO.tipo
      : 'El cuerpo debe ser un objeto JSON.',
});
/** The request body as sent (the frontend's form builds this). */
export type ReclamoNuevo = z.input<typeof reclamoNuevoSchema>;
/** The request after validation: trimmed, optional fields as null. */
export type ReclamoValidado = z.output<typeof reclamoNuevoSchema>;

/** A parent or guardian of a minor consumer. */
export interface Apoderado {
  nombre: string;
  documentoTipo: DocType;
  documentoNumero: string;
}

/** The consumer as the sheet records them. */
export interface ConsumidorReclamo {
  nombre: string;
  documentoTipo: DocType;
  documentoNumero: string;
  direccion: string;
  telefono: string | null;
  correo: string;
  menorDeEdad: boolean;
  apoderado: Apoderado | null;
}

/** The hoja de reclamación as filed: the answer of POST /api/libro-reclamaciones (`{ hoja }`) and what the e-mails show. */
export interface HojaReclamacion {
  /** 'LR-2026-000001': a correlative per year that never repeats nor skips. */
  numero: string;
  /** ISO date-time of filing. */
  fecha: string;
  proveedor: { razonSocial: string; ruc: string; direccion: string };
  tipo: TipoReclamo;
  consumidor: ConsumidorReclamo;
  bien: { tipo: (typeof TIPOS_BIEN)[number]; descripcion: string; pedido: number | null };
  monto: number | null;
  detalle: string;
  pedidoConsumidor: string;
  /** YYYY-MM-DD: RECLAMOS.plazoDiasHabiles working days after the filing date (Lima). */
  plazo: string;
  estado: EstadoReclamo;
  respuesta: { texto: string; fecha: string } | null;
}

/**
 * How the consumer gets their copy: `enlace` is the path of the sheet's page (their capability to view
 * and print it any time); `envio` says what the e-mail carries: the whole sheet ('completa', to a
 * signed-in customer's own account address), its number and that link ('enlace', any other address),
 * or nothing today ('no-enviada': the address or the shop reached its daily cap of copies).
 */
export interface CopiaHoja {
  envio: 'completa' | 'enlace' | 'no-enviada';
  enlace: string;
}

/** The answer of POST /api/libro-reclamaciones. */
export interface HojaRespuesta {
  hoja: HojaReclamacion;
  copia: CopiaHoja;
}

/** A sheet in the operator's list and detail: its working days left and whether it is due soon or overdue. */
export interface ReclamoOperador extends HojaReclamacion {
  /** The customer account that filed it, if signed in. */
  clienteId: number | null;
  /** Working days from today (Lima) to the deadline; negative when past. */
  diasHabilesRestantes: number;
  /** Only for pending sheets: 'vencido' past the deadline, 'vence-pronto' within RECLAMOS.avisoDiasHabiles. */
  alerta: 'vence-pronto' | 'vencido' | null;
  /** Who answered it (the audit trail's name for the person or key), null while pending. */
  respondidoPor: string | null;
}

/** GET /admin/api/reclamos[?estado=pendiente|respondido|vencido]: oldest deadline first. */
export interface ReclamosOperadorRespuesta {
  reclamos: ReclamoOperador[];
}

/** GET /admin/api/reclamos/{numero}. */
export interface ReclamoOperadorRespuesta {
  reclamo: ReclamoOperador;
}

/** POST /admin/api/reclamos/{numero}/respuesta: the shop's answer, e-mailed to the consumer. */
export const respuestaReclamoSchema = z.object(
  {
    texto: requerido(
      { campo: 'La respuesta', falta: 'Escribe la respuesta al consumidor.', minimo: 10, maximo: RECLAMOS.respuestaMaxima },
      true,
    ),
  },
  { error: 'El cuerpo debe ser un objeto JSON con el texto de la respuesta.' },
);
export type RespuestaReclamo = z.input<typeof respuestaReclamoSchema>;

/** The answer of an operator's reply: what was done, in Spanish, and the sheet after it. */
export interface RespuestaReclamoRespuesta {
  mensaje: string;
  reclamo: ReclamoOperador;
}

/** A sheet's number as shown: 'LR-2026-000001'. */
export const numeroReclamo = (anio: number, correlativo: number) => `LR-${anio}-${String(correlativo).padStart(6, '0')}`;

/** The year and correlative of a sheet number ('LR-2026-000001', case-insensitive), or null. */
export function leerNumeroReclamo(numero: string): { anio: number; correlativo: number } | null {
  const match = /^LR-(\d{4})-(\d{1,9})$/i.exec(numero.trim());
  return match ? { anio: Number(match[1]), correlativo: Number(match[2]) } : null;
}
