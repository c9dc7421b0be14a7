import { vigente } from '../../lib/home/programacion.ts';

/** Lima keeps UTC−5 all year (no summer time): the form's local times are Lima's. */
const LIMA_MS = -5 * 3_600_000;

/** An instant as a datetime-local input shows it in Lima ('2026-12-01T09:00'); '' for none. */
export const aLocalLima = (iso: string | null) => (iso ? new Date(Date.parse(iso) + LIMA_MS).toISOString().slice(0, 16) : '');

/** A datetime-local value read as Lima's time, as the API takes it ('2026-12-01T09:00:00-05:00'); null when empty. */
export const deLocalLima = (local: string) => (local ? `${local}:00-05:00` : null);

const CUANDO = new Intl.DateTimeFormat('es-PE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Lima' });

/** Where a scheduled item stands now, in words for the list. */
export function estadoProgramado(
  item: { desde: string | null; hasta: string | null },
  ahora = Date.now(),
): { clave: 'en-curso' | 'programado' | 'terminado'; texto: string } {
  if (vigente(item, ahora))
    return { clave: 'en-curso', texto: item.hasta ? `En la tienda hasta el ${CUANDO.format(new Date(item.hasta))}` : 'En la tienda' };
  if (item.desde && Date.parse(item.desde) > ahora)
    return { clave: 'programado', texto: `Programado: desde el ${CUANDO.format(new Date(item.desde))}` };
  return { clave: 'terminado', texto: `Terminó el ${CUANDO.format(new Date(item.hasta!))}` };
}
