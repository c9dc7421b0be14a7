import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { ajustesTiendaSchema, consultaTarifasSchema, loteTarifasSchema } from '../../lib/api/tienda-schemas.ts';
import { audit, operadorDe, type OperatorEnv } from '../admin/audit.ts';
import { exigirRol } from '../admin/roles.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { clientError } from '../http/errors.ts';
import { ajustesParaOperador, guardarAjustes } from './ajustes.ts';
import { cambiarTarifas, listarTarifas } from './tarifas.ts';
import { PUNTOS_RECOJO } from '../../lib/shipping/methods.ts';

/** What these routes need: the database and the settings the defaults come from. */
export interface TiendaDeps {
  db: Db;
  config: Pick<ServerConfig, 'comprobantes' | 'transferencia' | 'correoTienda'>;
}

/** A field's name as the form knows it (`series.boleta`, `cuentas.0.cci`), sent with the message so the form marks it. */
const campoDe = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** Parses a JSON body with `schema`: 400 `{ mensaje, campo }` naming the first field that is wrong. */
async function cuerpo<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw clientError(400, 'El cuerpo de la solicitud debe ser un JSON válido.');
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const mensaje = issue && !/^Invalid|^Expected|^Unrecognized/.test(issue.message) ? issue.message : 'Los datos enviados no son válidos.';
  throw clientError(400, mensaje, issue ? { campo: campoDe(issue.path) } : {});
}

/**
 * The owner's Tienda and Envíos screens (issue 37, item 8): the shop's settings (GET and PUT
 * /tienda/ajustes; a change of the bank accounts moves money, so it asks a fresh sign-in) and the
 * districts' delivery tariffs (GET /envios/tarifas, POST /envios/tarifas/lote). Owner only; each change
 * audited in its own transaction.
 */
export function tiendaRoutes({ db, config }: TiendaDeps) {
  return new Hono<OperatorEnv>()
    .get('/tienda/ajustes', exigirRol('dueno'), async (c) => c.json(await ajustesParaOperador(db, config)))
    .put('/tienda/ajustes', exigirRol('dueno', { fresca: true }), async (c) => {
      const nuevos = await cuerpo(c, ajustesTiendaSchema);
      const conocidos = new Set(PUNTOS_RECOJO.map((punto) => punto.metodo));
      const desconocido = nuevos.puntosRecojo.find((punto) => !conocidos.has(punto.metodo));
      if (desconocido)
        throw clientError(400, `No existe el punto de recojo «${desconocido.metodo}»: solo se editan los de la tienda.`, {
          campo: 'puntosRecojo',
        });
      const quien = operadorDe(c);
      await db.transaction(async (tx) => {
        const { antes, despues } = await guardarAjustes(tx, nuevos, quien, config);
        await audit(tx, quien, [{ accion: 'tienda.ajustes', objetivo: 'ajustes de la tienda', antes, despues }]);
      });
      return c.json(await ajustesParaOperador(db, config));
    })
    .get('/envios/tarifas', exigirRol('dueno'), async (c) => {
      const consulta = consultaTarifasSchema.safeParse(c.req.query());
      if (!consulta.success) throw clientError(400, consulta.error.issues[0]?.message ?? 'La consulta no es válida.');
      return c.json(await listarTarifas(db, consulta.data));
    })
    .post('/envios/tarifas/lote', exigirRol('dueno'), async (c) => {
      const lote = await cuerpo(c, loteTarifasSchema);
      const quien = operadorDe(c);
      const respuesta = await db.transaction(async (tx) => {
        const { respuesta, cambio } = await cambiarTarifas(tx, lote);
        if (cambio) await audit(tx, quien, [cambio]);
        return respuesta;
      });
      return c.json(respuesta);
    });
}
