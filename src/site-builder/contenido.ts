import type { ContenidoPublico, Textos } from '../lib/api/contenido-schemas.ts';
import { textosPorDefecto } from '../lib/site/paginas.ts';
import { snapshotParts } from './snapshot.ts';

/** The build's content: the texts (the code's copy when the API has none), and the scheduled banners and messages (null: the API has no /web/contenido, the old lists stand). */
export interface ContenidoDelSitio {
  textos: Textos;
  banners: ContenidoPublico['banners'] | null;
  mensajes: ContenidoPublico['mensajes'] | null;
}

let pending: Promise<ContenidoDelSitio> | undefined;

/** Read once per build and shared by the pages that show it (home, top strip, footer, the static pages). */
export const contenidoDelSitio = (): Promise<ContenidoDelSitio> =>
  (pending ??= snapshotParts(['contenido']).then(({ contenido }) =>
    contenido
      ? {
          textos: { paginas: contenido.paginas, tiendas: contenido.tiendas, redes: contenido.redes },
          banners: contenido.banners,
          mensajes: contenido.mensajes,
        }
      : { textos: textosPorDefecto(), banners: null, mensajes: null },
  ));
