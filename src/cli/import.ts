import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, resolve } from 'node:path';
import { LIMITES, OPERACIONES } from '../lib/tienda.ts';
import type { OperatorClient } from '../lib/api/operator-client.ts';
import type { FilaImportacion, RespuestaImportacion, ResultadoFila } from '../lib/api/operator-schemas.ts';
import { detectType, megas } from '../lib/catalogue/image-files.ts';
import { FORMATOS } from '../lib/catalogue/image-urls.ts';
import { columnaDe, COLUMNAS, COLUMNAS_IMAGEN, type Columna } from '../lib/catalogue/import-columns.ts';
import { CliError } from './errors.ts';
import { columns, formatDuracion, formatEntero, progressBar } from './format.ts';
import type { ShopCliDeps } from './deps.ts';
import { CsvError, parseCsv } from './csv.ts';

/**
 * `npm run shop -- importar ARCHIVO [--dry-run]`: reads a catalogue CSV or JSON, uploads the local
 * photos it names to the shop's image store (only those the store does not hold yet), then sends the
 * rows in batches to the operator API, which validates, matches and writes each batch in one
 * transaction. Prints a progress bar (a terminal) or periodic lines, the rejected rows with their
 * reasons, and a summary.
 */

export interface ResumenImportacion {
  creados: number;
  actualizados: number;
  sinCambios: number;
  rechazados: number;
  filas: number;
  segundos: number;
}

interface Leido {
  filas: FilaImportacion[];
  /** Rows refused before any call (shape, images), by row number. */
  rechazadas: Map<number, string>;
}

const FORMATO_JSON = 'El JSON debe ser una lista de productos (objetos con las columnas de la importación) o { "productos": [...] }.';

