/** A date (YYYY-MM-DD or ISO) as Peruvians write it: 21/11/2026. */
export function formatFecha(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}
