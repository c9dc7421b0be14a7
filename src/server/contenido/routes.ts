import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { TEXTO_SCHEMAS, type ClaveTexto } from '../../lib/api/contenido-schemas.ts';
import type { Db } from '../db/client.ts';
import { textosTienda } from '../db/schema/index.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { audit, operadorDe, type OperatorEnv } from '../admin/audit.ts';
import { esClave, leerTextos } from './textos.ts';

/** How the answers and the audit trail name each text. */
const NOMBRE_TEXTO: Record<ClaveTexto, string> = {
  'preguntas-frecuentes': 'Preguntas frecuentes',
  'terminos-y-condiciones': 'Términos y condiciones',
  'acerca-de-nosotros': 'Acerca de nosotros',
  tiendas: 'Tiendas y horarios',
  redes: 'Redes sociales',
};

const claveDe = (clave: string): ClaveTexto => {
  if (!esClave(clave)) throw clientError(404, `No existe el texto ${clave}. Textos: ${Object.keys(NOMBRE_TEXTO).join(', ')}.`);
  return clave;
};

/**
 * The shop's texts in the back office (issue 37): GET /textos (all, edited or the code's copy), PUT
 * /textos/{clave} (replaces one, validated by its schema), DELETE /textos/{clave} (back to the code's
 * copy). Audited; the table's trigger moves the catalogue version, so the pages are rebuilt.
 */
export function textosRoutes(db: Db) {
  return new Hono<OperatorEnv>()
    .get('/textos', async (c) => c.json(await leerTextos(db)))
    .put('/textos/:clave', async (c) => {
      const clave = claveDe(c.req.param('clave'));
      const contenido = await parseBody(c, TEXTO_SCHEMAS[clave]);
      await db.transaction(async (tx) => {
        const antes = await leerTextos(tx);
        await tx
          .insert(textosTienda)
          .values({ clave, contenido })
          .onConflictDoUpdate({ target: textosTienda.clave, set: { contenido, actualizado: sql`now()` } });
        await audit(tx, operadorDe(c), [
          {
            accion: 'texto.editar',
            objetivo: `texto ${clave}`,
            antes: { texto: antes.editados.includes(clave) ? textoDe(antes, clave) : 'original de la tienda' },
            despues: { texto: contenido },
          },
        ]);
      });
      return c.json({ mensaje: `${NOMBRE_TEXTO[clave]}: guardado. La tienda se actualiza en unos minutos.`, textos: await leerTextos(db) });
    })
    .delete('/textos/:clave', async (c) => {
      const clave = claveDe(c.req.param('clave'));
      await db.transaction(async (tx) => {
        const antes = await leerTextos(tx);
        if (!antes.editados.includes(clave)) return;
        await tx.delete(textosTienda).where(eq(textosTienda.clave, clave));
        await audit(tx, operadorDe(c), [
          {
            accion: 'texto.restablecer',
            objetivo: `texto ${clave}`,
            antes: { texto: textoDe(antes, clave) },
            despues: { texto: 'original de la tienda' },
          },
        ]);
      });
      return c.json({ mensaje: `${NOMBRE_TEXTO[clave]}: vuelve al texto original de la tienda.`, textos: await leerTextos(db) });
    });
}

function textoDe(textos: Awaited<ReturnType<typeof leerTextos>>, clave: ClaveTexto): unknown {
  if (clave === 'tiendas') return textos.tiendas;
  if (clave === 'redes') return textos.redes;
  return textos.paginas[clave];
}
