import { Hono } from 'hono';
import type {
  ComprobanteOperadorRespuesta,
  CorreccionClienteRespuesta,
  ListaComprobantesOperador,
  ReintentoComprobanteRespuesta,
} from '../../lib/api/comprobantes-schemas.ts';
import { leerNumeroComprobante } from '../../lib/comprobantes/numero.ts';
import { clienteCorregido, correccionClienteSchema } from '../comprobantes/correccion.ts';
import { corregirCliente, reintentarComprobante } from '../comprobantes/emision.ts';
import {
  comprobantePorNumero,
  comprobantesOperador,
  detalleComprobanteOperador,
  listarComprobantes,
  numeroDe,
} from '../comprobantes/queries.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { ESTADOS_COMPROBANTE, type EstadoComprobante } from '../db/schema/index.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { audit, operadorDe, type OperatorEnv } from './audit.ts';

/** The `estado` filter of the list, or a 400 naming the valid ones. */
function estadoDe(raw: string | undefined): EstadoComprobante | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!(ESTADOS_COMPROBANTE as readonly string[]).includes(raw))
    throw clientError(400, `El estado debe ser uno de: ${ESTADOS_COMPROBANTE.join(', ')}.`);
  return raw as EstadoComprobante;
}

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
  return new Hono<OperatorEnv>()
    .get('/comprobantes', async (c) => {
      const rows = await listarComprobantes(db, estadoDe(c.req.query('estado')));
      return c.json({ comprobantes: await comprobantesOperador(db, rows, config.siteUrl) } satisfies ListaComprobantesOperador);
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
    });
}
