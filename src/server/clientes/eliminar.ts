import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ClienteEliminado } from '../../lib/api/clientes-schemas.ts';
import type { NoLaborable } from '../../lib/dias-habiles.ts';
import { DERECHOS_DATOS } from '../../lib/tienda.ts';
import { audit } from '../admin/audit.ts';
import { TRABAJO_INSTRUCCIONES } from '../checkout/metodos/transferencia.ts';
import type { DerechosDatosConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  avisosStock,
  clientes,
  comprobantes,
  cuponesUsuario,
  devoluciones,
  limitesSolicitudes,
  pedidoHistorial,
  pedidoNotas,
  pedidos,
  productos,
  reclamos,
  reembolsos,
  resenas,
  trabajos,
  type Cliente,
} from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';
import { TRABAJO_CORREO_DEVOLUCION } from '../payments/devoluciones.ts';
import { TRABAJOS_RECLAMO } from '../reclamos/queries.ts';
import { TRABAJO_INVITACION_RESENA } from '../resenas/jobs.ts';
import { limitesDe } from './exportar.ts';
import { atenderSolicitud, avisosDe, clientePorId, documentoDe, reclamosDe } from './queries.ts';

/**
 * Deleting a customer's account on her request (Ley 29733's cancelación; docs/decisions/0219): in one
 * transaction, what the law and SUNAT make the shop keep stays, anonymised (her orders with their
 * amounts, dates and products; her receipts as issued, their e-mail removed; her complaint sheets), and
 * the rest is deleted (the account, its coupons and reset codes by cascade, her reviews, her restock
 * alerts, her sign-in counters, the e-mails still queued to her). Refused while an order of hers is
 * under way: the shop still needs her name and address to deliver it.
 */

/** Orders that still need the customer's data: paid and not delivered, or waiting for payment. */
const EN_CURSO = ['PENDIENTE', 'EN PREPARACION', 'EN TRANSITO', 'LISTO PARA RECOGER'] as const;

/** '1 pedido', '2 pedidos'. */
const cuantas = (n: number, una: string, varias: string) => `${n} ${n === 1 ? una : varias}`;

/** A literal inside a Postgres regular expression. */
const literal = (texto: string) => texto.replace(/[\\^$.*+?()[\]{}|-]/g, (c) => `\\${c}`);

/**
 * The regular expression of her identifiers inside free text (notes, a complaint's detail): her e-mail,
 * documents and phone (digits with or without spaces), and her names as whole words.
 */
export function patronIdentificadores(valores: { nombres: string[]; literales: string[]; telefonos: string[] }): string | undefined {
  const nombres = [...new Set(valores.nombres.map((n) => n.trim()).filter((n) => n.length >= 3))];
  const literales = [...new Set(valores.literales.map((v) => v.trim()).filter((v) => v.length >= 5))];
  const telefonos = [...new Set(valores.telefonos.map((t) => t.replace(/\D/g, '')).filter((t) => t.length >= 6))];
  const partes = [
    ...literales.map(literal),
    ...telefonos.map((digitos) => digitos.split('').join('[\\s.-]?')),
    ...(nombres.length
      ? [
          `\\m(?:${nombres
            .sort((a, b) => b.length - a.length)
            .map(literal)
            .join('|')})\\M`,
        ]
      : []),
  ];
  return partes.length ? partes.join('|') : undefined;
}

/** `columna` with her identifiers replaced (unchanged when there are none). */
const limpio = (columna: SQLWrapper, patron: string | undefined) =>
  patron ? sql`regexp_replace(${columna}, ${patron}, ${DERECHOS_DATOS.datoEliminado}, 'gi')` : sql`${columna}`;

