import { useEffect, useState } from 'react';
import { metodosPagoDisponibles } from '../../lib/api/checkout-client.ts';
import type { IdMetodoPago } from '../../lib/api/metodos-pago.ts';

/**
 * The payment methods the server completes now (GET /carrito/metodos-pago, issue 34), asked once when
 * the checkout mounts; none while unknown or when the call fails (storefront §8: console only).
 */
export function useMetodosPago(): IdMetodoPago[] {
  const [metodos, setMetodos] = useState<IdMetodoPago[]>([]);
  useEffect(() => {
    let live = true;
    metodosPagoDisponibles()
      .then((answer) => live && setMetodos(answer))
      .catch((reason: unknown) => live && console.error('No se pudieron leer los métodos de pago', reason));
    return () => {
      live = false;
    };
  }, []);
  return metodos;
}
