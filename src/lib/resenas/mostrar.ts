import { RESENAS } from '../tienda.ts';

/** How reviews read on the storefront (issue 25): the average, the count, the date. */

/** An average as Peruvians write it, one decimal with a comma: 4,5 (4 stays '4'). */
export const promedioTexto = (promedio: number) => String(Math.round(promedio * 10) / 10).replace('.', ',');

/** '1 reseña', '12 reseñas'. */
export const cantidadResenas = (cantidad: number) => `${cantidad} ${cantidad === 1 ? 'reseña' : 'reseñas'}`;

/** The stars as words: '4,5 de 5 estrellas' ('1 de 5 estrellas'). */
export const estrellasTexto = (valor: number) => `${promedioTexto(valor)} de ${RESENAS.estrellasMaximas} estrellas`;

/** A product's rating for screen readers and titles: '4,5 de 5 estrellas, 12 reseñas'. */
export const etiquetaCalificacion = (promedio: number, cantidad: number) => `${estrellasTexto(promedio)}, ${cantidadResenas(cantidad)}`;

/** Whether a product has approved reviews to show (both figures; a shop API without reviews sends neither). */
export const tieneResenas = (producto: { resenasPromedio?: number; resenasCantidad?: number }) =>
  (producto.resenasCantidad ?? 0) > 0 && (producto.resenasPromedio ?? 0) > 0;

/** The date a review was published, as Lima reads it: '26 de noviembre de 2026'. */
export const fechaResena = (fecha: string) =>
  new Intl.DateTimeFormat('es-PE', { dateStyle: 'long', timeZone: 'America/Lima' }).format(new Date(fecha));

/** The stars' fill, in percent of the five, to the nearest half star. */
export const rellenoEstrellas = (valor: number) =>
  (Math.round(Math.min(Math.max(valor, 0), RESENAS.estrellasMaximas) * 2) / 2 / RESENAS.estrellasMaximas) * 100;

/** The anchor of the product page's write area: Mis Compras links `/producto/…#escribir-resena` to open the form. */
export const ANCLA_ESCRIBIR_RESENA = 'escribir-resena';
