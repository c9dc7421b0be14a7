/** A real calendar day written YYYY-MM-DD (2030-02-30 is none). */
export const esFechaIso = (dia: string) =>
  /^\d{4}-\d\d-\d\d$/.test(dia) && new Date(Date.parse(`${dia}T00:00:00Z`) || 0).toISOString().startsWith(dia);

/** Lima's offset from UTC: 5 hours behind, all year (Peru keeps no daylight saving). */
export const LIMA_OFFSET_MS = 5 * 60 * 60 * 1000;

/** A date (YYYY-MM-DD or ISO) as Peruvians write it: 21/11/2026. */
export function formatFecha(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** The Lima calendar date (YYYY-MM-DD) of an instant, or a YYYY-MM-DD date as given. */
export function fechaLima(fecha: Date | string): string {
  if (typeof fecha === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(fecha)) return fecha;
  const instante = typeof fecha === 'string' ? new Date(fecha) : fecha;
  return new Date(instante.getTime() - LIMA_OFFSET_MS).toISOString().slice(0, 10);
}

/** An instant as Lima reads it in full, for e-mails: '26 de noviembre de 2026, 09:48'. */
export const fechaHoraLarga = (fecha: Date | string) =>
  new Intl.DateTimeFormat('es-PE', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Lima' }).format(
    typeof fecha === 'string' ? new Date(fecha) : fecha,
  );
