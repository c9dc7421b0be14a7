import type { FilaImportacion } from '../api/operator-schemas.ts';
import { LIMITES, OPERACIONES } from '../tienda.ts';
import { CsvError, parseCsv } from './csv.ts';
import { columnaDe, COLUMNAS, COLUMNAS_IMAGEN, type Columna } from './import-columns.ts';

/**
 * Reading a catalogue file (CSV or JSON) into the import's rows, shared by `npm run shop -- importar`
 * (src/cli/import.ts, which reads the file from disk) and the back office's import (issue 37), which
 * reads it in the browser: the same headers, the same checks, the same Spanish messages.
 */

/** A file the import cannot read at all (its message names the file), as opposed to a row it refuses. */
export class ArchivoCatalogoError extends Error {}

export interface CatalogoLeido {
  filas: FilaImportacion[];
  /** Rows refused before any call (shape, images), by row number. */
  rechazadas: Map<number, string>;
}

const FORMATO_JSON = 'El JSON debe ser una lista de productos (objetos con las columnas de la importación) o { "productos": [...] }.';

const columnasDesconocidas = (nombres: string[]) =>
  new ArchivoCatalogoError(
    `Columna(s) desconocida(s): ${nombres.join(', ')}. Las columnas válidas son: ${COLUMNAS.join(', ')} (docs/operations.md las describe, «The catalogue import»).`,
  );

/** The file's rows with their values by column; headers are matched leniently (import-columns.ts), unknown ones refused. `nombre` is the file's name (its extension says CSV or JSON). */
export function leerCatalogo(text: string, nombre: string): CatalogoLeido {
  const ext = /\.[^./\\]+$/.exec(nombre)?.[0].toLowerCase() ?? '';
  const rechazadas = new Map<number, string>();
  if (ext === '.json') {
    let data: unknown;
    try {
      data = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new ArchivoCatalogoError(`${nombre} no es un JSON válido: ${(error as Error).message}`);
    }
    const lista = Array.isArray(data) ? data : (data as { productos?: unknown })?.productos;
    if (!Array.isArray(lista)) throw new ArchivoCatalogoError(FORMATO_JSON);
    const desconocidas = new Set<string>();
    const filas = lista.map((item, i): FilaImportacion => {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        rechazadas.set(i + 1, 'Debe ser un objeto con las columnas del producto.');
        return { fila: i + 1, valores: {} };
      }
      const valores: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(item)) {
        const columna = columnaDe(key);
        if (columna === undefined) desconocidas.add(key);
        else if (columna !== null) valores[columna] = value;
      }
      return { fila: i + 1, valores };
    });
    if (desconocidas.size) throw columnasDesconocidas([...desconocidas]);
    return { filas, rechazadas };
  }
  if (ext !== '.csv' && ext !== '.txt') throw new ArchivoCatalogoError(`${nombre}: el catálogo debe ser un archivo .csv o .json.`);
  let csv;
  try {
    csv = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw new ArchivoCatalogoError(`${nombre}: ${error.message}`);
    throw error;
  }
  const mapa = csv.cabecera.map((header) => ({ header, columna: columnaDe(header) }));
  const desconocidas = mapa.filter((m) => m.columna === undefined && m.header !== '').map((m) => m.header);
  if (desconocidas.length) throw columnasDesconocidas(desconocidas);
  const vistas = new Map<Columna, string>();
  for (const { header, columna } of mapa) {
    if (!columna) continue;
    if (vistas.has(columna))
      throw new ArchivoCatalogoError(`Las columnas "${vistas.get(columna)}" y "${header}" son la misma (${columna}): deja solo una.`);
    vistas.set(columna, header);
  }
  const filas = csv.registros.map(({ fila, celdas }): FilaImportacion => {
    if (celdas.length > mapa.length)
      rechazadas.set(
        fila,
        `La fila tiene ${celdas.length} columnas y la cabecera ${mapa.length}: ¿una coma sin comillas dentro de un texto?`,
      );
    const valores: Record<string, unknown> = {};
    mapa.forEach(({ columna }, i) => {
      if (columna) valores[columna] = celdas[i] ?? '';
    });
    return { fila, valores };
  });
  return { filas, rechazadas };
}

/** The image references of a value: a comma-separated text or a list. */
export const referenciasImagen = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : []).map((ref) => ref.trim()).filter(Boolean);

/**
 * The rows' images for an import from the browser, which cannot read a file of the computer by its
 * path: the shop's own URLs (`origen`) become paths, paths the shop serves (/imagenes/…, /demo/…) stay,
 * and a row naming a local file or another site's image is refused, saying what to do instead.
 */
export function imagenesDelNavegador(leido: CatalogoLeido, origen: string): void {
  for (const fila of leido.filas) {
    if (leido.rechazadas.has(fila.fila)) continue;
    for (const columna of COLUMNAS_IMAGEN) {
      if (!(columna in fila.valores)) continue;
      const rutas: string[] = [];
      let motivo: string | undefined;
      for (const ref of referenciasImagen(fila.valores[columna])) {
        const url = /^https?:\/\//i.test(ref) && URL.canParse(ref) ? new URL(ref) : undefined;
        if (url && url.origin === origen) rutas.push(url.pathname);
        else if (url)
          motivo = `La imagen ${ref} no es de la tienda: súbela en la ficha del producto (Agregar fotos) y usa la dirección /imagenes/… que recibe.`;
        else if (ref.startsWith('/')) rutas.push(ref);
        else
          motivo = `La imagen ${ref} es un archivo de tu computadora: el navegador no puede leerlo por su ruta. Súbela en la ficha del producto (Agregar fotos), o importa el archivo con npm run shop -- importar, que sí sube las fotos de su carpeta.`;
        if (motivo) break;
      }
      if (motivo) {
        leido.rechazadas.set(fila.fila, motivo);
        break;
      }
      fila.valores[columna] = Array.isArray(fila.valores[columna]) ? rutas : rutas.join(',');
    }
  }
}

/** Batches of rows: at most `filasPorLote` rows and well under the API's body limit. */
export function lotesImportacion(filas: FilaImportacion[]): FilaImportacion[][] {
  const maximo = LIMITES.loteImportacionBytes * 0.8;
  const encoder = new TextEncoder();
  const result: FilaImportacion[][] = [];
  let actual: FilaImportacion[] = [];
  let bytes = 0;
  for (const fila of filas) {
    const size = encoder.encode(JSON.stringify(fila)).length;
    if (actual.length && (actual.length >= OPERACIONES.filasPorLote || bytes + size > maximo)) {
      result.push(actual);
      actual = [];
      bytes = 0;
    }
    actual.push(fila);
    bytes += size;
  }
  if (actual.length) result.push(actual);
  return result;
}
