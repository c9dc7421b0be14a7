import { RECLAMOS } from '../tienda.ts';

/**
 * The rules of the hoja de reclamación's fields as plain data, like account-rules.ts: what each text is
 * called in a message, the message when it is missing, and its length. The Libro de Reclamaciones form
 * checks them in the browser without loading zod; a test holds them to reclamoNuevoSchema's answers.
 */

/** A required text of the sheet. */
export interface ReglaTexto {
  /** How a message names it: 'El nombre del consumidor'. */
  campo: string;
  /** The message when it is missing or blank. */
  falta: string;
  minimo: number;
  maximo: number;
}

const FALTA_APODERADO = 'Faltan los datos del padre, madre o apoderado.';

/** The sheet's required texts; the detail's missing message depends on the type (`faltaDetalle`). */
export const REGLAS_RECLAMO = {
  nombre: { campo: 'El nombre del consumidor', falta: 'Falta el nombre del consumidor.', minimo: 2, maximo: 120 },
  documentoNumero: { campo: 'El número de documento', falta: 'Falta el documento del consumidor.', minimo: 1, maximo: 20 },
  direccion: { campo: 'La dirección del consumidor', falta: 'Falta la dirección del consumidor.', minimo: 5, maximo: 200 },
  correo: { campo: 'El correo del consumidor', falta: 'Falta el correo del consumidor.', minimo: 1, maximo: 120 },
  apoderadoNombre: { campo: 'El nombre del padre, madre o apoderado', falta: FALTA_APODERADO, minimo: 2, maximo: 120 },
  apoderadoDocumentoNumero: { campo: 'El número de documento', falta: FALTA_APODERADO, minimo: 1, maximo: 20 },
  descripcion: {
    campo: 'La descripción del producto o servicio',
    falta: 'Falta la descripción del producto o servicio.',
    minimo: 2,
    maximo: 300,
  },
  detalle: { campo: 'El detalle', falta: 'Falta el detalle del reclamo.', minimo: 10, maximo: RECLAMOS.detalleMaximo },
  pedidoConsumidor: {
    campo: 'Lo que pides al proveedor',
    falta: 'Falta lo que pides al proveedor.',
    minimo: 5,
    maximo: RECLAMOS.pedidoMaximo,
  },
} as const satisfies Record<string, ReglaTexto>;

/** The detail's missing message: a reclamo's or a queja's. */
export const faltaDetalle = (tipo: 'reclamo' | 'queja') =>
  tipo === 'queja' ? 'Falta el detalle de la queja.' : REGLAS_RECLAMO.detalle.falta;

/** The message of a text shorter than its rule. */
export const mensajeCorto = (regla: ReglaTexto) => `${regla.campo} debe tener al menos ${regla.minimo} caracteres.`;

/** The other messages of the sheet's checks. */
export const MENSAJES_RECLAMO = {
  tipo: 'Indica si es un reclamo o una queja.',
  correoInvalido: 'El correo del consumidor no es válido.',
  faltaApoderado: FALTA_APODERADO,
  montoNoNumero: 'El monto reclamado debe ser un número.',
  montoNegativo: 'El monto reclamado no puede ser negativo.',
  montoDecimales: 'El monto reclamado admite como máximo 2 decimales.',
  montoAlto: 'El monto reclamado es demasiado alto.',
} as const;

/** The highest amount a sheet may claim, in soles. */
export const MONTO_MAXIMO = 1_000_000;

/**
 * The two kinds of sheet with their legal definitions (DS 011-2011-PCM, art. 1.1 literal ñ): a
 * reclamo is about the goods or services; a queja is not, or is about the attention received.
 */
export const TIPOS_HOJA = [
  { tipo: 'reclamo', nombre: 'Reclamo', definicion: 'Disconformidad relacionada a los productos o servicios.' },
  {
    tipo: 'queja',
    nombre: 'Queja',
    definicion: 'Disconformidad no relacionada a los productos o servicios, o malestar o descontento respecto a la atención al público.',
  },
] as const;

/** A shop's own non-working day (Tienda) that is not a date. */
export const MENSAJE_DIA_NO_LABORABLE = 'Cada día no laborable debe ser una fecha válida (AAAA-MM-DD), por ejemplo 2026-12-24.';
