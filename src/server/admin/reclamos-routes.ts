import { Hono } from 'hono';
import { fechaLima } from '../../lib/dates.ts';
import { formatFecha } from '../../lib/dates.ts';
import {
  FILTROS_RECLAMO,
  numeroReclamo,
  respuestaReclamoSchema,
  type FiltroReclamo,
  type ReclamoOperadorRespuesta,
  type ReclamosOperadorRespuesta,
  type RespuestaReclamoRespuesta,
} from '../../lib/api/reclamos-schemas.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { calendarioVigente } from '../reclamos/calendario.ts';
import { reclamosCsv } from '../reclamos/csv.ts';
import { hojaDe, listarReclamos, reclamoOperador, reclamoPorNumero, responderReclamo } from '../reclamos/queries.ts';
import { audit, operadorDe, type OperatorEnv } from './audit.ts';
import { exigirRol } from './roles.ts';

const noExiste = (numero: string) => clientError(404, `No existe la hoja de reclamación ${numero}.`);

/** The `estado` filter of the list, or a 400 naming the valid ones. */
function estadoDe(raw: string | undefined): FiltroReclamo | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!(FILTROS_RECLAMO as readonly string[]).includes(raw))
    throw clientError(400, `El estado debe ser uno de: ${FILTROS_RECLAMO.join(', ')}.`);
  return raw as FiltroReclamo;
}

/**
 * The Libro de Reclamaciones for the operator: the sheets with their deadlines (oldest first, flagged
 * when due within RECLAMOS.avisoDiasHabiles working days or overdue, counted in the shop's calendar in
 * force: Peru's holidays and the shop's own closed days), filtered pendiente / respondido / vencido; one sheet, the
 * shop's answer (once: e-mailed to the consumer and audited) and the book as CSV (every sheet, or
 * those in `estado`; each export audited). Nothing deletes a sheet.
 */
export function reclamoOperatorRoutes(db: Db, config: Pick<ServerConfig, 'reclamos'>) {
  const calendario = () => calendarioVigente(db, config.reclamos.diasNoLaborables);
  return new Hono<OperatorEnv>()
    .get('/reclamos', async (c) => {
      const hoy = fechaLima(new Date());
      const estado = estadoDe(c.req.query('estado'));
      const [rows, noLaborable] = await Promise.all([listarReclamos(db, estado, hoy), calendario()]);
      return c.json({ reclamos: rows.map((row) => reclamoOperador(row, hoy, noLaborable)) } satisfies ReclamosOperadorRespuesta);
    })
    .get('/reclamos.csv', exigirRol('dueno', { fresca: true }), async (c) => {
      const estado = estadoDe(c.req.query('estado'));
      const hojas = (await listarReclamos(db, estado)).map(hojaDe);
      const csv = reclamosCsv(hojas);
      // The export carries every consumer's personal data: who took it is on record.
      await audit(db, operadorDe(c), [
        { accion: 'reclamos.exportacion', objetivo: 'libro de reclamaciones', despues: { estado: estado ?? null, hojas: hojas.length } },
      ]);
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="libro-de-reclamaciones-${fechaLima(new Date())}.csv"`,
        'Cache-Control': 'no-store',
      });
    })
    .get('/reclamos/:numero', async (c) => {
      const numero = c.req.param('numero');
      const row = await reclamoPorNumero(db, numero);
      if (!row) throw noExiste(numero);
      return c.json({ reclamo: reclamoOperador(row, fechaLima(new Date()), await calendario()) } satisfies ReclamoOperadorRespuesta);
    })
    .post('/reclamos/:numero/respuesta', async (c) => {
      const numero = c.req.param('numero');
      const { texto } = await parseBody(c, respuestaReclamoSchema);
      const operador = operadorDe(c);
      // The audit entry is written in the answer's own transaction: no answer without its entry.
      const hecho = await responderReclamo(db, numero, { texto, operador }, (tx, row) =>
        audit(tx, operador, [
          {
            accion: 'reclamo.respuesta',
            objetivo: `hoja ${numeroReclamo(row.anio, row.correlativo)}`,
            antes: { estado: 'pendiente' },
            despues: { estado: 'respondido', respuesta: texto },
          },
        ]),
      );
      if (hecho.resultado === 'sin-reclamo') throw noExiste(numero);
      if (hecho.resultado === 'ya-respondido') {
        const hoja = hojaDe(hecho.row);
        throw clientError(
          409,
          `La hoja de reclamación ${hoja.numero} ya fue respondida el ${formatFecha(fechaLima(hoja.respuesta!.fecha))}: la respuesta no se cambia.`,
        );
      }
      const reclamo = reclamoOperador(hecho.row, fechaLima(new Date()), await calendario());
      const mensaje = `Respuesta registrada en la hoja ${reclamo.numero}. La enviaremos a ${reclamo.consumidor.correo} por correo.`;
      return c.json({ mensaje, reclamo } satisfies RespuestaReclamoRespuesta);
    });
}
