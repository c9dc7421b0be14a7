import { TIENDA } from '../tienda.ts';
import { toCentimos, type Centimos } from './money.ts';

/** A method starting with 'Envío a provincia' means home delivery (checkout §3). */
export const isHomeDelivery = (metodo: string) => metodo.startsWith('Envío a provincia');

/** Above this many céntimos of products, shipping is free (storefront §9, checkout §9). */
export const ENVIO_GRATIS_DESDE: Centimos = toCentimos(TIENDA.envioGratisDesde);

/** Free shipping when the products' amount is above S/250. */
export const isFreeShipping = (productos: Centimos) => productos > ENVIO_GRATIS_DESDE;

/**
 * Shipping in céntimos: 0 when free or for pickup; otherwise the district's tariff for province
 * delivery; null while that tariff is not known yet.
 */
export function shippingCentimos(productos: Centimos, metodo: string, tarifa: number | null): Centimos | null {
  if (isFreeShipping(productos) || !isHomeDelivery(metodo)) return 0;
  return tarifa === null ? null : Math.max(0, toCentimos(tarifa));
}
