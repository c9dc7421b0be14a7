import { Hono } from 'hono';
import {
  ESTADOS_RESENA,
  moderacionSchema,
  type AccionResena,
  type EstadoResena,
  type ModeracionRespuesta,
  type ResenaOperador,
  type ResenasOperador,
} from '../../lib/api/resenas-schemas.ts';
import type { Db } from '../db/client.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { parseId } from '../http/params.ts';
import { parseImageUrl, readImage } from '../images/store.ts';
import { fotoDeResena } from '../resenas/fotos.ts';
import { MOVIMIENTOS, moderar, resenaOperador, resenasOperador } from '../resenas/queries.ts';
import { audit, operadorDe, type OperatorEnv } from './audit.ts';

const noExiste = (id: number) => clientError(404, `No existe la reseña N.° ${id}.`);

/** The `estado` filter of the list, or a 400 naming the valid ones. */
function estadoDe(raw: string | undefined): EstadoResena | undefined {
  if (raw === undefined || raw === '') return undefined;
  const estado = ESTADOS_RESENA.find((valor) => valor === raw.trim().toUpperCase());
  if (!estado) throw clientError(400, `El estado debe ser uno de: ${ESTADOS_RESENA.join(', ')}.`);
  return estado;
}

const PALABRA: Record<EstadoResena, string> = { APROBADA: 'publicada', RECHAZADA: 'rechazada', PENDIENTE: 'por moderar', OCULTA: 'oculta' };

/** Why a move does not apply to a review in state `estado`, in the operator's words. */
function noPermitida(id: number, accion: AccionResena, estado: EstadoResena): string {
  const verbo = { aprobar: 'publicar', rechazar: 'rechazar', ocultar: 'ocultar', mostrar: 'volver a mostrar' }[accion];
  const pista = accion === 'aprobar' && estado === 'OCULTA' ? ' Usa «Mostrar» para que vuelva a verse.' : '';
  return `La reseña N.° ${id} está ${PALABRA[estado]}: no se puede ${verbo}.${pista}`;
}

/** What the operator is told after a moderation. */
function mensajeModeracion(resena: ResenaOperador, accion: AccionResena, antes: EstadoResena): string {
  const n = `Reseña N.° ${resena.id} (${resena.producto.nombre})`;
  const aviso = ' Le avisamos por correo a quien la escribió.';
  switch (accion) {
    case 'aprobar':
      return `${n} publicada: se ve ya en la página del producto y en la página estática desde la próxima reconstrucción.${aviso}`;
    case 'mostrar':
      return `${n} se muestra de nuevo: vuelve a la página estática desde la próxima reconstrucción.`;
    case 'ocultar':
      return `${n} oculta: sale de la página estática en la próxima reconstrucción. Puedes volver a mostrarla desde «Ocultas».`;
    case 'rechazar':
      return antes === 'APROBADA' || antes === 'OCULTA'
        ? `${n} rechazada: se retiró de la página del producto.${aviso}`
        : `${n} rechazada: no se publicará.${aviso}`;
  }
}

/**
 * The customers' reviews for the operator (issue 25): the list (all, or those in `estado`; the pending
 * ones oldest first), one review, and its moderation: aprobar, rechazar (with a reason), ocultar (with a
 * reason) or mostrar (queries.ts's MOVIMIENTOS), audited with the reason in the same transaction. The photo of a
 * review in any state is at `fotoOperador`; a rejection deletes it.
 */
export function resenaOperatorRoutes(db: Db) {
  return (
    new Hono<OperatorEnv>()
      .get('/resenas', async (c) =>
        c.json({ resenas: await resenasOperador(db, estadoDe(c.req.query('estado'))) } satisfies ResenasOperador),
      )
      .get('/resenas/:id', async (c) => {
        const id = parseId(c.req.param('id'), 'número de reseña');
        const resena = await resenaOperador(db, id);
        if (!resena) throw noExiste(id);
        return c.json({ resena });
      })
      // The photo of a review in any state (a pending one is public to nobody else): its larger view.
      .get('/resenas/:id/foto', async (c) => {
        const id = parseId(c.req.param('id'), 'número de reseña');
        const resena = await resenaOperador(db, id);
        if (!resena) throw noExiste(id);
        const propia = await fotoDeResena(db, id, 'grande');
        const antigua = !propia && resena.foto ? parseImageUrl(resena.foto) : undefined;
        const almacen = antigua && (await readImage(db, antigua.sha256));
        if (!propia && !almacen) throw clientError(404, `La reseña N.° ${id} no tiene foto.`);
        c.header('Cache-Control', 'private, no-store');
        return propia
          ? c.body(propia as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'image/webp' })
          : c.body(almacen!.datos as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': almacen!.tipo });
      })
      .post('/resenas/:id', async (c) => {
        const id = parseId(c.req.param('id'), 'número de reseña');
        const { accion, motivo } = await parseBody(c, moderacionSchema);
        const operador = operadorDe(c);
        const hecho = await moderar(db, id, accion, operador, {
          motivo,
          alModerar: (tx, antes) =>
            audit(tx, operador, [
              {
                accion: `resena.${accion}`,
                objetivo: `reseña ${id}`,
                antes: { estado: antes },
                despues: { estado: MOVIMIENTOS[accion].hacia, ...(motivo ? { motivo } : {}) },
              },
            ]),
        });
        if (hecho.resultado === 'sin-resena') throw noExiste(id);
        if (hecho.resultado === 'ya') throw clientError(409, `La reseña N.° ${id} ya está ${PALABRA[hecho.resena.estado]}.`);
        if (hecho.resultado === 'no-permitida') throw clientError(409, noPermitida(id, accion, hecho.antes));
        return c.json({
          mensaje: mensajeModeracion(hecho.resena, accion, hecho.antes),
          resena: hecho.resena,
        } satisfies ModeracionRespuesta);
      })
  );
}
