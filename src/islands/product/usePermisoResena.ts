import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { puedoResenar } from '../../lib/api/resenas-client.ts';
import { serverMessage } from '../../lib/api/request.ts';
import { $session, $token } from '../../stores/auth.ts';

/** Whether the shopper may review the product: unknown before mount, a visitor, asking, or the shop's answer. */
export type Permiso =
  | { kind: 'montando' }
  | { kind: 'visitante' }
  | { kind: 'consultando' }
  | { kind: 'respuesta'; puede: boolean; mensaje: string }
  | { kind: 'error'; mensaje: string };

/**
 * Asks GET /api/resenas/puedo/{id} for a signed-in customer (again after a login in the header's dialog).
 * The session is read only after mount: the server's HTML knows no cookie.
 */
export function usePermisoResena(idProducto: number): Permiso {
  const token = useStore($token);
  const session = useStore($session);
  const [montado, setMontado] = useState(false);
  const [permiso, setPermiso] = useState<Permiso>({ kind: 'montando' });
  useEffect(() => setMontado(true), []);

  const firmado = montado && session !== null && token !== undefined;
  useEffect(() => {
    if (!montado) return;
    if (!firmado || !token) {
      setPermiso({ kind: 'visitante' });
      return;
    }
    const control = new AbortController();
    setPermiso({ kind: 'consultando' });
    puedoResenar(idProducto, token, control.signal)
      .then(({ puede, mensaje }) => setPermiso({ kind: 'respuesta', puede, mensaje }))
      .catch((cause: unknown) => {
        if (control.signal.aborted) return;
        console.error('No se pudo saber si puedes reseñar', cause);
        setPermiso({
          kind: 'error',
          mensaje: serverMessage(cause) ?? (cause instanceof Error ? cause.message : 'No pudimos comprobar tu compra. Intenta nuevamente.'),
        });
      });
    return () => control.abort();
  }, [idProducto, montado, firmado, token]);

  return permiso;
}
