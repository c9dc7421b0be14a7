/** Writing CSV (RFC 4180): the catalogue import's test files and benchmark, and the complaint book's export. */

/** A value as a CSV field: quoted when it holds the separator, a quote or a line break. */
export function csvField(value: string, separador = ','): string {
  return /["\r\n]/.test(value) || value.includes(separador) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A text a spreadsheet must show as text, whichever separator it splits at (`,`, the file's, or `;`, Excel's in
 * Peru): one that starts like a formula (=, +, -, @, a tab or a carriage return) gets a leading apostrophe, and so
 * does each part after a `;` that would; a text holding `;` is quoted like one holding the comma. Only for texts
 * people typed: a signed amount is written as it is.
 */
export function csvTexto(value: string): string {
  const desarmado = value.replace(/^(?=[=+\-@\t\r])/, "'").replace(/;(?=[ "]*[=+\-@\t\r])/g, ";'");
  const campo = csvField(desarmado);
  return campo === desarmado && desarmado.includes(';') ? `"${desarmado}"` : campo;
}
