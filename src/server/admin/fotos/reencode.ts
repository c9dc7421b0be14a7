import sharp from 'sharp';
import { megas } from '../../../lib/catalogue/image-files.ts';
import { FOTOS_PRODUCTO } from '../../../lib/tienda.ts';
import { detectType } from '../../images/store.ts';

/** The formats a product photo may have: what the phone's camera roll and the shop's pictures are. */
const FORMATOS_FOTO = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif' } as const;
type TipoFoto = keyof typeof FORMATOS_FOTO;

export const MENSAJES_FOTO = {
  vacia: 'El archivo está vacío.',
  tipo: 'La foto debe ser una imagen JPEG, PNG, WebP o AVIF (una foto HEIC del iPhone: compártela como JPEG).',
  dañada: 'La foto está dañada o no es una imagen que se pueda leer.',
  pixeles: `La foto tiene demasiados píxeles: el máximo es ${Math.round(FOTOS_PRODUCTO.pixelesMaximos / 1_000_000)} megapíxeles.`,
  pesada: (bytes: number, maximo: number) => `La foto pesa ${megas(bytes)}: el máximo es ${megas(maximo)}.`,
} as const;

/** Why a product photo is refused, in Spanish (400/413), thrown as such by reencodePhoto. */
export class FotoRechazada extends Error {
  constructor(
    readonly status: 400 | 413,
    mensaje: string,
  ) {
    super(mensaje);
  }
}

/**
 * Re-encodes a product photo before the store keeps it: its type read from its bytes (never from its
 * name), decoded (a corrupt file is refused here, not at the next build), turned upright by its EXIF
 * orientation, cut down to FOTOS_PRODUCTO.ladoMaximo on its longest side (never enlarged) and written
 * again in its own format with no metadata at all (sharp writes no EXIF, GPS, XMP or camera data
 * unless asked): the location a phone stamps in its photos never reaches the shop.
 */
export async function reencodePhoto(
  bytes: Buffer,
  maximo: number,
): Promise<{ datos: Buffer; tipo: TipoFoto; ancho: number; alto: number }> {
  if (bytes.length === 0) throw new FotoRechazada(400, MENSAJES_FOTO.vacia);
  if (bytes.length > maximo) throw new FotoRechazada(413, MENSAJES_FOTO.pesada(bytes.length, maximo));
  const tipo = detectType(bytes);
  if (!tipo || !(tipo in FORMATOS_FOTO)) throw new FotoRechazada(400, MENSAJES_FOTO.tipo);
  const formato = FORMATOS_FOTO[tipo as TipoFoto];
  try {
    const imagen = sharp(bytes, { limitInputPixels: FOTOS_PRODUCTO.pixelesMaximos, failOn: 'error' })
      .rotate()
      .resize(FOTOS_PRODUCTO.ladoMaximo, FOTOS_PRODUCTO.ladoMaximo, { fit: 'inside', withoutEnlargement: true });
    const { calidad } = FOTOS_PRODUCTO;
    const codificada =
      formato === 'jpeg'
        ? imagen.jpeg({ quality: calidad, mozjpeg: true })
        : formato === 'png'
          ? imagen.png({ compressionLevel: 9 })
          : formato === 'webp'
            ? imagen.webp({ quality: calidad })
            : imagen.avif({ quality: calidad - 28, effort: 2 });
    const { data, info } = await codificada.toBuffer({ resolveWithObject: true });
    return { datos: data, tipo: tipo as TipoFoto, ancho: info.width, alto: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new FotoRechazada(400, MENSAJES_FOTO.pixeles);
    throw new FotoRechazada(400, MENSAJES_FOTO.dañada);
  }
}
