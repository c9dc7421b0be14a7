import { atom } from 'nanostores';
import { fetchAjustesTienda } from '../lib/api/cart-client.ts';
import type { AjustesPublicos } from '../lib/api/tienda-schemas.ts';
import { PUNTOS_RECOJO } from '../lib/shipping/methods.ts';
import { DEVOLUCIONES, TIENDA } from '../lib/tienda.ts';

/**
 * The shop's settings the cart and checkout price and show with (issue 37): the free-shipping threshold,
 * the return window and the pickup points the owner saved. It starts with the code's values (what the
 * server uses until the owner saves any) and is replaced by the API's answer once per page, so the cart
 * prices as the server's checkout does; the server re-prices every order all the same.
 */
export const $ajustesTienda = atom<AjustesPublicos>({
  envioGratisDesde: TIENDA.envioGratisDesde,
  devolucionDias: DEVOLUCIONES.dias,
  puntosRecojo: PUNTOS_RECOJO.map(({ metodo, direccion, horario, instrucciones }) => ({ metodo, direccion, horario, instrucciones })),
});

let pedido: Promise<void> | null = null;

/** Asks the API for the settings once per page; on failure the code's values stay (the checkout's quote corrects a difference). */
export function loadAjustesTienda(): Promise<void> {
  pedido ??= fetchAjustesTienda()
    .then((ajustes) => $ajustesTienda.set(ajustes))
    .catch((error: unknown) => console.error('No se pudieron leer los ajustes de la tienda', error));
  return pedido;
}
