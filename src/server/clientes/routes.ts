import { Hono, type Context } from 'hono';
import {
  consultaClientesSchema,
  correccionClienteSchema,
  nuevaSolicitudSchema,
  solicitudAtendidaSchema,
  type ClienteCambiado,
  type ClienteEliminado,
} from '../../lib/api/clientes-schemas.ts';
import { fechaLima } from '../../lib/dates.ts';
import { audit, operadorDe, type OperatorEnv } from '../admin/audit.ts';
import { exigirRol } from '../admin/roles.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { solicitudesDatos } from '../db/schema/index.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { parseId } from '../http/params.ts';
import { noLaborables } from '../reclamos/calendario.ts';
import { corregirCliente } from './corregir.ts';
import { eliminarCliente } from './eliminar.ts';
import { exportarCliente } from './exportar.ts';
import { atenderSolicitud, clientePorId, detalleCliente, paginaClientes, plazoDe } from './queries.ts';

type Deps = { db: Db; config: Pick<ServerConfig, 'reclamos' | 'derechosDatos'> };

/** A request's day may be today or before, never after (Lima). */
function recibidaValida(recibida: string | undefined, ahora: Date): string | undefined {
  if (recibida !== undefined && recibida > fechaLima(ahora))
    throw clientError(400, 'La fecha en que llegó la solicitud no puede ser posterior a hoy.');
  return recibida;
}

/**
 * 'Clientes' under /admin/api (Ley 29733): the list and a customer's page for both roles, her data
 * corrected by both (audited), a request received recorded by both; her data exported and her account
 * deleted only by the owner, freshly signed in (exigirRol('dueno', { fresca: true })).
 */
export function clienteRoutes({ db, config }: Deps) {
  const noLaborable = noLaborables(config.reclamos.diasNoLaborables);
  const plazos = config.derechosDatos;
  const idDe = (c: Context<OperatorEnv>) => parseId(c.req.param('id'), 'número de cliente');
  const detalle = async (id: number) => {
    const cliente = await clientePorId(db, id);
    if (!cliente) throw clientError(404, `No existe el cliente N.° ${id}.`);
    return detalleCliente(db, cliente, plazos, noLaborable);
  };
  return new Hono<OperatorEnv>()
    .get('/clientes', async (c) => {
      const consulta = consultaClientesSchema.safeParse(c.req.query());
      if (!consulta.success) throw clientError(400, consulta.error.issues[0]?.message ?? 'La consulta no es válida.');
      return c.json(await paginaClientes(db, consulta.data, plazos.porPagina));
    })
    .get('/clientes/:id', async (c) => c.json(await detalle(idDe(c))))
    .put('/clientes/:id', async (c) => {
      const id = idDe(c);
      const datos = await parseBody(c, correccionClienteSchema);
      const ahora = new Date();
      recibidaValida(datos.recibida, ahora);
      await corregirCliente(db, id, datos, { operador: operadorDe(c), ahora }, plazos, noLaborable);
      return c.json({
        mensaje: 'Corregimos sus datos y registramos la solicitud de rectificación.',
        detalle: await detalle(id),
      } satisfies ClienteCambiado);
    })
    .post('/clientes/:id/solicitudes', async (c) => {
      const id = idDe(c);
      const { tipo, recibida } = await parseBody(c, nuevaSolicitudSchema);
      const ahora = new Date();
      const dia = recibidaValida(recibida, ahora) ?? fechaLima(ahora);
      await db.transaction(async (tx) => {
        if (!(await clientePorId(tx, id, true))) throw clientError(404, `No existe el cliente N.° ${id}.`);
        const plazo = plazoDe(tipo, dia, plazos, noLaborable);
        const [fila] = await tx
          .insert(solicitudesDatos)
          .values({ clienteId: id, tipo, recibida: dia, plazo, registradaPor: operadorDe(c) })
          .returning({ id: solicitudesDatos.id });
        await audit(tx, operadorDe(c), [
          { accion: 'cliente.solicitud', objetivo: `cliente ${id}`, despues: { solicitud: fila!.id, tipo, recibida: dia, plazo } },
        ]);
      });
      return c.json({ mensaje: 'Registramos la solicitud con su plazo.', detalle: await detalle(id) } satisfies ClienteCambiado, 201);
    })
    .post('/clientes/:id/exportar', exigirRol('dueno', { fresca: true }), async (c) => {
      const id = idDe(c);
      const { recibida } = await parseBody(c, solicitudAtendidaSchema);
      const ahora = new Date();
      recibidaValida(recibida, ahora);
      // The file and its record in one transaction: the request is answered exactly when its data is read.
      const documento = await db.transaction(async (tx) => {
        const cliente = await clientePorId(tx, id, true);
        if (!cliente) throw clientError(404, `No existe el cliente N.° ${id}.`);
        await atenderSolicitud(
          tx,
          { clienteId: id, tipo: 'acceso', recibida, operador: operadorDe(c), detalle: 'Datos exportados en JSON.', ahora },
          plazos,
          noLaborable,
        );
        await audit(tx, operadorDe(c), [{ accion: 'cliente.exportar', objetivo: `cliente ${id}`, despues: { formato: 'json' } }]);
        return exportarCliente(tx, cliente, ahora);
      });
      return c.body(JSON.stringify(documento, null, 2), 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="cliente-${id}-datos-${fechaLima(ahora)}.json"`,
        'Cache-Control': 'no-store',
      });
    })
    .post('/clientes/:id/eliminar', exigirRol('dueno', { fresca: true }), async (c) => {
      const id = idDe(c);
      const { recibida } = await parseBody(c, solicitudAtendidaSchema);
      const ahora = new Date();
      recibidaValida(recibida, ahora);
      const hecho = await eliminarCliente(db, id, { operador: operadorDe(c), recibida, ahora }, plazos, noLaborable);
      return c.json(hecho satisfies ClienteEliminado);
    });
}
