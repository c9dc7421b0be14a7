import { RESENAS } from '../tienda.ts';

/**
 * The rules of a review (issue 25) as plain data, like reclamos-rules.ts: the Spanish messages and the
 * no-HTML check. resenaNuevaSchema (resenas-schemas.ts) and the product page's form both use them, so the
 * form checks in the browser without loading zod.
 */

/** The Spanish messages of the calls, shared by the API and the form (plain data: no zod in the browser). */
export const MENSAJES_RESENA = {
  productoInvalido: 'Indica el producto que quieres reseñar.',
  estrellas: `Elige de ${RESENAS.estrellasMinimas} a ${RESENAS.estrellasMaximas} estrellas.`,
  tituloCorto: `El título debe tener al menos ${RESENAS.tituloMinimo} caracteres.`,
  tituloLargo: `El título puede tener hasta ${RESENAS.tituloMaximo} caracteres.`,
  textoCorto: `Cuéntanos un poco más: la reseña debe tener al menos ${RESENAS.textoMinimo} caracteres.`,
  textoLargo: `La reseña puede tener hasta ${RESENAS.textoMaximo} caracteres.`,
  sinHtml: 'Escribe solo texto, sin etiquetas HTML.',
  fotoInvalida: 'La foto debe ser una imagen JPEG, PNG o WebP.',
  noExiste: 'No encontramos ese producto.',
  /** Why a customer may not review a product. */
  noComprado: 'Solo pueden reseñar este producto quienes lo compraron en la tienda online y ya lo recibieron.',
  noEntregado: (pedido: number) => `Podrás reseñar este producto cuando tu pedido N.° ${pedido} esté entregado.`,
  yaResenado: 'Ya escribiste una reseña de este producto: solo se puede una por producto.',
  puede: 'Compraste este producto: cuéntanos qué te pareció.',
  /** The answer to a review sent. */
  recibida: 'Gracias por tu reseña. La publicaremos cuando la revisemos.',
} as const;

/** A title or text has no HTML tags (the schema also refuses control characters; the text may have line breaks). */
export const sinEtiquetas = (value: string) => !/<\/?[a-z!][^>]*>/i.test(value);
