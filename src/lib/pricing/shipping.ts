import { TIENDA } from '../tienda.ts';
import { toCentimos, type Centimos } from './money.ts';

/** A method starting with 'Envío a provincia' means home delivery (checkout §3). */
export const isHomeDelivery = (metodo: string) => metodo.startsWith('Envío a provincia');

/**
 * Above this many céntimos of products, shipping is free (storefront §9, checkout §9): the code's default;
 * the owner's setting (GET /web/tienda-ajustes, the server's ajustesVigentes) is passed as `desde` when saved.
 */
export const ENVIO_GRATIS_DESDE: Centimos = toCentimos(TIENDA.envioGratisDesde);

/** Free shipping when the products' amount is above the threshold (S/250 unless the owner set another). */
export const isFreeShipping = (productos: Centimos, desde: Centimos = ENVIO_GRATIS_DESDE) => productos > desde;

/**
 * Shipping in céntimos: 0 when free or for pickup; otherwise the district's tariff for province
 * delivery; null while that tariff is not known yet.
 */
export function shippingCentimos(
  productos: Centimos,
  metodo: string,
  tarifa: number | null,
  desde: Centimos = ENVIO_GRATIS_DESDE,
): Centimos | null {
  if (isFreeShipping(productos, desde) || !isHomeDelivery(metodo)) return 0;
  return tarifa === null ? null : Math.max(0, toCentimos(tarifa));
}
