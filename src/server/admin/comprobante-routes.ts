import { Hono } from 'hono';
import {
  filtroComprobantesSchema,
  mesRegistroSchema,
  type ComprobanteOperadorRespuesta,
  type CorreccionClienteRespuesta,
  type PaginaComprobantesOperador,
  type ReintentoComprobanteRespuesta,
} from '../../lib/api/comprobantes-schemas.ts';
import { consultaSinVacios } from '../../lib/api/pedidos-backoffice-schemas.ts';
import { fechaLima } from '../../lib/dates.ts';
import { leerNumeroComprobante } from '../../lib/comprobantes/numero.ts';
import { clienteCorregido, correccionClienteSchema } from '../comprobantes/correccion.ts';
import { corregirCliente, reintentarComprobante } from '../comprobantes/emision.ts';
import {
  comprobantePorNumero,
  comprobantesOperador,
  detalleComprobanteOperador,
  numeroDe,
  paginaComprobantes,
} from '../comprobantes/queries.ts';
import { registroVentas, registroVentasCsv } from '../comprobantes/registro-ventas.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { PEDIDOS } from '../../lib/tienda.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { audit, operadorDe, type OperatorEnv } from './audit.ts';
import { exigirRol } from './roles.ts';

/** A parse's first problem as the API's 400 (its Spanish sentence). */
const rechazo = (error: { issues: { message: string }[] }) => clientError(400, error.issues[0]?.message ?? 'La consulta no es válida.');

/** The receipt numbered as typed (B001-00000042, B001-42), or a 404 (a 400 for what is not a receipt number). */
async function comprobanteDe(db: Db, numero: string) {
  if (!leerNumeroComprobante(numero))
    throw clientError(400, `"${numero.slice(0, 40)}" no es un número de comprobante: escríbelo como B001-00000042 o B001-42.`);
  const row = await comprobantePorNumero(db, numero);
  if (!row) throw clientError(404, `No existe el comprobante ${numero.trim().toUpperCase()}.`);
  return row;
}

/**
 * The electronic receipts for the operator (issue 23): the newest first (all or those in a state),
 * one in full with the attempts of its issuing job, a retry (audited: a pending one is resent with its
 * number, a rejected one is replaced by the series' next number, issue 34) and the correction of a
 * rejected or returned receipt's buyer (audited).
 */
export function comprobanteOperatorRoutes({ db, config }: { db: Db; config: Pick<ServerConfig, 'siteUrl' | 'comprobantes'> }) {
  return (
    new Hono<OperatorEnv>()
      .get('/comprobantes', async (c) => {
        const parsed = filtroComprobantesSchema.safeParse(consultaSinVacios(c.req.query()));
        if (!parsed.success) throw rechazo(parsed.error);
        const { rows, total } = await paginaComprobantes(db, parsed.data);
        return c.json({
          comprobantes: await comprobantesOperador(db, rows, config.siteUrl),
          total,
          pagina: parsed.data.pagina ?? 1,
          porPagina: parsed.data.porPagina ?? PEDIDOS.listaOperadorMaxima,
        } satisfies PaginaComprobantesOperador);
      })
      // The month's Registro de Ventas for the accountant: an export, so the owner's only, with a fresh sign-in, and audited.
      .get('/comprobantes/registro-ventas.csv', exigirRol('dueno', { fresca: true }), async (c) => {
        const parsed = mesRegistroSchema.safeParse(c.req.query('mes') ?? fechaLima(new Date()).slice(0, 7));
        if (!parsed.success) throw rechazo(parsed.error);
        const mes = parsed.data;
        const filas = await registroVentas(db, mes);
        await audit(db, operadorDe(c), [
          { accion: 'comprobantes.exportacion', objetivo: `registro de ventas ${mes}`, despues: { mes, comprobantes: filas.length } },
        ]);
        return c.body(registroVentasCsv(filas), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="registro-de-ventas-${mes}.csv"`,
          'Cache-Control': 'no-store',
        });
      })
      .get('/comprobantes/:numero', async (c) => {
        const row = await comprobanteDe(db, c.req.param('numero'));
        return c.json({ comprobante: await detalleComprobanteOperador(db, row, config.siteUrl) } satisfies ComprobanteOperadorRespuesta);
      })
      .post('/comprobantes/:numero/reintentar', async (c) => {
        const row = await comprobanteDe(db, c.req.param('numero'));
        const numero = numeroDe(row);
        // The audit entry is written in the retry's own transaction: no retry without its entry.
        const resultado = await reintentarComprobante(db, row.id, config.comprobantes, (tx, antes, reemplazo) =>
          audit(tx, operadorDe(c), [
            reemplazo
              ? {
                  accion: 'comprobante.reemplazo',
                  objetivo: `comprobante ${numero}`,
                  antes: { estado: antes.estado, mensaje: antes.mensaje, codigoSunat: antes.codigoSunat },
                  despues: { reemplazo: numeroDe(reemplazo), cliente: reemplazo.cliente },
                }
              : {
                  accion: 'comprobante.reintento',
                  objetivo: `comprobante ${numero}`,
                  antes: { estado: antes.estado, mensaje: antes.mensaje },
                  despues: { estado: 'pendiente' },
                },
          ]),
        );
        if (!resultado.encolado) throw clientError(409, resultado.mensaje);
        // A rejected receipt's answer shows its replacement, the receipt now on its way to SUNAT.
        const actual = resultado.reemplazo ?? (await comprobantePorNumero(db, numero)) ?? row;
        return c.json({
          mensaje: resultado.mensaje,
          comprobante: await detalleComprobanteOperador(db, actual, config.siteUrl),
        } satisfies ReintentoComprobanteRespuesta);
      })
      .post('/comprobantes/:numero/cliente', async (c) => {
        const row = await comprobanteDe(db, c.req.param('numero'));
        const datos = clienteCorregido(await parseBody(c, correccionClienteSchema));
        const numero = numeroDe(row);
        const resultado = await corregirCliente(db, row.id, datos, (tx, antes, cliente) =>
          audit(tx, operadorDe(c), [
            {
              accion: 'comprobante.cliente',
              objetivo: `comprobante ${numero}`,
              antes: { estado: antes.estado, cliente: antes.clienteCorregido ?? antes.cliente },
              despues: { cliente },
            },
          ]),
        );
        if (!resultado.corregido) throw clientError(409, resultado.mensaje);
        const actual = (await comprobantePorNumero(db, numero)) ?? row;
        return c.json({
          mensaje: resultado.mensaje,
          comprobante: await detalleComprobanteOperador(db, actual, config.siteUrl),
        } satisfies CorreccionClienteRespuesta);
      })
  );
}
