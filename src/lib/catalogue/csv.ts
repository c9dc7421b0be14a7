/**
 * A CSV reader for catalogue imports (RFC 4180 and what spreadsheets write): a UTF-8 BOM, quoted
 * fields with commas, line breaks and doubled quotes inside, CRLF, LF or CR line ends, and `,` or `;`
 * as separator (a Spanish-locale Excel writes `;`), told apart on the header line.
 */

export interface CsvRegistro {
  /** The record's row as a spreadsheet numbers it: the header is row 1, blank rows count. */
  fila: number;
  celdas: string[];
}

export interface Csv {
  separador: ',' | ';';
  cabecera: string[];
  /** Data records, blank ones left out. */
  registros: CsvRegistro[];
}

export class CsvError extends Error {}

/** The separator of a file: the one of `,` and `;` its header line holds more of outside quotes. */
function separadorDe(text: string): ',' | ';' {
  let comas = 0;
  let puntoYComa = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') comas++;
    else if (!quoted && char === ';') puntoYComa++;
  }
  return puntoYComa > comas ? ';' : ',';
}

/** Parses a whole CSV text; a quote left open is an error naming the row where it opened. */
export function parseCsv(input: string): Csv {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const separador = separadorDe(text);
  // Scans with indexOf and a sticky pattern rather than char by char: a 10,000-row file is 12 MB.
  const sinComillas = separador === ',' ? /[^,\r\n]*/y : /[^;\r\n]*/y;
  const records: CsvRegistro[] = [];
  let fields: string[] = [];
  let fila = 1;
  let pos = 0;
  const length = text.length;
  while (pos < length || fields.length > 0) {
    let field = '';
    if (text[pos] === '"') {
      let from = pos + 1;
      let close = text.indexOf('"', from);
      while (close !== -1 && text[close + 1] === '"') {
        field += text.slice(from, close + 1);
        from = close + 2;
        close = text.indexOf('"', from);
      }
      if (close === -1) throw new CsvError(`Hay una comilla (") sin cerrar en la fila ${fila}.`);
      field += text.slice(from, close);
      pos = close + 1;
    }
    // Unquoted text (or what follows a closing quote, kept as text, as spreadsheets do).
    sinComillas.lastIndex = pos;
    const rest = sinComillas.exec(text)![0];
    field += rest;
    pos += rest.length;
    fields.push(field);
    const char = text[pos];
    if (char === separador) {
      pos++;
      continue;
    }
    // End of the record: a line break (CRLF, LF or CR) or the end of the text.
    if (char === '\r' && text[pos + 1] === '\n') pos += 2;
    else if (char === '\r' || char === '\n') pos++;
    records.push({ fila, celdas: fields });
    fields = [];
    fila++;
  }
  const [cabecera, ...resto] = records;
  if (!cabecera || cabecera.celdas.every((celda) => celda.trim() === ''))
    throw new CsvError('El archivo está vacío: la primera fila debe ser la cabecera con los nombres de las columnas.');
  return {
    separador,
    cabecera: cabecera.celdas.map((celda) => celda.trim()),
    registros: resto.filter((registro) => registro.celdas.some((celda) => celda.trim() !== '')),
  };
}
