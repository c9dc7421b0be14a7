import { useSyncExternalStore } from 'react';

const TELEFONO = '(max-width: 760px)';

/** Whether the screen is a phone's width: lists become cards there. */
export function useEsTelefono(): boolean {
  return useSyncExternalStore(
    (avisar) => {
      const consulta = window.matchMedia(TELEFONO);
      consulta.addEventListener('change', avisar);
      return () => consulta.removeEventListener('change', avisar);
    },
    () => window.matchMedia(TELEFONO).matches,
    () => false,
  );
}
