import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DetalleCliente, FilaCliente, PaginaClientes, SolicitudCliente, TipoSolicitud } from '../../lib/api/clientes-schemas.ts';
import { numeroReclamo } from '../../lib/api/reclamos-schemas.ts';
import type { DocType } from '../../lib/api/account-rules.ts';
import { fechaLima } from '../../lib/dates.ts';
import { diasHabilesEntre, sumarDiasHabiles, type NoLaborable } from '../../lib/dias-habiles.ts';
import { contiene, textoPlanoBusqueda } from '../admin/queries.ts';
import type { DerechosDatosConfig } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { avisosStock, clientes, pedidos, productos, reclamos, resenas, solicitudesDatos, type Cliente } from '../db/schema/index.ts';

/** Her identity document as the page shows it: the one she keeps (saving one clears the others). */
export function documentoDe(cliente: Pick<Cliente, 'dni' | 'pasaporte' | 'carnetExtranjeria'>): { tipo: DocType | null; numero: string } {
  if (cliente.dni) return { tipo: 'DNI', numero: cliente.dni };
  if (cliente.pasaporte) return { tipo: 'PASAPORTE', numero: cliente.pasaporte };
  if (cliente.carnetExtranjeria) return { tipo: 'CARNET EXTRANJERIA', numero: cliente.carnetExtranjeria };
  return { tipo: null, numero: '' };
}

const NOMBRE_DOCUMENTO: Record<DocType, string> = { DNI: 'DNI', PASAPORTE: 'Pasaporte', 'CARNET EXTRANJERIA': 'Carné de extranjería' };

/** The search's WHERE: each word somewhere in her name, user, e-mail or documents, without accents or case ('maria pena' finds María Peña). */
export function busquedaClientes(q: string | undefined): SQL | undefined {
  const palabras = textoPlanoBusqueda(q ?? '')
    .split(/\s+/)
    .filter(Boolean);
  if (palabras.length === 0) return undefined;
  return and(...palabras.map((palabra) => sql`${clientes.busqueda} LIKE ${contiene(palabra)}`));
}

/** One page of the customers, newest accounts first, with her orders and pending requests counted. */
export async function paginaClientes(
  db: Db,
  { q, pagina = 1 }: { q?: string; pagina?: number },
  porPagina: number,
): Promise<PaginaClientes> {
  const donde = busquedaClientes(q);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(clientes).where(donde);
  // Spelled out with their tables: drizzle writes a one-table select's columns unqualified, and inside a subquery
  // an unqualified "id" would be the subquery's own.
  const filas = await db
    .select({
      cliente: clientes,
      pedidos: sql<number>`(SELECT count(*) FROM pedidos p WHERE p.cliente_id = clientes.id)`.mapWith(Number),
      ultimoPedido: sql<Date | null>`(SELECT max(p.creado) FROM pedidos p WHERE p.cliente_id = clientes.id)`,
      pendientes: sql<number>`(SELECT count(*) FROM solicitudes_datos s WHERE s.cliente_id = clientes.id AND s.atendida IS NULL)`.mapWith(
        Number,
      ),
    })
    .from(clientes)
    .where(donde)
    .orderBy(desc(clientes.creado), desc(clientes.id))
    .limit(porPagina)
    .offset((pagina - 1) * porPagina);
  return {
    clientes: filas.map(({ cliente, pedidos: n, ultimoPedido, pendientes }): FilaCliente => {
      const documento = documentoDe(cliente);
      return {
        id: cliente.id,
        nombre: [cliente.nombre, cliente.apellido].filter(Boolean).join(' '),
        correo: cliente.correo,
        documento: documento.tipo ? `${NOMBRE_DOCUMENTO[documento.tipo]} ${documento.numero}` : '',
        telefono: cliente.telefono,
        creado: cliente.creado.toISOString(),
        pedidos: n,
        // A subquery's timestamp comes back as text on some drivers: read it as a date either way.
        ultimoPedido: ultimoPedido === null ? null : new Date(ultimoPedido).toISOString(),
        solicitudesPendientes: pendientes,
      };
    }),
    total,
    pagina,
    porPagina,
  };
}

/** The customer with that id, locked for the change when `tx` asks. */
export async function clientePorId(db: Db | Tx, id: number, bloquear = false): Promise<Cliente | undefined> {
  const consulta = db.select().from(clientes).where(eq(clientes.id, id));
  const [cliente] = bloquear ? await consulta.for('update') : await consulta;
  return cliente;
}

/**
 * The complaint sheets that are hers: filed from her account, or with her e-mail or her document
 * (anyone may file without an account: the sheet names the consumer, not the account).
 */
export function reclamosDe(cliente: Cliente): SQL {
  const { numero } = documentoDe(cliente);
  return or(
    eq(reclamos.clienteId, cliente.id),
    sql`lower(${reclamos.correo}) = ${cliente.correo.toLowerCase()}`,
    numero ? sql`upper(${reclamos.documentoNumero}) = ${numero.toUpperCase()}` : undefined,
  )!;
}

/** Her restock alerts: asked from her account or with her e-mail. */
export const avisosDe = (cliente: Cliente): SQL =>
  or(eq(avisosStock.clienteId, cliente.id), sql`lower(${avisosStock.correo}) = ${cliente.correo.toLowerCase()}`)!;

/** A request as her page shows it, with the working days left while it waits. */
export function solicitudDe(row: typeof solicitudesDatos.$inferSelect, hoy: string, noLaborable: NoLaborable): SolicitudCliente {
  return {
    id: row.id,
    tipo: row.tipo,
    recibida: row.recibida,
    plazo: row.plazo,
    atendida: row.atendida?.toISOString() ?? null,
    atendidaPor: row.atendidaPor,
    detalle: row.detalle,
    diasHabilesRestantes: row.atendida ? null : diasHabilesEntre(hoy, row.plazo, noLaborable),
  };
}

