/**
 * Yape through Mercado Pago's Checkout API (issue 24) as plain data, like account-rules.ts: what the
 * checkout form checks before sending, what the server enforces with the same messages, and the
 * Spanish words for each way Mercado Pago rejects a Yape payment. No zod here: the form loads it.
 */

import { metodoDeLaLista } from './metodos-pago.ts';

/** Yape's entry of the shared list of payment methods. */
export const METODO_YAPE = metodoDeLaLista('yape');

/** The most one Yape payment may take (a payer's highest Yape limit), in soles: the list's. */
export const YAPE_MAXIMO_SOLES = METODO_YAPE.maximoSoles;

export const REGLAS_YAPE = {
  /** A Peruvian mobile number as people write it: 9 digits starting with 9. */
  celular: /^9\d{8}$/,
  /** The approval code the Yape app shows: 6 digits. */
  codigo: /^\d{6}$/,
  /** The browser's id of one submission (a resend of the same submission reuses it). */
  intento: /^[A-Za-z0-9-]{8,64}$/,
} as const;

export const MENSAJES_YAPE = {
  faltaCelular: 'Escribe el número de celular de tu Yape.',
  celular: 'El celular debe tener 9 dígitos y empezar con 9.',
  faltaCodigo: 'Escribe el código de aprobación de tu app Yape.',
  codigo: 'El código de aprobación tiene 6 dígitos.',
  intento: 'Vuelve a intentar el pago con Yape.',
  montoMaximo: METODO_YAPE.mensajeMaximo,
  noDisponible: 'Yape no está disponible en este momento. Paga con Mercado Pago.',
  /** Where the shopper finds the code. */
  ayuda: 'Abre tu app Yape, toca «Código de aprobación» en el menú y escribe aquí los 6 dígitos.',
} as const;

/** Why a typed phone is refused, or null. */
export function problemaCelular(celular: string): string | null {
  const value = celular.replace(/\s/g, '');
  if (!value) return MENSAJES_YAPE.faltaCelular;
  return REGLAS_YAPE.celular.test(value) ? null : MENSAJES_YAPE.celular;
}

/** Why a typed approval code is refused, or null. */
export function problemaCodigo(codigo: string): string | null {
  const value = codigo.replace(/\s/g, '');
  if (!value) return MENSAJES_YAPE.faltaCodigo;
  return REGLAS_YAPE.codigo.test(value) ? null : MENSAJES_YAPE.codigo;
}

/** What the shopper is told when Mercado Pago rejects a Yape payment, per `status_detail`. */
export const RECHAZOS_YAPE: Record<string, string> = {
  cc_rejected_call_for_authorize: 'Tu pago fue rechazado: autoriza el pago en tu app Yape y vuelve a intentarlo con un código nuevo.',
  cc_amount_rate_limit_exceeded: 'Superaste el límite de tu Yape para este monto. Súbelo en tu app Yape o paga con Mercado Pago.',
  cc_unsupported_unsupported: 'Tu Yape no puede hacer este pago. Revisa tu app Yape o paga con Mercado Pago.',
  cc_rejected_card_type_not_allowed: 'Tu cuenta Yape no permite este pago. Paga con Mercado Pago.',
  cc_rejected_max_attempts: 'Superaste el número de intentos permitidos con Yape. Espera unos minutos o paga con Mercado Pago.',
  cc_rejected_bad_filled_security_code: 'El código de aprobación no es correcto o ya venció. Genera uno nuevo en tu app Yape.',
  cc_rejected_form_error: 'No pudimos procesar tu pago con Yape. Revisa tu número de celular y vuelve a intentarlo con un código nuevo.',
};
export const RECHAZO_YAPE_GENERICO = 'Tu pago con Yape fue rechazado. Inténtalo con un código nuevo o paga con Mercado Pago.';

/** The shopper's message for a rejected Yape payment. */
export const rechazoYape = (statusDetail: string | undefined) => (statusDetail && RECHAZOS_YAPE[statusDetail]) || RECHAZO_YAPE_GENERICO;

/** POST /carrito/yape/{userId}: the Yape part of the body (the rest is create-preference's). */
export interface PagoYapeBody {
  celular: string;
  codigo: string;
  intento: string;
}

/** 200 of POST /carrito/yape/{userId}: paid (or, rarely, under Mercado Pago's review); go to `redirect` (/success or /pending with Mercado Pago's query). */
export interface YapeAprobado {
  estado: 'approved' | 'pending';
  idVenta: number;
  payment_id: string;
  redirect: string;
}

/** 402 of POST /carrito/yape/{userId}: rejected; the order stays payable with a new code. */
export interface YapeRechazado {
  mensaje: string;
  status_detail: string;
  idVenta: number;
}

/** GET /carrito/yape: whether the shop takes Yape now, and its ceiling in soles. */
export interface YapeDisponible {
  disponible: boolean;
  maximo: number;
  /** The offline test mode: Mercado Pago's test phones (111111111…111111118, code 123456) are accepted too. */
  prueba: boolean;
}

/** Mercado Pago's Yape test phones, accepted by the form and the server only in the test mode. */
export const CELULAR_YAPE_PRUEBA = /^11111111[1-8]$/;
