import { asc } from 'drizzle-orm';
import {
  CLAVES_TEXTO,
  PAGINAS_EDITABLES,
  TEXTO_SCHEMAS,
  type ClaveTexto,
  type ContenidoPublico,
  type TextosOperador,
} from '../../lib/api/contenido-schemas.ts';
import { textosPorDefecto } from '../../lib/site/paginas.ts';
import type { Db, Tx } from '../db/client.ts';
import { logError } from '../db/errors.ts';
import { banners, mensajesBarra, textosTienda } from '../db/schema/index.ts';
import { noTerminado } from '../home/queries.ts';

const esClave = (clave: string): clave is ClaveTexto => (CLAVES_TEXTO as readonly string[]).includes(clave);

/** Every text as the shop shows it: the edited ones from the database, the others the code's copy. */
export async function leerTextos(db: Db | Tx): Promise<TextosOperador> {
  const textos = textosPorDefecto();
  const editados: ClaveTexto[] = [];
  for (const fila of await db.select().from(textosTienda)) {
    if (!esClave(fila.clave)) continue;
    // A stored text a later rule refuses is not shown broken: the code's copy stands in, and the log says why.
    const leido = TEXTO_SCHEMAS[fila.clave].safeParse(fila.contenido);
    if (!leido.success) {
      logError(`El texto ${fila.clave} guardado no es válido; se muestra el de la tienda`, leido.error);
      continue;
    }
    editados.push(fila.clave);
    if ((PAGINAS_EDITABLES as readonly string[]).includes(fila.clave))
      textos.paginas[fila.clave as (typeof PAGINAS_EDITABLES)[number]] = leido.data as never;
    else if (fila.clave === 'tiendas') textos.tiendas = leido.data as never;
    else textos.redes = leido.data as never;
  }
  return { ...textos, editados };
}

/** GET /web/contenido: the banners and messages not yet ended (with their runs) and every text, for the static build. */
export async function contenidoPublico(db: Db): Promise<ContenidoPublico> {
  const [{ editados: _editados, ...textos }, filasBanners, filasMensajes] = await Promise.all([
    leerTextos(db),
    db.select().from(banners).where(noTerminado(banners)).orderBy(asc(banners.orden), asc(banners.id)),
    db.select().from(mensajesBarra).where(noTerminado(mensajesBarra)).orderBy(asc(mensajesBarra.orden), asc(mensajesBarra.id)),
  ]);
  const iso = (fecha: Date | null) => fecha?.toISOString() ?? null;
  return {
    ...textos,
    banners: filasBanners.map((b) => ({
      img_url: b.imgUrl,
      img_movil_url: b.imgMovilUrl,
      rutabutton: b.rutabutton,
      alt: b.alt,
      desde: iso(b.desde),
      hasta: iso(b.hasta),
    })),
    mensajes: filasMensajes.map((m) => ({ mensaje: m.mensaje, desde: iso(m.desde), hasta: iso(m.hasta) })),
  };
}

export { esClave };
