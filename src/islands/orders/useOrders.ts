import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api/request.ts';
import { fetchPedidos } from '../../lib/api/orders-client.ts';
import type { PedidoResumen } from '../../lib/api/orders-schemas.ts';
import { sessionRejected, type ProtectedSession } from '../account/useProtectedSession.ts';

/** The order list's state: loading, loaded (newest first) or failed. */
export type EstadoPedidos = { kind: 'cargando' } | { kind: 'listo'; pedidos: PedidoResumen[] } | { kind: 'error' };

/** The customer's orders (checkout §7, ListPedidos); a refused token ends the session. */
export function useOrders(session: ProtectedSession | null): { estado: EstadoPedidos; reload: () => void } {
  const [estado, setEstado] = useState<EstadoPedidos>({ kind: 'cargando' });
  const [intento, setIntento] = useState(0);
  const userId = session?.claims.idUsuario;
  const token = session?.token;

  useEffect(() => {
    if (!userId || !token) return;
    let live = true;
    setEstado({ kind: 'cargando' });
    fetchPedidos(userId, token)
      .then((pedidos) => live && setEstado({ kind: 'listo', pedidos }))
      .catch((error: unknown) => {
        console.error('No se pudo obtener la lista de pedidos', error);
        if (error instanceof ApiError && error.status === 401) sessionRejected();
        else if (live) setEstado({ kind: 'error' });
      });
    return () => {
      live = false;
    };
  }, [userId, token, intento]);

  const reload = useCallback(() => setIntento((n) => n + 1), []);
  return { estado, reload };
}
