import { COURIERS } from '../../lib/tienda.ts';

/** Where this browser remembers the last courier used (the order's `ultimoCourier` wins when the API gives one). */
const CLAVE = 'kb-panel-ultimo-courier';

/** The last courier used here, when it is still one of the shop's (COURIERS id). */
export function ultimoCourier(): string | undefined {
  try {
    const id = localStorage.getItem(CLAVE);
    return COURIERS.some((courier) => courier.id === id) ? id! : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers the courier just used. */
export function recordarCourier(id: string): void {
  try {
    localStorage.setItem(CLAVE, id);
  } catch {
    // Private mode or a full store: the prefill is a convenience.
  }
}

/** A courier as the API may name it (its id or its name) as its id. */
export const idDeCourier = (valor: string | null | undefined) =>
  COURIERS.find((courier) => courier.id === valor || courier.nombre === valor)?.id;

/** A courier as people read it (its name), whether the API gave its id or its name; as given when unknown. */
export const nombreDeCourier = (valor: string) =>
  COURIERS.find((courier) => courier.id === valor || courier.nombre === valor)?.nombre ?? valor;
