import { Hono } from 'hono';
import { consultaCierreSchema, TABLAS_CIERRE, type Cierre, type TablaCierre, type VentasPorDia } from '../../lib/api/cierre-schemas.ts';
import { fechaLima } from '../../lib/dates.ts';
import { CIERRE } from '../../lib/tienda.ts';
import type { ServerConfig } from '../config.ts';
import { cierreCsv } from '../cierre/csv.ts';
import { diasEntre } from '../../lib/dias-lima.ts';
import { cierreDelPeriodo, ventasPorDia } from '../cierre/queries.ts';
import type { Db } from '../db/client.ts';
import { clientError } from '../http/errors.ts';
import { audit, operadorDe, type OperatorEnv } from './audit.ts';
import { exigirRol } from './roles.ts';

/** The period of the query (`desde`, optional `hasta`), or a 400 in Spanish. */
function periodoDe(consulta: Record<string, string>, diasMaximos: number): { desde: string; hasta: string } {
  const leido = consultaCierreSchema.safeParse({ desde: consulta.desde, hasta: consulta.hasta || undefined });
  if (!leido.success) throw clientError(400, leido.error.issues[0]?.message ?? 'Las fechas no son válidas.');
  const { desde, hasta = desde } = leido.data;
  if (diasEntre(desde, hasta) > diasMaximos)
    throw clientError(400, `Un cierre abarca como máximo ${diasMaximos} días: elige un periodo más corto.`);
  return { desde, hasta };
}

/** The chart's number of days (`dias`, 30 by default), or a 400 naming the choices. */
function diasDe(raw: string | undefined): number {
  if (raw === undefined || raw === '') return CIERRE.diasGrafico[0];
  const dias = Number(raw);
  if (!(CIERRE.diasGrafico as readonly number[]).includes(dias))
    throw clientError(400, `Los días del gráfico deben ser ${CIERRE.diasGrafico.join(' o ')}.`);
  return dias;
}

/**
 * 'Cierre y ventas' (decisions 0222–0224): the close of a Lima day or period for both roles, the sales of the
 * last 30 or 90 days, and each table as CSV for the owner freshly signed in (an export, audited).
 */
export function cierreRoutes({ db, config }: { db: Db; config: Pick<ServerConfig, 'mesa'> }) {
  const maximo = config.mesa.cierreDiasMaximos;
  return new Hono<OperatorEnv>()
    .get('/cierre', async (c) => {
      const { desde, hasta } = periodoDe(c.req.query(), maximo);
      return c.json((await cierreDelPeriodo(db, desde, hasta)) satisfies Cierre);
    })
    .get('/cierre/ventas', async (c) => {
      const dias = diasDe(c.req.query('dias'));
      return c.json((await ventasPorDia(db, dias, fechaLima(new Date()))) satisfies VentasPorDia);
    })
    .get('/cierre.csv', exigirRol('dueno', { fresca: true }), async (c) => {
      const tabla = c.req.query('tabla') ?? '';
      if (!(TABLAS_CIERRE as readonly string[]).includes(tabla))
        throw clientError(400, `La tabla debe ser una de: ${TABLAS_CIERRE.join(', ')}.`);
      const nombre = tabla as TablaCierre;
      const ventas = nombre === 'ventas' ? await ventasPorDia(db, diasDe(c.req.query('dias')), fechaLima(new Date())) : null;
      const { desde, hasta } = ventas ?? periodoDe(c.req.query(), maximo);
      const cierre = await cierreDelPeriodo(db, nombre === 'ventas' ? hasta : desde, hasta);
      const csv = cierreCsv(nombre, cierre, ventas);
      // The shop's sales and its customers' names leave the shop: who took them is on record.
      await audit(db, operadorDe(c), [{ accion: 'cierre.exportacion', objetivo: `cierre ${tabla}`, despues: { desde, hasta } }]);
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="cierre-${tabla}-${desde}${hasta === desde ? '' : `-a-${hasta}`}.csv"`,
        'Cache-Control': 'no-store',
      });
    });
}
