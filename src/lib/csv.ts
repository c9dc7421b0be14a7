/** Writing CSV (RFC 4180): the catalogue import's test files and benchmark, and the complaint book's export. */

/** A value as a CSV field: quoted when it holds the separator, a quote or a line break. */
export function csvField(value: string, separador = ','): string {
  return /["\r\n]/.test(value) || value.includes(separador) ? `"${value.replace(/"/g, '""')}"` : value;
}
