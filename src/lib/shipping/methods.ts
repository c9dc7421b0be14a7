import { isHomeDelivery } from '../pricing/shipping.ts';
import { PLAZA_NORTE, TIENDAS, type Tienda } from '../site/tiendas.ts';

/** The province-delivery method, labelled 'Envío a todo Lima y provincias' in the cart (checkout §2). */
export const ENVIO_PROVINCIA = 'Envío a provincia (2-5 días hábiles)';

/** A pickup point: fixed address, hours and instructions, cost 0 (checkout §3). */
export interface PuntoRecojo {
  metodo: string;
  direccion: string;
  horario: string;
  instrucciones: string;
}

/** Where each pickup method is handed over; addresses and hours come from the shops' one source. */
const RECOJO: [metodo: string, tienda: Tienda, instrucciones: string][] = [
  [
    'Recojo en Miraflores',
    tienda('miraflores'),
    'Acércate a caja con tu DNI y tu número de pedido. Tu pedido estará listo desde el día hábil siguiente a la compra.',
  ],
  [
    'Recojo CC. Plaza Norte',
    PLAZA_NORTE,
    'Recoge en nuestro módulo del primer piso presentando tu DNI y tu número de pedido, desde el día hábil siguiente a la compra.',
  ],
  [
    'Recojo CC. Plaza San Miguel',
    tienda('san-miguel'),
    'Acércate a caja con tu DNI y tu número de pedido. Tu pedido estará listo desde el día hábil siguiente a la compra.',
  ],
];

export const PUNTOS_RECOJO: PuntoRecojo[] = RECOJO.map(([metodo, lugar, instrucciones]) => ({
  metodo,
  direccion: `${lugar.direccion}, ${lugar.distrito}`,
  horario: lugar.horario.join('; '),
  instrucciones,
}));

function tienda(id: string): Tienda {
  const found = TIENDAS.find((t) => t.id === id);
  if (!found) throw new Error(`No existe la tienda ${id}.`);
  return found;
}

/** The default delivery choice of the cart. */
export const METODO_POR_DEFECTO = PUNTOS_RECOJO[0]!.metodo;

export { isHomeDelivery };

/** A tariff as the API sends PRECIO (text): the first number in it, 0 when none. */
export const tariffFromText = (precio: string | number | null | undefined) =>
  Number(/\d+(?:[.,]\d+)?/.exec(String(precio ?? ''))?.[0]?.replace(',', '.') ?? 0);
