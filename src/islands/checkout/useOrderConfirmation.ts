import { useEffect, useState } from 'react';
import { fetchOrderDetail } from '../../lib/api/checkout-client.ts';
import type { DetallePedido } from '../../lib/api/checkout-schemas.ts';
import { ApiError } from '../../lib/api/request.ts';
import { CONFIRMACION, confirmacionDe, type Confirmacion } from '../../lib/checkout/payment-result.ts';

/**
 * Asks the server for the order's state until the webhook has marked it paid (every 2 s, at most a
 * minute). Without an order or a session there is nothing to ask ('sin-datos'); neither is there
 * when the server refuses (not this customer's order, or no such order).
 */
export function useOrderConfirmation(
  idVenta: number | null,
  token: string | undefined,
): { confirmacion: Confirmacion; pedido: DetallePedido | null } {
  const [confirmacion, setConfirmacion] = useState<Confirmacion>('sin-datos');
  const [pedido, setPedido] = useState<DetallePedido | null>(null);

  useEffect(() => {
    if (!idVenta || !token) {
      setConfirmacion('sin-datos');
      return;
    }
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    setConfirmacion('confirmando');
    const look = async () => {
      let found: DetallePedido | null = null;
      try {
        found = await fetchOrderDetail(idVenta, token);
      } catch (error) {
        console.error('No se pudo consultar el pedido', error);
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          if (live) setConfirmacion('sin-datos');
          return;
        }
      }
      if (!live) return;
      if (found) setPedido(found);
      const next = confirmacionDe(found, Date.now() - started >= CONFIRMACION.esperaMaximaMs);
      setConfirmacion(next);
      if (next === 'confirmando') timer = setTimeout(() => void look(), CONFIRMACION.intervaloMs);
    };
    void look();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [idVenta, token]);

  return { confirmacion, pedido };
}
