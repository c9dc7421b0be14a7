import type { IdMetodoPago } from '../api/metodos-pago.ts';
import { MENSAJES_YAPE } from '../api/yape-rules.ts';
import type { OfertaYape } from './yape.ts';

/**
 * The pay button's rules at /procesoDePago (checkout §5, §8): the payment methods, the checks in the
 * spec's order and the texts of its errors.
 */

/**
 * The payment methods the checkout knows how to list. Which it offers is metodosOfrecidos': the bank
 * transfer only once the server names it (issue 34), as the server cannot complete one yet.
 */
export const METODOS_PAGO = [
  { id: 'mercadopago', nombre: 'Mercado Pago', detalle: 'Tarjetas de crédito o débito, PagoEfectivo y saldo en Mercado Pago.' },
  { id: 'yape', nombre: 'Yape', detalle: 'Paga con tu celular y el código de aprobación de tu app Yape.' },
  { id: 'transferencia', nombre: 'Transferencia bancaria', detalle: 'BCP, Interbank o BBVA. Reservamos tu pedido hasta 24 horas.' },
] as const satisfies readonly { id: IdMetodoPago; nombre: string; detalle: string }[];
export type MetodoPago = (typeof METODOS_PAGO)[number]['id'];
export type OpcionPago = (typeof METODOS_PAGO)[number];

/**
 * The methods /procesoDePago offers: Mercado Pago always (checkout §2: the pay button's own method),
 * Yape as GET /carrito/yape offers it (issue 24; it carries the ceiling), any other method only while
 * GET /carrito/metodos-pago names it (`servidor`; empty while unknown or unanswered).
 */
export function metodosOfrecidos(servidor: readonly IdMetodoPago[], yape: OfertaYape): OpcionPago[] {
  return METODOS_PAGO.filter((metodo) => metodo.id === 'mercadopago' || (metodo.id === 'yape' ? yape !== 'oculto' : servidor.includes(metodo.id)));
}

export const MENSAJES_PAGO = {
  sinMetodo: 'Por favor selecciona un método de pago',
  sinSesion: 'Debes iniciar sesión para continuar',
  soloMercadoPago: 'Solo Mercado Pago está disponible por el momento',
  soloMercadoPagoYape: 'Solo Mercado Pago y Yape están disponibles por el momento',
  sinUsuario: 'Error: No se pudieron obtener los datos del usuario. Por favor, recarga la página.',
  sinDocumento: 'Documento de identidad requerido',
  validacion: 'Ocurrió un error al validar los productos. Intenta nuevamente.',
  preciosCambiados: '¡Algunos productos cambiaron de precio!',
  sinPreferencia: 'No se pudo crear la preferencia de pago',
  errorPreferencia: 'Error al crear preferencia de pago',
  procesando: 'Procesando...',
  pagar: 'Pagar ahora',
  pagarYape: 'Pagar con Yape',
} as const;

export interface EstadoPago {
  metodo: MetodoPago | null;
  signedIn: boolean;
  userId: number | undefined;
  /** How the checkout offers Yape for this order ('oculto' when unknown or not taken). */
  yape?: OfertaYape;
}

/** What stops the pay button before any call, in the spec's order; null when it may go on. */
export function payBlocker({ metodo, signedIn, userId, yape = 'oculto' }: EstadoPago): { mensaje: string; login?: true } | null {
  if (!metodo) return { mensaje: MENSAJES_PAGO.sinMetodo };
  if (!signedIn) return { mensaje: MENSAJES_PAGO.sinSesion, login: true };
  if (metodo === 'yape' && yape !== 'disponible') return { mensaje: yape === 'montoMaximo' ? MENSAJES_YAPE.montoMaximo : MENSAJES_YAPE.noDisponible };
  if (metodo === 'transferencia') return { mensaje: yape === 'oculto' ? MENSAJES_PAGO.soloMercadoPago : MENSAJES_PAGO.soloMercadoPagoYape };
  if (!userId) return { mensaje: MENSAJES_PAGO.sinUsuario };
  return null;
}

/** 'Error al procesar el pago: {message}. Por favor intenta nuevamente.' with the server's mensaje or the default. */
export function preferenceErrorText(mensaje?: string | null): string {
  const message = mensaje?.trim().replace(/\.+$/, '') || MENSAJES_PAGO.errorPreferencia;
  return `Error al procesar el pago: ${message}. Por favor intenta nuevamente.`;
}

/** A new idempotency key (a v4 UUID) for one pay attempt; works outside secure contexts too. */
export function newIdempotencyKey(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
