import { METODO_POR_DEFECTO } from '../shipping/methods.ts';
import { parseShippingForm, type ShippingForm } from './shipping-form.ts';
import { isKnownMethod } from './summary.ts';

/** The session-storage key of the cart's delivery choice, so a reload keeps it. */
export const DELIVERY_KEY = 'carrito-envio';

export interface DeliveryChoice {
  metodo: string;
  /** The saved province-delivery data, if any. */
  shipping: ShippingForm | null;
}

/** The stored choice; an unknown method or unreadable copy falls back to the default pickup. */
export function readDelivery(raw: string | null): DeliveryChoice {
  const fallback = { metodo: METODO_POR_DEFECTO, shipping: null };
  if (!raw) return fallback;
  try {
    const value = JSON.parse(raw) as { metodo?: unknown; shipping?: unknown };
    const metodo = typeof value.metodo === 'string' && isKnownMethod(value.metodo) ? value.metodo : METODO_POR_DEFECTO;
    return { metodo, shipping: parseShippingForm(value.shipping) };
  } catch {
    return fallback;
  }
}
