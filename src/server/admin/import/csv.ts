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
  const records: CsvRegistro[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let fieldWasQuoted = false;
  let fila = 1;
  let inicioCampo = 1;
  const endRecord = () => {
    fields.push(field);
    records.push({ fila, celdas: fields });
    fields = [];
    field = '';
    fieldWasQuoted = false;
    fila++;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += char;
      continue;
    }
    if (char === '"') {
      if (field === '' && !fieldWasQuoted) {
        quoted = true;
        fieldWasQuoted = true;
        inicioCampo = fila;
      } else field += char; // a stray quote inside an unquoted field is kept as text
    } else if (char === separador) {
      fields.push(field);
      field = '';
      fieldWasQuoted = false;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else field += char;
  }
  if (quoted) throw new CsvError(`Hay una comilla (") sin cerrar en la fila ${inicioCampo}.`);
  if (field !== '' || fields.length > 0 || fieldWasQuoted) endRecord();
  const [cabecera, ...resto] = records;
  if (!cabecera || cabecera.celdas.every((celda) => celda.trim() === '')) throw new CsvError('El archivo está vacío: la primera fila debe ser la cabecera con los nombres de las columnas.');
  return {
    separador,
    cabecera: cabecera.celdas.map((celda) => celda.trim()),
    registros: resto.filter((registro) => registro.celdas.some((celda) => celda.trim() !== '')),
  };
}

/** A value as a CSV field: quoted when it holds the separator, a quote or a line break. */
export function csvField(value: string, separador = ','): string {
  return /["\r\n]/.test(value) || value.includes(separador) ? `"${value.replace(/"/g, '""')}"` : value;
}
