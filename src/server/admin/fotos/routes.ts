import { Hono } from 'hono';
import type { FotoSubida } from '../../../lib/api/fotos-schemas.ts';
import { subidaImagenSchema } from '../../../lib/api/operator-schemas.ts';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { parseBody } from '../../http/body.ts';
import { clientError } from '../../http/errors.ts';
import { storeImage } from '../../images/store.ts';
import { audit, operadorDe, type OperatorEnv } from '../audit.ts';
import { FotoRechazada, reencodePhoto } from './reencode.ts';

/** What the photo calls need. */
export interface FotoRoutesDeps {
  db: Db;
  config: Pick<ServerConfig, 'imagenMaximaBytes'>;
}

/**
 * POST /admin/api/fotos `{ nombre, datos }` (base64): a product photo from the back office's form,
 * re-encoded (reencode.ts: type from its bytes, no EXIF/GPS, at most FOTOS_PRODUCTO.ladoMaximo) and
 * kept in the shop's image store; answers its URL (201 new, 200 already there). The build makes its
 * AVIF and WebP copies at FOTOS.anchos (site-builder/photos.ts) like every store photo.
 */
export function fotoRoutes({ db, config }: FotoRoutesDeps) {
  return new Hono<OperatorEnv>().post('/fotos', async (c) => {
    const { nombre, datos } = await parseBody(c, subidaImagenSchema);
    let foto;
    try {
      foto = await reencodePhoto(Buffer.from(datos, 'base64'), config.imagenMaximaBytes);
    } catch (error) {
      if (error instanceof FotoRechazada) throw clientError(error.status, nombre ? `${nombre}: ${error.message}` : error.message);
      throw error;
    }
    const guardada = await db.transaction(async (tx) => {
      const imagen = await storeImage(tx, foto.datos, nombre);
      if (imagen.nueva)
        await audit(tx, operadorDe(c), [
          {
            accion: 'foto.subir',
            objetivo: imagen.url,
            despues: { nombre, tipo: imagen.tipo, bytes: imagen.bytes, ancho: foto.ancho, alto: foto.alto },
          },
        ]);
      return imagen;
    });
    const respuesta: FotoSubida = {
      url: guardada.url,
      tipo: foto.tipo,
      ancho: foto.ancho,
      alto: foto.alto,
      bytes: guardada.bytes,
      nueva: guardada.nueva,
    };
    return c.json(respuesta, guardada.nueva ? 201 : 200);
  });
}
