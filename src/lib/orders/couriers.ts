import { COURIERS, type Courier } from '../tienda.ts';
import { foldAccents } from '../text.ts';

const fold = (value: string) => foldAccents(value).trim().toLowerCase();

/** The courier named `texto`: its id or name in any case and accents, or the name's first word ('Olva'); undefined when none is. */
export function courierPorNombre(texto: string): Courier | undefined {
  const buscado = fold(texto);
  if (!buscado) return undefined;
  return COURIERS.find((c) => c.id === buscado || fold(c.nombre) === buscado || fold(c.nombre).split(' ')[0] === buscado);
}

/** A tracking number as couriers print them: letters, digits and hyphens, 4 to 40. */
export const GUIA = /^[A-Za-z0-9-]{4,40}$/;

/** What a shopper and an e-mail are told of a parcel: the courier, the number, and its tracking page (none for the shop's own delivery). */
export interface Seguimiento {
  courier: string;
  guia: string;
  url: string | null;
}

/** The tracking of an order that left with `courierId` under `guia`; null before it left. */
export function seguimientoDe(courierId: string | null, guia: string | null): Seguimiento | null {
  if (!courierId || !guia) return null;
  const courier = COURIERS.find((c) => c.id === courierId);
  return { courier: courier?.nombre ?? courierId, guia, url: courier?.seguimiento ?? null };
}
