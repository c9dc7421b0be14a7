import { asc } from 'drizzle-orm';
import {
  CLAVES_TEXTO,
  PAGINAS_EDITABLES,
  TEXTO_SCHEMAS,
  type ClaveTexto,
  type ContenidoPublico,
  type TextosOperador,
} from '../../lib/api/contenido-schemas.ts';
import type { AjustesTienda } from '../../lib/api/tienda-schemas.ts';
import { textosPorDefecto } from '../../lib/site/paginas.ts';
import type { Db, Tx } from '../db/client.ts';
import { logError } from '../db/errors.ts';
import { banners, mensajesBarra, textosTienda } from '../db/schema/index.ts';
import { noTerminado } from '../home/queries.ts';
import { ajustesGuardados } from '../tienda/ajustes.ts';

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

/**
 * The texts' {valores} the owner saved in 'Tienda' (issue 37): the pages then say the threshold, return
 * window, company and e-mail the checkout, returns and receipts use. Only the fields saved; the code's fill the rest.
 */
function valoresDeAjustes(datos: Partial<AjustesTienda>): Record<string, string | number> {
  const valores: Record<string, string | number | undefined> = {
    envioGratis: datos.envioGratisDesde,
    diasDevolucion: datos.devolucionDias,
    razonSocial: datos.razonSocial,
    ruc: datos.ruc,
    correo: datos.correoTienda,
  };
  return Object.fromEntries(Object.entries(valores).filter((par): par is [string, string | number] => par[1] !== undefined));
}

/** GET /web/contenido: the banners and messages not yet ended (with their runs) and every text, for the static build. */
export async function contenidoPublico(db: Db): Promise<ContenidoPublico> {
  const [{ editados: _editados, ...textos }, filasBanners, filasMensajes, guardados] = await Promise.all([
    leerTextos(db),
    db.select().from(banners).where(noTerminado(banners)).orderBy(asc(banners.orden), asc(banners.id)),
    db.select().from(mensajesBarra).where(noTerminado(mensajesBarra)).orderBy(asc(mensajesBarra.orden), asc(mensajesBarra.id)),
    ajustesGuardados(db),
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
    ...(guardados ? { valores: valoresDeAjustes(guardados.datos) } : {}),
  };
}

export { esClave };
