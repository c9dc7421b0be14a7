import { foldAccents } from '../text.ts';

/**
 * The columns of a catalogue import (CSV header or JSON keys): every field of the spec's Product
 * (storefront §3) plus `sku`, `linea`, `visible` and the export's `stock_descargado` and `stock_total_descargado`. Shared by `npm run shop -- importar`, which maps a
 * file's headers onto them, and the operator API, which validates each row's values.
 */
export const COLUMNAS = [
  'sku',
  'idProducto',
  'nombre',
  'descripcion',
  'precio',
  'descuento',
  'descuentoN',
  'img',
  'imagen',
  'imgHover',
  'newores',
  'etiquetalogo',
  'marca',
  'colores',
  'tamaños',
  'stock',
  'stock_total',
  'modouso',
  'beneficios',
  'ingredientes',
  'linea',
  'categoria',
  'child',
  'fechaLlegada',
  'sedes',
  'tipo_piel',
  'edad',
  'inquietud_piel',
  'esSet',
  'visible',
  'fechaAgregado',
  // Not product fields: the stock figures when the file was exported, so that importing it back never undoes a sale
  // made since (decision 0244). The export writes them; a file without them sets `stock` and `stock_total` as it says.
  'stock_descargado',
  'stock_total_descargado',
] as const;
export type Columna = (typeof COLUMNAS)[number];

/** Columns that hold image references: local files are uploaded to the image store before the rows are sent. */
export const COLUMNAS_IMAGEN = ['img', 'imagen', 'imgHover'] as const satisfies readonly Columna[];

/**
 * Fields of the API's product that an import takes from elsewhere and ignores (a `/web/listprod`
 * answer, saved as JSON, imports as it is): the brand's id comes from `marca`; the reviews' average
 * and count come from the approved reviews (issue 25); the photos' alternative texts from the product
 * form (issue 37).
 */
export const COLUMNAS_IGNORADAS = ['idMarca', 'resenasPromedio', 'resenasCantidad', 'fotosAlt'] as const;

/** A header folded for matching: lower case, no accents, letters and digits only ("Stock total" = stock_total, tamanos = tamaños). */
export const plegar = (header: string) =>
  foldAccents(header)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const POR_CLAVE = new Map<string, Columna | null>([
  ...COLUMNAS.map((columna) => [plegar(columna), columna] as const),
  ...COLUMNAS_IGNORADAS.map((columna) => [plegar(columna), null] as const),
  // Readable synonyms a spreadsheet is likely to carry.
  ['id', 'idProducto'],
  ['tamano', 'tamaños'],
  ['categoriahija', 'child'],
  ['subcategoria', 'child'],
]);

/** The column a header names, null for a known column the import ignores, undefined for an unknown one. */
export function columnaDe(header: string): Columna | null | undefined {
  const key = plegar(header);
  return POR_CLAVE.has(key) ? POR_CLAVE.get(key)! : undefined;
}
