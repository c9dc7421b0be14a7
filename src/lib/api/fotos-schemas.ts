import { FORMATOS_EXPORTACION, type FormatoExportacion } from './productos-schemas.ts';

/**
 * Wire types of the product photos and the import in the browser (issue 37):
 * POST /admin/api/fotos answers a FotoSubida.
 */

/** A product photo as the store keeps it after its re-encoding: its URL, type read from its bytes, pixel size and weight. */
export interface FotoSubida {
  url: string;
  tipo: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif';
  ancho: number;
  alto: number;
  bytes: number;
  /** False when the same photo was in the store already. */
  nueva: boolean;
}

/** The export's formats (productos-schemas.ts): CSV for a spreadsheet, JSON as the import reads it too. */
export { FORMATOS_EXPORTACION, type FormatoExportacion };
/** The content type each format's file comes with. */
export const TIPO_EXPORTACION: Record<FormatoExportacion, string> = { csv: 'text/csv', json: 'application/json' };

/** What the export downloads: the file's name and bytes. */
export interface ArchivoExportado {
  nombre: string;
  datos: Blob;
}
