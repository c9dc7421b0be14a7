import { and, asc, gt } from 'drizzle-orm';
import type { FiltroCatalogo } from '../../../lib/api/catalogo-schemas.ts';
import type { FormatoExportacion } from '../../../lib/api/productos-schemas.ts';
import { COLUMNAS, type Columna } from '../../../lib/catalogue/import-columns.ts';
import type { Db } from '../../db/client.ts';
import { productos } from '../../db/schema/index.ts';
import { condicionCatalogo, type OpcionesFiltro } from './filtro.ts';
import { productosConNombres } from './lista.ts';

/**
 * The filtered catalogue in the import's columns (import-columns.ts), as CSV (UTF-8 with a BOM so a
 * spreadsheet reads its accents, CRLF, `,`) or JSON (a list of rows): importing the file back changes
 * nothing, and a spreadsheet edited and imported updates the products by their sku or idProducto; its
 * `stock_descargado` and `stock_total_descargado` keep the sales made meanwhile from being undone (importar.ts).
 * Read in pages by id and streamed, so 30,000 products never sit in memory at once.
 */

const LOTE = 1_000;

type Registro = Record<Columna, string | number | boolean | null>;

async function* registros(db: Db, filtro: FiltroCatalogo, opciones: OpcionesFiltro): AsyncGenerator<Registro[]> {
  const donde = condicionCatalogo(filtro, opciones);
  let desde = 0;
  for (;;) {
    const filas = await productosConNombres(db)
      .where(and(donde, gt(productos.id, desde)))
      .orderBy(asc(productos.id))
      .limit(LOTE);
    if (filas.length === 0) return;
    desde = filas.at(-1)!.p.id;
    yield filas.map(({ p, marca, categoria, linea, child }) => ({
      sku: p.sku,
      idProducto: p.id,
      nombre: p.nombre,
      descripcion: p.descripcion,
      precio: Number(p.precio),
      descuento: Number(p.descuento),
      descuentoN: Number(p.descuentoN),
      img: p.img,
      imagen: p.imagen,
      imgHover: p.imgHover,
      newores: p.newores,
      etiquetalogo: p.etiquetalogo,
      marca,
      colores: p.colores,
      tamaños: p.tamanos,
      stock: p.stock,
      stock_total: p.stockTotal,
      modouso: p.modouso,
      beneficios: p.beneficios,
      ingredientes: p.ingredientes,
      linea,
      categoria,
      child,
      fechaLlegada: p.fechaLlegada,
      sedes: p.sedes,
      tipo_piel: p.tipoPiel,
      edad: p.edad,
      inquietud_piel: p.inquietudPiel,
      esSet: p.esSet,
      visible: p.visible,
      fechaAgregado: new Date(p.fechaAgregado).toISOString(),
      stock_descargado: p.stock,
      stock_total_descargado: p.stockTotal,
    }));
    if (filas.length < LOTE) return;
  }
}

/** A CSV cell: quoted when it holds a separator, a quote, a line break or edge spaces. */
export function celdaCsv(value: string | number | boolean | null): string {
  const texto = value === null ? '' : typeof value === 'boolean' ? (value ? 'sí' : 'no') : String(value);
  return /[",;\r\n]|^\s|\s$/.test(texto) ? `"${texto.replace(/"/g, '""')}"` : texto;
}

/** The export's bytes as a stream, with the file's name and type. */
export function exportarCatalogo(
  db: Db,
  filtro: FiltroCatalogo,
  formato: FormatoExportacion,
  opciones: OpcionesFiltro = {},
): { cuerpo: ReadableStream<Uint8Array>; tipo: string; nombre: string } {
  const codificador = new TextEncoder();
  const fuente = registros(db, filtro, opciones);
  let primero = true;
  let terminado = false;
  const cuerpo = new ReadableStream<Uint8Array>({
    async pull(control) {
      if (terminado) return control.close();
      const { value, done } = await fuente.next();
      let texto = '';
      if (primero) texto += formato === 'csv' ? `\uFEFF${COLUMNAS.join(',')}\r\n` : '[';
      if (!done)
        texto +=
          formato === 'csv'
            ? value.map((r) => `${COLUMNAS.map((c) => celdaCsv(r[c])).join(',')}\r\n`).join('')
            : value.map((r, i) => `${primero && i === 0 ? '' : ','}\n${JSON.stringify(r)}`).join('');
      primero = false;
      if (done) {
        if (formato === 'json') texto += '\n]\n';
        terminado = true;
      }
      control.enqueue(codificador.encode(texto));
    },
    async cancel() {
      await fuente.return(undefined);
    },
  });
  const dia = new Date().toISOString().slice(0, 10);
  return {
    cuerpo,
    tipo: formato === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    nombre: `catalogo-${dia}.${formato}`,
  };
}
