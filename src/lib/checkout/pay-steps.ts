import { METODO_PREDETERMINADO, METODOS_PAGO, metodoPagoInfo, type MetodoPagoInfo } from '../api/metodos-pago.ts';

/**
 * The pay button's rules at /procesoDePago (checkout §5, §8): the payment methods, the checks in the
 * spec's order and the texts of its errors.
 */

export { METODOS_PAGO };
/** A method's id, as the checkout holds it (the list's, or one a method added through the seam brings). */
export type MetodoPago = string;
export type OpcionPago = MetodoPagoInfo;

/**
 * How the checkout offers a method for this order: not at all (unknown, or the shop does not take it now),
 * for this order, or listed but not selectable above its ceiling. A method's panel says it (Yape asks GET
 * /carrito/yape); a method without one is offered as GET /carrito/metodos-pago names it.
 */
export type OfertaMetodo = 'oculto' | 'disponible' | 'montoMaximo';

/** The offers of the methods whose panels say them, by id. */
export type Ofertas = Readonly<Partial<Record<string, OfertaMetodo>>>;

/**
 * The methods /procesoDePago offers, of `lista` (the shared list, and any method added through the seam):
 * the default method always (checkout §2: the pay button's own method), a method with an offer as it says
 * (a ceiling leaves it listed), any other only while GET /carrito/metodos-pago names it (`servidor`; empty
 * while unknown or unanswered).
 */
export function metodosOfrecidos(
  servidor: readonly string[],
  ofertas: Ofertas = {},
  lista: readonly OpcionPago[] = METODOS_PAGO,
): OpcionPago[] {
  return lista.filter(
    (metodo) =>
      metodo.id === METODO_PREDETERMINADO ||
      (ofertas[metodo.id] !== undefined ? ofertas[metodo.id] !== 'oculto' : servidor.includes(metodo.id)),
  );
}

export const MENSAJES_PAGO = {
  sinMetodo: 'Por favor selecciona un método de pago',
  sinSesion: 'Debes iniciar sesión para continuar',
  sinUsuario: 'Error: No se pudieron obtener los datos del usuario. Por favor, recarga la página.',
  sinDocumento: 'Documento de identidad requerido',
  validacion: 'Ocurrió un error al validar los productos. Intenta nuevamente.',
  preciosCambiados: '¡Algunos productos cambiaron de precio!',
  sinPreferencia: 'No se pudo crear la preferencia de pago',
  errorPreferencia: 'Error al crear preferencia de pago',
  procesando: 'Procesando...',
  pagar: 'Pagar ahora',
} as const;

export interface EstadoPago {
  metodo: MetodoPago | null;
  signedIn: boolean;
  userId: number | undefined;
  /** How the methods with panels are offered for this order (absent: 'oculto'). */
  ofertas?: Ofertas;
}

/** What stops the pay button before any call, in the spec's order; null when it may go on. */
export function payBlocker({ metodo, signedIn, userId, ofertas = {} }: EstadoPago): { mensaje: string; login?: true } | null {
  if (!metodo) return { mensaje: MENSAJES_PAGO.sinMetodo };
  if (!signedIn) return { mensaje: MENSAJES_PAGO.sinSesion, login: true };
  const info = metodoPagoInfo(metodo);
  const predeterminado = metodoPagoInfo(METODO_PREDETERMINADO)!;
  // An in-page method is taken only while its panel offers it for this order; a bank transfer's panel leaves it to the server's list.
  const oferta = ofertas[metodo] ?? (info?.finaliza === 'in-page' ? 'oculto' : undefined);
  if (info && oferta !== undefined && oferta !== 'disponible') {
    return {
      mensaje:
        oferta === 'montoMaximo' && info.mensajeMaximo
          ? info.mensajeMaximo
          : `${info.nombre} no está disponible en este momento. Paga con ${predeterminado.nombre}.`,
    };
  }
  if (!userId) return { mensaje: MENSAJES_PAGO.sinUsuario };
  return null;
}

/** 'Error al procesar el pago: {message}. Por favor intenta nuevamente.' with the server's mensaje or the default. */
export function preferenceErrorText(mensaje?: string | null): string {
  const message = mensaje?.trim().replace(/\.+$/, '') || MENSAJES_PAGO.errorPreferencia;
  return `Error al procesar el pago: ${message}. Por favor intenta nuevamente.`;
}

/** A new idempotency key (a v4 UUID) for one pay attempt; works outside secure contexts too. */
export function newIdempotencyKey(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = random(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
