import { METODO_POR_DEFECTO } from '../shipping/methods.ts';
import { parseShippingForm, type ShippingForm } from './shipping-form.ts';
import { isKnownMethod } from './summary.ts';

/** The cart's delivery choice: the method and, for province delivery, its saved data. */
export interface DeliveryChoice {
  metodo: string;
  /** The saved province-delivery data, if any. */
  shipping: ShippingForm | null;
}

/** The delivery choice as the checkout store keeps it; an unknown method or unreadable copy falls back to the default pickup. */
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