export async function eliminarCliente(
  db: Db,
  id: number,
  datos: { operador: string; recibida?: string; ahora?: Date },
  config: DerechosDatosConfig,
  noLaborable: NoLaborable,
): Promise<ClienteEliminado> {
  const ahora = datos.ahora ?? new Date();
  return db.transaction(async (tx) => {
    const cliente = await clientePorId(tx, id, true);
    if (!cliente) throw clientError(404, `No existe el cliente N.° ${id}.`);
    const susPedidos = await tx
      .select({
        id: pedidos.id,
        estado: pedidos.estado,
        nombre: pedidos.nombre,
        apellido: pedidos.apellido,
        correo: pedidos.correo,
        telefono: pedidos.telefono,
        documento: pedidos.documentoNumero,
      })
      .from(pedidos)
      .where(eq(pedidos.clienteId, id))
      .for('update');
    const enCurso = susPedidos.filter((p) => (EN_CURSO as readonly string[]).includes(p.estado)).map((p) => `N.° ${p.id}`);
    if (enCurso.length > 0)
      throw clientError(
        409,
        `No se puede eliminar la cuenta mientras tenga pedidos en curso (${enCurso.join(', ')}): hacen falta sus datos para entregarlos. Elimínala cuando estén entregados o cancelados.`,
      );
    const pedidoIds = susPedidos.map((p) => p.id);
    const susReclamos = await tx
      .select({
        id: reclamos.id,
        nombre: reclamos.nombre,
        correo: reclamos.correo,
        telefono: reclamos.telefono,
        documento: reclamos.documentoNumero,
      })
      .from(reclamos)
      .where(reclamosDe(cliente))
      .for('update');
    const reclamoIds = susReclamos.map((r) => r.id);
    const patron = patronIdentificadores(identificadores(cliente, susPedidos, susReclamos));
    const nombre = DERECHOS_DATOS.nombreEliminado;

    let comprobantesConservados = 0;
    const devolucionIds: number[] = [];
    if (pedidoIds.length) {
      // The order's copy of her: name, contact and address gone; amounts, dates, lines, district and the receipt type stay (SUNAT, the books).
      await tx
        .update(pedidos)
        .set({
          clienteId: null,
          nombre,
          apellido: '',
          correo: '',
          telefono: '',
          direccion: sql`CASE WHEN ${pedidos.recojo} THEN ${pedidos.direccion} ELSE '' END`,
          instrucciones: '',
          documentoNumero: '',
          facturaRuc: sql`CASE WHEN ${pedidos.facturaRuc} IS NULL THEN NULL ELSE '' END`,
          facturaRazonSocial: sql`CASE WHEN ${pedidos.facturaRazonSocial} IS NULL THEN NULL ELSE ${nombre} END`,
          facturaDireccion: sql`CASE WHEN ${pedidos.facturaDireccion} IS NULL THEN NULL ELSE '' END`,
          // Her own coupon's code carries her user name (BIENVENIDA-…); the amount it took off stays.
          codigoDescuento: sql`CASE WHEN ${pedidos.cuponUsuarioId} IS NULL THEN ${pedidos.codigoDescuento} ELSE NULL END`,
          cuponUsuarioId: null,
        })
        .where(inArray(pedidos.id, pedidoIds));
      await tx
        .update(pedidoHistorial)
        .set({ nota: limpio(pedidoHistorial.nota, patron) })
        .where(inArray(pedidoHistorial.pedidoId, pedidoIds));
      await tx
        .update(pedidoNotas)
        .set({ texto: limpio(pedidoNotas.texto, patron) })
        .where(inArray(pedidoNotas.pedidoId, pedidoIds));
      const devueltas = await tx
        .update(devoluciones)
        .set({ motivo: limpio(devoluciones.motivo, patron) })
        .where(inArray(devoluciones.pedidoId, pedidoIds))
        .returning({ id: devoluciones.id });
      devolucionIds.push(...devueltas.map((d) => d.id));
      await tx
        .update(reembolsos)
        .set({ motivo: limpio(reembolsos.motivo, patron), mensaje: sql`${limpio(reembolsos.mensaje, patron)}` })
        .where(inArray(reembolsos.pedidoId, pedidoIds));
      // Receipts stay as issued (SUNAT): the buyer's name, document and address are the document's; the e-mail it was sent to is not.
      const emitidos = await tx
        .update(comprobantes)
        .set({
          cliente: sql`jsonb_set(${comprobantes.cliente}, '{correo}', '""')`,
          clienteCorregido: sql`CASE WHEN ${comprobantes.clienteCorregido} IS NULL THEN NULL ELSE jsonb_set(${comprobantes.clienteCorregido}, '{correo}', '""') END`,
        })
        .where(inArray(comprobantes.pedidoId, pedidoIds))
        .returning({ id: comprobantes.id });
      comprobantesConservados = emitidos.length;
    }
    if (reclamoIds.length) {
      // The sheet stays in the book (INDECOPI) with what happened and what was answered; who filed it does not.
      await tx
        .update(reclamos)
        .set({
          clienteId: null,
          nombre,
          documentoNumero: '',
          direccion: '',
          telefono: null,
          correo: '',
          apoderado: null,
          bienDescripcion: limpio(reclamos.bienDescripcion, patron),
          detalle: limpio(reclamos.detalle, patron),
          pedidoConsumidor: limpio(reclamos.pedidoConsumidor, patron),
          respuesta: sql`${limpio(reclamos.respuesta, patron)}`,
        })
        .where(inArray(reclamos.id, reclamoIds));
    }
    // E-mails still queued to her (an order's news, a review's invitation, a complaint's copy or answer) are not sent.
    await tx
      .update(trabajos)
      .set({ terminado: ahora, bloqueadoHasta: null, ultimoError: 'No se envía: el cliente eliminó su cuenta.' })
      .where(and(sql`${trabajos.terminado} IS NULL`, correosPendientes(pedidoIds, reclamoIds, devolucionIds)));
    // Jobs keep what they were given (an order's e-mail keeps the cancellation's note): her identifiers go from them too.
    if (patron)
      await tx
        .update(trabajos)
        .set({ datos: sql`regexp_replace(${trabajos.datos}::text, ${patron}, ${DERECHOS_DATOS.datoEliminado}, 'gi')::jsonb` })
        .where(sql`${trabajos.datos}::text ~* ${patron}`);

    const resenasBorradas = await tx.delete(resenas).where(eq(resenas.clienteId, id)).returning({ productoId: resenas.productoId });
    for (const productoId of new Set(resenasBorradas.map((r) => r.productoId))) {
      // The product's stars are counted again without hers (as moderating does).
      await tx
        .update(productos)
        .set({
          resenasCantidad: sql`(SELECT count(*) FROM ${resenas} WHERE ${resenas.productoId} = ${productoId} AND ${resenas.estado} = 'APROBADA')`,
          resenasSuma: sql`(SELECT coalesce(sum(${resenas.estrellas}), 0) FROM ${resenas} WHERE ${resenas.productoId} = ${productoId} AND ${resenas.estado} = 'APROBADA')`,
        })
        .where(eq(productos.id, productoId));
    }
    const avisosBorrados = await tx.delete(avisosStock).where(avisosDe(cliente)).returning({ id: avisosStock.id });
    await tx.delete(limitesSolicitudes).where(limitesDe(cliente));
    const cupones = await tx.select({ id: cuponesUsuario.id }).from(cuponesUsuario).where(eq(cuponesUsuario.clienteId, id));

    const resultado: ClienteEliminado = {
      mensaje: `Eliminamos la cuenta del cliente N.° ${id}. Se conservan, sin sus datos, ${cuantas(susPedidos.length, 'pedido', 'pedidos')}, ${cuantas(comprobantesConservados, 'comprobante', 'comprobantes')} y ${cuantas(reclamoIds.length, 'hoja de reclamación', 'hojas de reclamación')}.`,
      conservados: { pedidos: susPedidos.length, comprobantes: comprobantesConservados, reclamos: reclamoIds.length },
      borrados: { resenas: resenasBorradas.length, avisos: avisosBorrados.length, cupones: cupones.length },
    };
    // The request's record outlives the account (its cliente_id is set null with the account): what was done, never her data.
    await atenderSolicitud(
      tx,
      {
        clienteId: id,
        tipo: 'cancelacion',
        recibida: datos.recibida,
        operador: datos.operador,
        detalle: `Cuenta eliminada. Conservados sin sus datos: ${resultado.conservados.pedidos} pedidos, ${resultado.conservados.comprobantes} comprobantes, ${resultado.conservados.reclamos} hojas de reclamación. Borrados: ${resultado.borrados.resenas} reseñas, ${resultado.borrados.avisos} avisos, ${resultado.borrados.cupones} cupones.`,
        ahora,
      },
      config,
      noLaborable,
    );
    await audit(tx, datos.operador, [
      { accion: 'cliente.eliminar', objetivo: `cliente ${id}`, antes: null, despues: { ...resultado.conservados, ...resultado.borrados } },
    ]);
    // Coupons, reset codes and the coupons reserved for her go with the account (ON DELETE CASCADE); her requests stay, unlinked.
    await tx.delete(clientes).where(eq(clientes.id, id));
    return resultado;
  });
}

