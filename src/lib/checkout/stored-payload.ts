import { parseStoredCart } from '../cart/lines.ts';
import type { CheckoutPayload } from '../cart/checkout-payload.ts';

/**
 * The checkout state as the cart saved it in the checkout store (src/stores/checkout.ts), read back after a
 * navigation or a reload. Lines go through the cart's own reader; anything unreadable is null.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const num = (value: unknown, fallback = 0) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The stored payload, or null when there is none or it cannot be read. */
export function readCheckoutPayload(raw: string | null): CheckoutPayload | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.envio) || !isRecord(value.resumen)) return null;
  const { envio, resumen } = value;
  if (!text(envio.metodo)) return null;
  const destino = isRecord(value.destino)
    ? {
        departamento: text(value.destino.departamento),
        provincia: text(value.destino.provincia),
        distrito: text(value.destino.distrito),
        direccion: text(value.destino.direccion),
        referencia: text(value.destino.referencia),
      }
    : null;
  const costo = num(envio.costo);
  return {
    productos: parseStoredCart(JSON.stringify(Array.isArray(value.productos) ? value.productos : [])),
    userDetails: isRecord(value.userDetails) ? (value.userDetails as unknown as CheckoutPayload['userDetails']) : null,
    envio: { metodo: text(envio.metodo), direccion: text(envio.direccion), instrucciones: text(envio.instrucciones), costo },
    CostoEnvio: num(value.CostoEnvio, costo),
    Direccion: text(value.Direccion) || text(envio.direccion),
    discountCode: text(value.discountCode) || null,
    isUserDiscount: value.isUserDiscount === true,
    discountPercentage: num(value.discountPercentage),
    destino,
    resumen: {
      subtotal: num(resumen.subtotal),
      descuento: num(resumen.descuento),
      envio: num(resumen.envio, costo),
      total: num(resumen.total),
    },
  };
}

/** The applied coupon's code as the checkout store keeps it ({codigo}), or '' when there is none or it cannot be read. */
export function readStoredCode(raw: string | null): string {
  if (!raw) return '';
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && typeof (value as { codigo?: unknown }).codigo === 'string'
      ? (value as { codigo: string }).codigo
      : '';
  } catch {
    return '';
  }
}
