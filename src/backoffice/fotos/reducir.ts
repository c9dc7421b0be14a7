/**
 * A phone photo made lighter before it travels (issue 37): a JPEG heavier than `desdeBytes` is drawn
 * upright (its EXIF orientation applied) on a canvas at most `ladoMaximo` pixels on its longest side and
 * encoded again as a JPEG at 0.9, which the server re-encodes anyway (reencode.ts): a 4 MB camera photo
 * uploads as about 0.5 MB over mobile data and never meets IMAGE_MAX_BYTES. Anything else, a browser
 * without createImageBitmap, or a result no lighter, goes as it was. Self-contained (no imports, only its
 * arguments): the browser journey runs it as it is in Chromium.
 */
export async function reducirFoto(archivo: Blob, ladoMaximo: number, desdeBytes: number): Promise<Blob> {
  if (archivo.type !== 'image/jpeg' || archivo.size <= desdeBytes || typeof createImageBitmap !== 'function') return archivo;
  try {
    const imagen = await createImageBitmap(archivo, { imageOrientation: 'from-image' });
    const escala = Math.min(1, ladoMaximo / Math.max(imagen.width, imagen.height));
    const ancho = Math.max(1, Math.round(imagen.width * escala));
    const alto = Math.max(1, Math.round(imagen.height * escala));
    let reducida: Blob | null;
    if (typeof OffscreenCanvas === 'function') {
      const lienzo = new OffscreenCanvas(ancho, alto);
      lienzo.getContext('2d')!.drawImage(imagen, 0, 0, ancho, alto);
      reducida = await lienzo.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    } else {
      const lienzo = document.createElement('canvas');
      lienzo.width = ancho;
      lienzo.height = alto;
      lienzo.getContext('2d')!.drawImage(imagen, 0, 0, ancho, alto);
      reducida = await new Promise<Blob | null>((listo) => lienzo.toBlob(listo, 'image/jpeg', 0.9));
    }
    imagen.close();
    return reducida && reducida.type === 'image/jpeg' && reducida.size < archivo.size ? reducida : archivo;
  } catch {
    // A file the browser cannot decode goes as it is: the server says why it refuses it.
    return archivo;
  }
}
