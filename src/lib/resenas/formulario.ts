import type { ResenaNueva } from '../api/resenas-schemas.ts';
import { MENSAJES_RESENA, sinEtiquetas } from '../api/resenas-rules.ts';
import { RESENAS } from '../tienda.ts';

/**
 * The review form of the product page (issue 25): what the buyer typed, the browser's checks (the
 * server's rules and messages, from resenas-rules.ts and RESENAS) and the request body built from it.
 */

/** The form as typed; `estrellas` is 0 until chosen, `foto` a data: URL when a photo was picked. */
export interface FormularioResena {
  estrellas: number;
  titulo: string;
  texto: string;
  foto?: string;
}

/** A field the checks refused and why: the form shows the message under it and focuses the first one. */
export interface ProblemaResena {
  campo: 'estrellas' | 'titulo' | 'texto' | 'foto';
  mensaje: string;
}

/** The photo types the server reads (the file input's `accept`). */
export const TIPOS_FOTO = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A photo's largest size as the form and the API's refusal write it: '5 MB'. */
export const megasFoto = (bytes: number = RESENAS.fotoMaximaBytes) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The message of a photo larger than the limit (the API's wording for the body it refuses). */
export const fotoGrande = (bytes: number = RESENAS.fotoMaximaBytes) => `La foto es demasiado grande: el máximo es ${megasFoto(bytes)}.`;

/** Why a picked file cannot go as the review's photo, or null. */
export function problemaFoto(file: { type: string; size: number }, maximo: number = RESENAS.fotoMaximaBytes): string | null {
  if (!(TIPOS_FOTO as readonly string[]).includes(file.type)) return MENSAJES_RESENA.fotoInvalida;
  return file.size > maximo ? fotoGrande(maximo) : null;
}

/** The length the server counts: the trimmed text's. */
export const largo = (value: string) => value.trim().length;

/** Every problem of the form, in the order of its fields (empty when it may be sent). */
export function problemasResena(form: FormularioResena): ProblemaResena[] {
  const problemas: ProblemaResena[] = [];
  if (!Number.isInteger(form.estrellas) || form.estrellas < RESENAS.estrellasMinimas || form.estrellas > RESENAS.estrellasMaximas) {
    problemas.push({ campo: 'estrellas', mensaje: MENSAJES_RESENA.estrellas });
  }
  const titulo = largo(form.titulo);
  if (titulo < RESENAS.tituloMinimo) problemas.push({ campo: 'titulo', mensaje: MENSAJES_RESENA.tituloCorto });
  else if (titulo > RESENAS.tituloMaximo) problemas.push({ campo: 'titulo', mensaje: MENSAJES_RESENA.tituloLargo });
  else if (!sinEtiquetas(form.titulo)) problemas.push({ campo: 'titulo', mensaje: MENSAJES_RESENA.sinHtml });
  const texto = largo(form.texto);
  if (texto < RESENAS.textoMinimo) problemas.push({ campo: 'texto', mensaje: MENSAJES_RESENA.textoCorto });
  else if (texto > RESENAS.textoMaximo) problemas.push({ campo: 'texto', mensaje: MENSAJES_RESENA.textoLargo });
  else if (!sinEtiquetas(form.texto)) problemas.push({ campo: 'texto', mensaje: MENSAJES_RESENA.sinHtml });
  return problemas;
}

/** The body of POST /api/resenas for the form (texts trimmed; no `foto` without a photo). */
export const cuerpoResena = (idProducto: number, form: FormularioResena): ResenaNueva => ({
  idProducto,
  estrellas: form.estrellas,
  titulo: form.titulo.trim(),
  texto: form.texto.trim(),
  ...(form.foto ? { foto: form.foto } : {}),
});
