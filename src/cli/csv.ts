// The catalogue's CSV reader lives in lib (the back office's import parses files in the browser with it, issue 37).
export { CsvError, parseCsv, type Csv, type CsvRegistro } from '../lib/catalogue/csv.ts';