/** The file's rows with their values by column; headers are matched leniently (lib/catalogue/import-columns.ts), unknown ones refused. */
export function leerArchivo(file: string): Leido {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new CliError(`No se pudo leer ${file}.`);
  }
  const ext = extname(file).toLowerCase();
  const rechazadas = new Map<number, string>();
  if (ext === '.json') {
    let data: unknown;
    try {
      data = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new CliError(`${file} no es un JSON válido: ${(error as Error).message}`);
    }
    const lista = Array.isArray(data) ? data : (data as { productos?: unknown })?.productos;
    if (!Array.isArray(lista)) throw new CliError(FORMATO_JSON);
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
  if (ext !== '.csv' && ext !== '.txt') throw new CliError(`${file}: el catálogo debe ser un archivo .csv o .json.`);
  let csv;
  try {
    csv = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw new CliError(`${file}: ${error.message}`);
    throw error;
  }
  const mapa = csv.cabecera.map((header) => ({ header, columna: columnaDe(header) }));
  const desconocidas = mapa.filter((m) => m.columna === undefined && m.header !== '').map((m) => m.header);
  if (desconocidas.length) throw columnasDesconocidas(desconocidas);
  const vistas = new Map<Columna, string>();
  for (const { header, columna } of mapa) {
    if (!columna) continue;
    if (vistas.has(columna))
      throw new CliError(`Las columnas "${vistas.get(columna)}" y "${header}" son la misma (${columna}): deja solo una.`);
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

const columnasDesconocidas = (nombres: string[]) =>
  new CliError(
    `Columna(s) desconocida(s): ${nombres.join(', ')}. Las columnas válidas son: ${COLUMNAS.join(', ')} (docs/operations.md las describe, «The catalogue import»).`,
  );

interface ArchivoLocal {
  ruta: string;
  sha256: string;
  tipo: keyof typeof FORMATOS;
  bytes: Buffer;
}

/** The image references of a value: a comma-separated text or a list. */
const referencias = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : []).map((ref) => ref.trim()).filter(Boolean);

/**
 * Turns the rows' image references into paths the shop serves: local files (relative to the file's
 * folder, or absolute) are uploaded unless the store has them; the shop's own URLs become paths;
 * other paths starting with / are kept. A row whose image cannot be read or stored is refused.
 */
async function subirImagenes(
  file: string,
  leido: Leido,
  cliente: OperatorClient,
  deps: ShopCliDeps,
  simulacro: boolean,
  origen: string | undefined,
): Promise<{ subidas: number; yaEstaban: number }> {
  const carpeta = dirname(resolve(file));
  const locales = new Map<string, ArchivoLocal | { error: string }>();
  const leer = (ref: string): ArchivoLocal | { error: string } => {
    const ruta = isAbsolute(ref) ? ref : resolve(carpeta, ref);
    const cached = locales.get(ruta);
    if (cached) return cached;
    let result: ArchivoLocal | { error: string };
    const bytes = readFileSync(ruta);
    const tipo = detectType(bytes);
    if (bytes.length === 0) result = { error: `La imagen ${ref} está vacía.` };
    else if (!tipo || tipo.startsWith('video/')) result = { error: `${ref} no es una imagen JPEG, PNG, WebP, AVIF, GIF o SVG.` };
    else result = { ruta, sha256: createHash('sha256').update(bytes).digest('hex'), tipo, bytes };
    locales.set(ruta, result);
    return result;
  };
  // First pass: what each row refers to.
  const porFila = new Map<FilaImportacion, Map<Columna, (string | ArchivoLocal)[]>>();
  for (const fila of leido.filas) {
    if (leido.rechazadas.has(fila.fila)) continue;
    const refs = new Map<Columna, (string | ArchivoLocal)[]>();
    for (const columna of COLUMNAS_IMAGEN) {
      if (!(columna in fila.valores)) continue;
      const items: (string | ArchivoLocal)[] = [];
      for (const ref of referencias(fila.valores[columna])) {
        const url = /^https?:\/\//i.test(ref) && URL.canParse(ref) ? new URL(ref) : undefined;
        if (url && origen && url.origin === origen) items.push(url.pathname);
        else if (url) {
          leido.rechazadas.set(
            fila.fila,
            `La imagen ${ref} no es de la tienda: guarda el archivo junto al catálogo y nómbralo por su ruta (por ejemplo fotos/${basename(url.pathname) || 'foto.jpg'}).`,
          );
          break;
        } else {
          const ruta = isAbsolute(ref) ? ref : resolve(carpeta, ref);
          if (existsSync(ruta) && statSync(ruta).isFile()) {
            const local = leer(ref);
            if ('error' in local) {
              leido.rechazadas.set(fila.fila, local.error);
              break;
            }
            items.push(local);
          } else if (ref.startsWith('/')) items.push(ref);
          else {
            leido.rechazadas.set(
              fila.fila,
              `No se encontró la imagen ${ref} (las rutas son relativas a la carpeta de ${basename(file)}: ${carpeta}).`,
            );
            break;
          }
        }
      }
      refs.set(columna, items);
    }
    if (!leido.rechazadas.has(fila.fila)) porFila.set(fila, refs);
  }

  // The store's copies: ask once which it has, upload the rest one by one.
  const archivos = new Map<string, ArchivoLocal>();
  for (const local of locales.values()) if (!('error' in local)) archivos.set(local.sha256, local);
  const urls = new Map<string, string>();
  const fallidas = new Map<string, string>();
  const shas = [...archivos.keys()];
  for (let i = 0; i < shas.length; i += 1000) {
    const { existentes } = await cliente.storedImages(shas.slice(i, i + 1000));
    for (const [sha, url] of Object.entries(existentes)) urls.set(sha, url);
  }
  const yaEstaban = urls.size;
  const pendientes = [...archivos.values()].filter((a) => !urls.has(a.sha256));
  let subidas = 0;
  for (const archivo of pendientes) {
    if (simulacro) {
      // A dry run uploads nothing: the row is checked against a placeholder path instead.
      urls.set(archivo.sha256, `/subida-pendiente/${archivo.sha256}.${FORMATOS[archivo.tipo]}`);
      subidas++;
      continue;
    }
    if (archivo.bytes.length > LIMITES.imagenMaximaBytes * 4) {
      fallidas.set(archivo.sha256, `${basename(archivo.ruta)} pesa ${megas(archivo.bytes.length)}: demasiado para subirla.`);
      continue;
    }
    try {
      const { url } = await cliente.uploadImage(basename(archivo.ruta), archivo.bytes.toString('base64'));
      urls.set(archivo.sha256, url);
      subidas++;
      if (deps.progress?.tty && pendientes.length > 5) deps.progress.write(`\rSubiendo imágenes: ${subidas}/${pendientes.length}\x1b[K`);
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      // A refused file (too large, unreadable) refuses its rows; a shop that stopped answering stops the import.
      if (/No se pudo conectar/.test(error.message)) throw error;
      fallidas.set(archivo.sha256, error.message);
    }
  }
  if (deps.progress?.tty && pendientes.length > 5 && !simulacro) deps.progress.write('\n');

  // Second pass: the rows' values with paths only.
  for (const [fila, refs] of porFila) {
    for (const [columna, items] of refs) {
      const fallo = items.find((item): item is ArchivoLocal => typeof item !== 'string' && fallidas.has(item.sha256));
      if (fallo) {
        leido.rechazadas.set(fila.fila, fallidas.get(fallo.sha256)!);
        break;
      }
      fila.valores[columna] = items.map((item) => (typeof item === 'string' ? item : urls.get(item.sha256)!)).join(',');
    }
  }
  return { subidas, yaEstaban };
}

/** Batches of rows: at most `filasPorLote` rows and well under the API's body limit. */
function lotes(filas: FilaImportacion[]): FilaImportacion[][] {
  const maximo = LIMITES.loteImportacionBytes * 0.8;
  const result: FilaImportacion[][] = [];
  let actual: FilaImportacion[] = [];
  let bytes = 0;
  for (const fila of filas) {
    const size = Buffer.byteLength(JSON.stringify(fila));
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

/** Runs the import; answers its summary (the caller's exit code is 1 when rows were rejected). */
export async function importar(
  file: string | undefined,
  simulacro: boolean,
  cliente: OperatorClient,
  deps: ShopCliDeps,
): Promise<ResumenImportacion> {
  if (!file) throw new CliError('Indica el archivo del catálogo, por ejemplo: npm run shop -- importar ejemplos/catalogo.csv');
  const inicio = performance.now();
  const leido = leerArchivo(file);
  if (leido.filas.length === 0) throw new CliError(`${file} no tiene filas de productos.`);
  const origen = URL.canParse(deps.baseUrl) ? new URL(deps.baseUrl).origin : undefined;
  const imagenes = await subirImagenes(file, leido, cliente, deps, simulacro, origen);

  const resultados = new Map<number, ResultadoFila>();
  for (const [fila, motivo] of leido.rechazadas) resultados.set(fila, { fila, resultado: 'rechazado', motivo });
  const enviar = leido.filas.filter((fila) => !leido.rechazadas.has(fila.fila));
  const total = leido.filas.length;
  const nuevas: RespuestaImportacion['nuevas'] = { marcas: [], lineas: [], categorias: [], subcategorias: [] };
  const mostrarProgreso = deps.progress && total >= OPERACIONES.filasParaProgreso;
  let ultimaLinea = performance.now();
  const progreso = (hechas: number, final = false) => {
    if (!mostrarProgreso) return;
    const ms = performance.now() - inicio;
    if (deps.progress!.tty) deps.progress!.write(`\r${progressBar(hechas, total, ms)}\x1b[K${final ? '\n' : ''}`);
    else if (final || performance.now() - ultimaLinea >= OPERACIONES.progresoCadaMs) {
      deps.progress!.write(`${progressBar(hechas, total, ms, false)}\n`);
      ultimaLinea = performance.now();
    }
  };
  let hechas = leido.rechazadas.size;
  progreso(hechas);
  for (const lote of lotes(enviar)) {
    let respuesta: RespuestaImportacion;
    try {
      respuesta = await cliente.importBatch(lote, simulacro, basename(file));
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      if (mostrarProgreso && deps.progress!.tty) deps.progress!.write('\n');
      const hecho = resumen(resultados, total, inicio);
      throw new CliError(
        `Importación interrumpida en la fila ${lote[0]!.fila}: ${error.message}\n` +
          `Antes de ella: ${hecho.creados} creados, ${hecho.actualizados} actualizados, ${hecho.sinCambios} sin cambios (ya están en la tienda); ` +
          'ese lote no se escribió. Vuelve a importar el archivo: lo ya importado saldrá sin cambios.',
      );
    }
    for (const resultado of respuesta.resultados) resultados.set(resultado.fila, resultado);
    for (const key of Object.keys(nuevas) as (keyof typeof nuevas)[])
      nuevas[key] = [...new Set([...nuevas[key], ...respuesta.nuevas[key]])];
    hechas += lote.length;
    progreso(hechas);
  }
  progreso(total, true);

  const sumario = resumen(resultados, total, inicio);
  const rechazadas = [...resultados.values()].filter((r) => r.resultado === 'rechazado').sort((a, b) => a.fila - b.fila);
  const lineas: string[] = [];
  if (rechazadas.length) {
    const mostradas = rechazadas.slice(0, 200);
    lineas.push(
      `Filas rechazadas (${formatEntero(rechazadas.length)}):`,
      columns(mostradas.map((r) => [`  Fila ${r.fila}`, r.motivo ?? ''])),
    );
    if (rechazadas.length > mostradas.length) lineas.push(`  … y ${formatEntero(rechazadas.length - mostradas.length)} más.`);
    lineas.push('');
  }
  const verbo = simulacro ? ['se crearían', 'se actualizarían'] : ['creados', 'actualizados'];
  const cifras = `${formatEntero(sumario.creados)} ${verbo[0]}, ${formatEntero(sumario.actualizados)} ${verbo[1]}, ${formatEntero(sumario.sinCambios)} sin cambios, ${formatEntero(sumario.rechazados)} rechazados`;
  const ritmo = `${formatEntero(total)} filas en ${formatDuracion(sumario.segundos * 1000)}, ${formatEntero(Math.round(total / Math.max(sumario.segundos, 0.001)))} filas/s`;
  lineas.push(
    simulacro
      ? `Simulacro de ${basename(file)} (no se escribió nada): ${cifras} (${ritmo}).`
      : `Importación de ${basename(file)}: ${cifras} (${ritmo}).`,
  );
  const nuevasTexto = [
    nuevas.marcas.length ? `marcas ${nuevas.marcas.join(', ')}` : '',
    nuevas.lineas.length ? `líneas ${nuevas.lineas.join(', ')}` : '',
    nuevas.categorias.length ? `categorías ${nuevas.categorias.join(', ')}` : '',
    nuevas.subcategorias.length ? `subcategorías ${nuevas.subcategorias.join(', ')}` : '',
  ].filter(Boolean);
  if (nuevasTexto.length) lineas.push(`${simulacro ? 'Se crearían' : 'Nuevas'}: ${nuevasTexto.join('; ')}.`);
  if (imagenes.subidas || imagenes.yaEstaban)
    lineas.push(`Imágenes: ${imagenes.subidas} ${simulacro ? 'por subir' : 'subidas'}, ${imagenes.yaEstaban} ya estaban en la tienda.`);
  deps.out(lineas.join('\n'));
  return sumario;
}

function resumen(resultados: Map<number, ResultadoFila>, total: number, inicio: number): ResumenImportacion {
  const count = (resultado: ResultadoFila['resultado']) => [...resultados.values()].filter((r) => r.resultado === resultado).length;
  return {
    creados: count('creado'),
    actualizados: count('actualizado'),
    sinCambios: count('sin cambios'),
    rechazados: count('rechazado'),
    filas: total,
    segundos: (performance.now() - inicio) / 1000,
  };
}
