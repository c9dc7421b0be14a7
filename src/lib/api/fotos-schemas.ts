/**
 * Wire types of the product photos and the import in the browser (issue 37, helper fotos):
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

/** What the export downloads: the file's name and bytes. */
export interface ArchivoExportado {
  nombre: string;
  datos: Blob;
}
