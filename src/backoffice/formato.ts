import type { EstadoPedido } from '../lib/api/checkout-schemas.ts';
import { METODOS_PAGO } from '../lib/api/metodos-pago.ts';
import { formatSoles } from '../lib/pricing/money.ts';

/** Soles as the shop writes them (S/ 1234.50): the wire's amounts are soles. */
export const soles = formatSoles;

const FECHA_HORA = new Intl.DateTimeFormat('es-PE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Lima' });
const FECHA = new Intl.DateTimeFormat('es-PE', { dateStyle: 'medium', timeZone: 'America/Lima' });

/** An instant as Lima reads it: '28/11/26, 09:48'. */
export const fechaHora = (iso: string) => FECHA_HORA.format(new Date(iso));

/** A day as Lima reads it: '28 nov 2026'. */
export const fecha = (iso: string) => FECHA.format(new Date(iso));

/** An age in hours as a few words: 'hace 3 h', 'hace 2 días'. */
export function edad(horas: number): string {
  if (horas < 1) return 'hace menos de 1 h';
  if (horas < 48) return `hace ${Math.floor(horas)} h`;
  return `hace ${Math.floor(horas / 24)} días`;
}

/** How one period compares with the one before, in words and a sign: '+12 % vs. ayer'. */
export function variacion(actual: number, anterior: number, contra: string): string {
  if (anterior === 0) return actual === 0 ? `igual que ${contra}` : `sin ventas ${contra}`;
  const cambio = Math.round(((actual - anterior) / anterior) * 100);
  if (cambio === 0) return `igual que ${contra}`;
  return `${cambio > 0 ? '+' : '−'}${Math.abs(cambio)} % vs. ${contra}`;
}

/**
 * An order's state as staff read it. Not the shopper's badge (ESTADO_PEDIDO_TEXTO says 'Pendiente de pago'):
 * a paid order waits in PENDIENTE until it is prepared, and the desk shows whether it is paid beside it.
 */
export const ESTADO_PANEL: Record<EstadoPedido, string> = {
  PENDIENTE: 'Pendiente',
  'EN PREPARACION': 'En preparación',
  'EN TRANSITO': 'En tránsito',
  'LISTO PARA RECOGER': 'Listo para recoger',
  ENTREGADO: 'Entregado',
  CANCELADO: 'Cancelado',
};

/** A payment method's name from its id ('yape' → 'Yape'); an unknown id as it came. */
export const nombreMetodo = (id: string) => METODOS_PAGO.find((metodo) => metodo.id === id)?.nombre ?? id;
