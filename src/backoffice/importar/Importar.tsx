import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { FORMATOS_EXPORTACION, type FormatoExportacion } from '../../lib/api/fotos-schemas.ts';
import type { FilaImportacion, RespuestaImportacion, ResultadoFila } from '../../lib/api/operator-schemas.ts';
import { ArchivoCatalogoError, imagenesDelNavegador, leerCatalogo, lotesImportacion } from '../../lib/catalogue/import-file.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { Aviso, Pantalla } from '../marco/Pantalla.tsx';

/** A file read in the browser: its rows to send, and those refused before any call. */
interface Archivo {
  nombre: string;
  filas: FilaImportacion[];
  rechazadas: Map<number, string>;
}

/** A check (simulacro) or an import under way or done: each row's result so far. */
interface Pasada {
  simulacro: boolean;
  hechas: number;
  total: number;
  resultados: Map<number, ResultadoFila>;
  nuevas: RespuestaImportacion['nuevas'];
  terminada: boolean;
  /** Why it stopped before the end (a batch the shop refused as a whole). */
  interrumpida?: string;
}

const entero = (n: number) => n.toLocaleString('es-PE');
/** Rows shown in the report (the rejected first, then those that change), at most this many. */
const FILAS_EN_INFORME = 200;

const NOMBRE_RESULTADO: Record<ResultadoFila['resultado'], [string, string]> = {
  creado: ['Se crearía', 'Creado'],
  actualizado: ['Se actualizaría', 'Actualizado'],
  'sin cambios': ['Sin cambios', 'Sin cambios'],
  rechazado: ['Rechazada', 'Rechazada'],
};

/** The counts of a pass, as `npm run shop -- importar` prints them. */
function cifras(pasada: Pasada) {
  const cuenta = (resultado: ResultadoFila['resultado']) =>
    [...pasada.resultados.values()].filter((uno) => uno.resultado === resultado).length;
  return {
    creados: cuenta('creado'),
    actualizados: cuenta('actualizado'),
    sinCambios: cuenta('sin cambios'),
    rechazados: cuenta('rechazado'),
  };
}

function resumen(pasada: Pasada, nombre: string): string {
  const { creados, actualizados, sinCambios, rechazados } = cifras(pasada);
  const verbo = pasada.simulacro ? ['se crearían', 'se actualizarían'] : ['creados', 'actualizados'];
  const texto = `${entero(creados)} ${verbo[0]}, ${entero(actualizados)} ${verbo[1]}, ${entero(sinCambios)} sin cambios, ${entero(rechazados)} rechazados`;
  return pasada.simulacro ? `Revisión de ${nombre} (no se escribió nada): ${texto}.` : `Importación de ${nombre}: ${texto}.`;
}

function nuevasTexto(pasada: Pasada): string {
  const { nuevas } = pasada;
  const partes = [
    nuevas.marcas.length ? `marcas ${nuevas.marcas.join(', ')}` : '',
    nuevas.lineas.length ? `líneas ${nuevas.lineas.join(', ')}` : '',
    nuevas.categorias.length ? `categorías ${nuevas.categorias.join(', ')}` : '',
    nuevas.subcategorias.length ? `subcategorías ${nuevas.subcategorias.join(', ')}` : '',
  ].filter(Boolean);
  return partes.length ? `${pasada.simulacro ? 'Se crearían' : 'Nuevas'}: ${partes.join('; ')}.` : '';
}

/**
 * 'Importar y exportar' (issue 37): the catalogue import of `npm run shop -- importar` in the browser.
 * The owner picks a CSV or JSON file; the browser reads it with the CLI's own reader
 * (lib/catalogue/import-file.ts); 'Revisar el archivo' sends it as a dry run (simulacro) and shows
 * each row's result in Spanish; 'Importar' then writes it in batches (POST /admin/api/importar, one
 * transaction each) with a progress bar. Photos must already be in the shop (/imagenes/…): a browser
 * cannot read a file of the computer by its path. The export downloads the catalogue in the import's
 * columns (CSV for a spreadsheet, or JSON), so a file edited and imported again round-trips.
 */