/** Everything that identifies her in the copies: the account's values and those the orders and sheets were filed with. */
function identificadores(
  cliente: Cliente,
  susPedidos: { nombre: string; apellido: string; correo: string; telefono: string; documento: string }[],
  susReclamos: { nombre: string; correo: string; telefono: string | null; documento: string }[],
) {
  const { numero } = documentoDe(cliente);
  const completo = (nombre: string, apellido: string) => [nombre, apellido].filter(Boolean).join(' ');
  return {
    nombres: [
      completo(cliente.nombre, cliente.apellido),
      cliente.nombre,
      cliente.apellido,
      ...susPedidos.flatMap((p) => [completo(p.nombre, p.apellido), p.nombre, p.apellido]),
      ...susReclamos.map((r) => r.nombre),
    ],
    literales: [
      cliente.correo,
      cliente.usuario,
      numero,
      ...susPedidos.flatMap((p) => [p.correo, p.documento]),
      ...susReclamos.flatMap((r) => [r.correo, r.documento]),
    ],
    telefonos: [cliente.telefono, ...susPedidos.map((p) => p.telefono), ...susReclamos.map((r) => r.telefono ?? '')],
  };
}

/** The queued e-mails to the customer about her orders, returns and complaints (the shop's own notices stay). */
function correosPendientes(pedidoIds: number[], reclamoIds: number[], devolucionIds: number[]): SQL {
  const enLista = (campo: string, ids: number[]) =>
    ids.length
      ? sql`(${trabajos.datos} ->> ${campo}) IN (${sql.join(
          ids.map((id) => sql`${String(id)}`),
          sql`, `,
        )})`
      : sql`false`;
  const porPedido = ['correo-confirmacion', 'correo-estado', TRABAJO_INSTRUCCIONES, TRABAJO_INVITACION_RESENA];
  const porReclamo = [TRABAJOS_RECLAMO.copia, TRABAJOS_RECLAMO.enlace, TRABAJOS_RECLAMO.respuesta];
  return sql`((${inArray(trabajos.tipo, porPedido)} AND ${enLista('pedidoId', pedidoIds)})
    OR (${inArray(trabajos.tipo, porReclamo)} AND ${enLista('id', reclamoIds)})
    OR (${eq(trabajos.tipo, TRABAJO_CORREO_DEVOLUCION)} AND ${enLista('devolucionId', devolucionIds)}))`;
}