/** The deadline of a request of `tipo` received on `recibida` (working days in Lima's calendar). */
export const plazoDe = (tipo: TipoSolicitud, recibida: string, config: DerechosDatosConfig, noLaborable: NoLaborable) =>
  sumarDiasHabiles(recibida, config.plazos[tipo], noLaborable);

/** Her page: her account, orders, reviews, complaints, alerts, consents and requests. */
export async function detalleCliente(
  db: Db | Tx,
  cliente: Cliente,
  config: DerechosDatosConfig,
  noLaborable: NoLaborable,
  ahora = new Date(),
): Promise<DetalleCliente> {
  const hoy = fechaLima(ahora);
  const [susPedidos, susResenas, susReclamos, susAvisos, susSolicitudes] = await Promise.all([
    db
      .select({ idVenta: pedidos.id, fecha: pedidos.creado, estado: pedidos.estado, total: pedidos.total, metodoPago: pedidos.metodoPago })
      .from(pedidos)
      .where(eq(pedidos.clienteId, cliente.id))
      .orderBy(desc(pedidos.creado), desc(pedidos.id)),
    db
      .select({
        id: resenas.id,
        producto: productos.nombre,
        estrellas: resenas.estrellas,
        titulo: resenas.titulo,
        estado: resenas.estado,
        creada: resenas.creada,
      })
      .from(resenas)
      .innerJoin(productos, eq(productos.id, resenas.productoId))
      .where(eq(resenas.clienteId, cliente.id))
      .orderBy(desc(resenas.creada)),
    db.select().from(reclamos).where(reclamosDe(cliente)).orderBy(desc(reclamos.fecha)),
    db
      .select({ producto: productos.nombre, creado: avisosStock.creado, enviado: avisosStock.enviado, baja: avisosStock.baja })
      .from(avisosStock)
      .innerJoin(productos, eq(productos.id, avisosStock.productoId))
      .where(avisosDe(cliente))
      .orderBy(desc(avisosStock.creado)),
    db
      .select()
      .from(solicitudesDatos)
      .where(eq(solicitudesDatos.clienteId, cliente.id))
      .orderBy(desc(solicitudesDatos.recibida), desc(solicitudesDatos.id)),
  ]);
  const documento = documentoDe(cliente);
  return {
    cliente: {
      id: cliente.id,
      nombre: cliente.nombre,
      apellido: cliente.apellido,
      usuario: cliente.usuario,
      correo: cliente.correo,
      telefono: cliente.telefono,
      ciudad: cliente.ciudad,
      direccion: cliente.direccion,
      documentoTipo: documento.tipo,
      documentoNumero: documento.numero,
      creado: cliente.creado.toISOString(),
    },
    consentimientos: {
      marketing: cliente.aceptaMarketing,
      correosEnviados: cliente.claveCorreos !== null,
      avisosPendientes: susAvisos.filter((aviso) => aviso.enviado === null && aviso.baja === null).length,
    },
    pedidos: susPedidos.map((p) => ({ ...p, fecha: p.fecha.toISOString() })),
    resenas: susResenas.map((r) => ({ ...r, creada: r.creada.toISOString() })),
    reclamos: susReclamos.map((r) => ({
      numero: numeroReclamo(r.anio, r.correlativo),
      fecha: r.fecha.toISOString(),
      tipo: r.tipo,
      respondido: r.respondido?.toISOString() ?? null,
      plazo: r.plazo,
    })),
    avisos: susAvisos.map((a) => ({
      producto: a.producto,
      creado: a.creado.toISOString(),
      enviado: a.enviado?.toISOString() ?? null,
      baja: a.baja?.toISOString() ?? null,
    })),
    solicitudes: susSolicitudes.map((row) => solicitudDe(row, hoy, noLaborable)),
    plazos: { ...config.plazos },
  };
}

/**
 * Records that a request of `tipo` was answered now by `operador`: the oldest one of that kind still
 * waiting, or a new one received on `recibida` (today when absent), in the change's own transaction.
 */
export async function atenderSolicitud(
  tx: Tx,
  datos: {
    clienteId: number;
    tipo: TipoSolicitud;
    recibida?: string;
    operador: string;
    detalle: string;
    ahora: Date;
  },
  config: DerechosDatosConfig,
  noLaborable: NoLaborable,
): Promise<void> {
  const { clienteId, tipo, operador, detalle, ahora } = datos;
  const [pendiente] = await tx
    .select({ id: solicitudesDatos.id })
    .from(solicitudesDatos)
    .where(and(eq(solicitudesDatos.clienteId, clienteId), eq(solicitudesDatos.tipo, tipo), isNull(solicitudesDatos.atendida)))
    .orderBy(solicitudesDatos.recibida, solicitudesDatos.id)
    .limit(1)
    .for('update');
  if (pendiente) {
    await tx.update(solicitudesDatos).set({ atendida: ahora, atendidaPor: operador, detalle }).where(eq(solicitudesDatos.id, pendiente.id));
    return;
  }
  const recibida = datos.recibida ?? fechaLima(ahora);
  await tx.insert(solicitudesDatos).values({
    clienteId,
    tipo,
    recibida,
    plazo: plazoDe(tipo, recibida, config, noLaborable),
    atendida: ahora,
    atendidaPor: operador,
    detalle,
    registradaPor: operador,
  });
}