export default function Importar() {
  const cliente = useCliente();
  const id = useId();
  const [archivo, setArchivo] = useState<Archivo | null>(null);
  const [pasada, setPasada] = useState<Pasada | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formato, setFormato] = useState<FormatoExportacion>('csv');
  const [archivados, setArchivados] = useState(false);
  const [exportando, setExportando] = useState(false);
  const [exportado, setExportado] = useState<string | null>(null);
  const [errorExportar, setErrorExportar] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function elegir(elegido: File | undefined) {
    setError(null);
    setPasada(null);
    setArchivo(null);
    if (!elegido) return;
    try {
      const leido = leerCatalogo(await elegido.text(), elegido.name);
      if (leido.filas.length === 0) throw new ArchivoCatalogoError(`${elegido.name} no tiene filas de productos.`);
      imagenesDelNavegador(leido, location.origin);
      setArchivo({ nombre: elegido.name, ...leido });
    } catch (problema) {
      if (!(problema instanceof ArchivoCatalogoError)) throw problema;
      setError(problema.message);
    }
  }

  async function pasar(simulacro: boolean) {
    if (!archivo) return;
    setError(null);
    const resultados = new Map<number, ResultadoFila>();
    for (const [fila, motivo] of archivo.rechazadas) resultados.set(fila, { fila, resultado: 'rechazado', motivo });
    const enviar = archivo.filas.filter((fila) => !archivo.rechazadas.has(fila.fila));
    let actual: Pasada = {
      simulacro,
      hechas: archivo.rechazadas.size,
      total: archivo.filas.length,
      resultados,
      nuevas: { marcas: [], lineas: [], categorias: [], subcategorias: [] },
      terminada: false,
    };
    setPasada(actual);
    for (const lote of lotesImportacion(enviar)) {
      let respuesta: RespuestaImportacion;
      try {
        respuesta = await cliente.importBatch(lote, simulacro);
      } catch (problema) {
        const hecho = cifras(actual);
        actual = {
          ...actual,
          terminada: true,
          interrumpida:
            `${simulacro ? 'Revisión' : 'Importación'} interrumpida en la fila ${lote[0]!.fila}: ${mensajeDe(problema)} ` +
            (simulacro
              ? 'Vuelve a intentarlo.'
              : `Antes de ella: ${hecho.creados} creados, ${hecho.actualizados} actualizados, ${hecho.sinCambios} sin cambios; ese lote no se escribió. Vuelve a importar el archivo: lo ya importado saldrá sin cambios.`),
        };
        setPasada(actual);
        return;
      }
      const siguientes = new Map(actual.resultados);
      for (const resultado of respuesta.resultados) siguientes.set(resultado.fila, resultado);
      const nuevas = { ...actual.nuevas };
      for (const clave of Object.keys(nuevas) as (keyof typeof nuevas)[])
        nuevas[clave] = [...new Set([...nuevas[clave], ...respuesta.nuevas[clave]])];
      actual = { ...actual, hechas: actual.hechas + lote.length, resultados: siguientes, nuevas };
      setPasada(actual);
    }
    actual = { ...actual, hechas: actual.total, terminada: true };
    setPasada(actual);
  }

  async function exportar() {
    setExportando(true);
    setExportado(null);
    setErrorExportar(null);
    try {
      const { nombre, datos } = await cliente.exportCatalogue(archivados ? { archivados: 'todos' } : {}, formato);
      const url = URL.createObjectURL(datos);
      const enlace = document.createElement('a');
      enlace.href = url;
      enlace.download = nombre;
      document.body.append(enlace);
      enlace.click();
      enlace.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setExportado(`Se descargó ${nombre}.`);
    } catch (problema) {
      setErrorExportar(mensajeDe(problema));
    } finally {
      setExportando(false);
    }
  }

  const enCurso = pasada !== null && !pasada.terminada;
  const revisado = pasada?.simulacro && pasada.terminada && !pasada.interrumpida;
  const aEnviar = archivo ? archivo.filas.length - archivo.rechazadas.size : 0;
  // What needs the owner first: rejected rows, then what changes; unchanged rows are only counted in the summary.
  const ORDEN: Record<ResultadoFila['resultado'], number> = { rechazado: 0, creado: 1, actualizado: 1, 'sin cambios': 2 };
  const filasInforme = pasada
    ? [...pasada.resultados.values()]
        .filter((uno) => uno.resultado !== 'sin cambios')
        .sort((a, b) => ORDEN[a.resultado] - ORDEN[b.resultado] || a.fila - b.fila)
    : [];

  return (
    <Pantalla titulo="Importar y exportar" acciones={<Link href="/productos">Volver a productos</Link>}>
      <section className="card bo-importar" aria-labelledby={`${id}-importar`}>
        <h2 id={`${id}-importar`}>Importar productos</h2>
        <p>
          Un archivo CSV (de Excel o Google Sheets) o JSON con las columnas de la importación: el mismo que exporta esta página. Cada fila
          crea un producto o actualiza el de su SKU.
        </p>
        <p className="bo-nota">
          Fotos: escribe su dirección en la tienda (/imagenes/…). El navegador no puede leer los archivos de tu computadora por su ruta:
          sube las fotos nuevas en la ficha del producto (Agregar fotos), o importa con npm run shop -- importar, que sí las sube.
        </p>
        <div className="bo-importar__archivo">
          <label htmlFor={`${id}-archivo`}>Archivo del catálogo (CSV o JSON)</label>
          <input
            ref={input}
            id={`${id}-archivo`}
            type="file"
            accept=".csv,.json,.txt,text/csv,application/json"
            disabled={enCurso}
            onChange={(event) => void elegir(event.currentTarget.files?.[0])}
          />
        </div>
        <Aviso error={error} />
        {archivo && (
          <>
            <p>
              <strong>{archivo.nombre}</strong>: {entero(archivo.filas.length)} {archivo.filas.length === 1 ? 'fila' : 'filas'}
              {archivo.rechazadas.size > 0 && `, ${entero(archivo.rechazadas.size)} con problemas que se ven en el informe`}.
            </p>
            <div className="bo-acciones">
              <button type="button" className="btn btn--outline" disabled={enCurso} onClick={() => void pasar(true)}>
                Revisar el archivo
              </button>
              {revisado && aEnviar > 0 && (
                <button type="button" className="btn" disabled={enCurso} onClick={() => void pasar(false)}>
                  Importar {entero(aEnviar)} {aEnviar === 1 ? 'fila' : 'filas'}
                </button>
              )}
            </div>
          </>
        )}
        {pasada && archivo && (
          <div className="bo-importar__pasada">
            <div className="bo-importar__progreso">
              <progress
                aria-label={pasada.simulacro ? 'Revisión del archivo' : 'Importación'}
                value={pasada.hechas}
                max={Math.max(pasada.total, 1)}
              />
              <span>
                {entero(pasada.hechas)} de {entero(pasada.total)} filas
              </span>
            </div>
            <div aria-live="polite">
              {pasada.interrumpida ? (
                <p role="alert">{pasada.interrumpida}</p>
              ) : pasada.terminada ? (
                <>
                  <p>
                    <strong>{resumen(pasada, archivo.nombre)}</strong>
                  </p>
                  {nuevasTexto(pasada) && <p>{nuevasTexto(pasada)}</p>}
                  {pasada.simulacro && aEnviar > 0 && (
                    <p className="bo-nota">Si está bien, pulsa «Importar»: las filas rechazadas no se escriben.</p>
                  )}
                </>
              ) : (
                <p>{pasada.simulacro ? 'Revisando…' : 'Importando…'}</p>
              )}
            </div>
            {filasInforme.length > 0 && (
              <div className="bo-tabla-marco">
                <table className="bo-tabla bo-importar__informe">
                  <caption className="visually-hidden">Resultado por fila</caption>
                  <thead>
                    <tr>
                      <th scope="col">Fila</th>
                      <th scope="col">Resultado</th>
                      <th scope="col">Detalle</th>
                    </tr>
                  </thead>
                  <tbody>
                    {filasInforme.slice(0, FILAS_EN_INFORME).map((uno) => (
                      <tr key={uno.fila} className={uno.resultado === 'rechazado' ? 'bo-importar__rechazada' : undefined}>
                        <td>{uno.fila}</td>
                        <td>{NOMBRE_RESULTADO[uno.resultado][pasada.simulacro ? 0 : 1]}</td>
                        <td>
                          {uno.motivo ?? (uno.cambios?.length ? `Cambia: ${uno.cambios.join(', ')}` : '')}
                          {!pasada.simulacro && uno.idProducto !== undefined && uno.resultado !== 'rechazado' && (
                            <>
                              {' '}
                              <Link href={`/productos/${uno.idProducto}`}>Ver producto {uno.idProducto}</Link>
                            </>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {filasInforme.length > FILAS_EN_INFORME && (
                  <p className="bo-nota">… y {entero(filasInforme.length - FILAS_EN_INFORME)} filas más.</p>
                )}
              </div>
            )}
          </div>
        )}
      </section>

      <section className="card bo-importar" aria-labelledby={`${id}-exportar`}>
        <h2 id={`${id}-exportar`}>Exportar el catálogo</h2>
        <p>
          Descarga los productos con las columnas de la importación: edítalo en una hoja de cálculo e impórtalo de nuevo aquí. Las ventas de
          mientras tanto no se deshacen: el archivo guarda el stock que había al descargarlo (stock_descargado).
        </p>
        <fieldset className="bo-alternativas">
          <legend>Formato</legend>
          {FORMATOS_EXPORTACION.map((uno) => (
            <label key={uno} className="bo-casilla">
              <input type="radio" name={`${id}-formato`} value={uno} checked={formato === uno} onChange={() => setFormato(uno)} />
              {uno === 'csv' ? 'CSV (Excel, Google Sheets)' : 'JSON'}
            </label>
          ))}
        </fieldset>
        <label className="bo-casilla">
          <input type="checkbox" checked={archivados} onChange={(event) => setArchivados(event.currentTarget.checked)} />
          Incluir los productos archivados
        </label>
        <div className="bo-acciones">
          <button type="button" className="btn" disabled={exportando} onClick={() => void exportar()}>
            {exportando ? 'Preparando el archivo…' : 'Descargar el catálogo'}
          </button>
        </div>
        <Aviso error={errorExportar} ok={exportado} />
      </section>
    </Pantalla>
  );
}
