import { and, type AnyColumn, asc, desc, eq, gte, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type {
  DetallePedidoBackoffice,
  FilaPedido,
  FiltroPedidos,
  OrdenPedidos,
  PaginaPedidos,
  Rol,
  VistaPedidos,
} from '../../lib/api/backoffice-schemas.ts';
import type { EstadoPedido } from '../../lib/api/checkout-schemas.ts';
import type { DetallePedidoOperador, PagoOperador } from '../../lib/api/orders-schemas.ts';
import { type NoLaborable, plazoHabil } from '../../lib/dias-habiles.ts';
import { toSoles } from '../../lib/pricing/money.ts';
import { PEDIDOS } from '../../lib/tienda.ts';
import { comprobantesDePedido, comprobantesOperador } from '../comprobantes/queries.ts';
import type { Db, Tx } from '../db/client.ts';
import { CON_ACENTO, pagos, pedidoHistorial, pedidoLineas, pedidoNotas, pedidos, SIN_ACENTO, trabajos } from '../db/schema/index.ts';
import { paymentFlag, paymentsOfOrders } from '../orders/payment-alerts.ts';
import { orderDetail } from '../orders/queries.ts';
import { nextStates } from '../orders/life.ts';
import { reembolsosOperador } from '../orders/devoluciones-vista.ts';

/** Any order's detail for the operator: the customer's detail plus contact, delivery snapshot, notes, next states and receipts (their pages on `siteUrl`). */
export async function operatorOrderDetail(db: Db, pedidoId: number, siteUrl: string): Promise<DetallePedidoOperador | undefined> {
  const detalle = await orderDetail(db, pedidoId);
  const [pedido] = detalle ? await db.select().from(pedidos).where(eq(pedidos.id, pedidoId)) : [];
  if (!detalle || !pedido) return undefined;
  const notas = await db
    .select({ estado: pedidoHistorial.estado, fecha: pedidoHistorial.fecha, nota: pedidoHistorial.nota })
    .from(pedidoHistorial)
    .where(eq(pedidoHistorial.pedidoId, pedidoId))
    .orderBy(asc(pedidoHistorial.fecha), asc(pedidoHistorial.id));
  const lista = (await paymentsOfOrders(db, [pedidoId])).get(pedidoId) ?? [];
  return {
    ...detalle,
    cliente: {
      nombre: pedido.nombre,
      apellido: pedido.apellido,
      correo: pedido.correo,
      telefono: pedido.telefono,
      documento_tipo: pedido.documentoTipo,
      documento_numero: pedido.documentoNumero,
    },
    instrucciones: pedido.instrucciones,
    horario: pedido.horario,
    notas: notas.map((n) => ({ estado: n.estado as EstadoPedido, fecha: n.fecha.toISOString(), nota: n.nota })),
    siguientes: nextStates(pedido),
    ...alertaDe(pedido, lista),
    pagos: lista,
    comprobantes: await comprobantesOperador(db, await comprobantesDePedido(db, pedidoId), siteUrl),
    reembolsos: await reembolsosOperador(db, pedidoId),
  };
}

/** The order's payment flag as an optional field: absent while its payments are in order. */
function alertaDe(pedido: { estado: string; pagoId: string | null }, lista: PagoOperador[]): { alerta?: string } {
  const alerta = paymentFlag(pedido, lista);
  return alerta ? { alerta } : {};
}

// ── The orders desk (issue 36) ─────────────────────────────────────────────────────────────────

/** A column as search compares it: no accents, lower case (the same expression as the district's index, its letters written in). */
const plano = (columna: SQL | AnyColumn) => sql`lower(translate(${columna}, ${sql.raw(`'${CON_ACENTO}'`)}, ${sql.raw(`'${SIN_ACENTO}'`)}))`;
/** A text as search compares it (the same folding as `plano`). */
export const textoPlanoBusqueda = (texto: string) => texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** A LIKE pattern matching `texto` anywhere, its wildcards taken literally. */
export const contiene = (texto: string) => `%${texto.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The order's payments need the operator: the SQL twin of paymentFlag (payment-alerts.ts), so the 'con-alerta' view pages in the database. */
export const conAlerta = sql`EXISTS (
  SELECT 1 FROM ${pagos} pa
  WHERE pa.pedido_id = ${pedidos.id}
    AND (
      regexp_replace(pa.estado, '^no-coincide:', '') IN ('charged_back', 'in_mediation')
      OR (regexp_replace(pa.estado, '^no-coincide:', '') = 'approved' AND pa.id IS DISTINCT FROM ${pedidos.pagoId})
      OR (pa.id = ${pedidos.pagoId} AND regexp_replace(pa.estado, '^no-coincide:', '') <> 'approved' AND ${pedidos.estado} <> 'CANCELADO')
    )
)`;

/** The saved views (docs/decisions/0174-vistas-pedidos.md): paid orders wait EN PREPARACION until they leave or are ready for pickup. */
const VISTA: Record<VistaPedidos, SQL> = {
  'por-preparar': sql`${pedidos.estado} = 'EN PREPARACION'`,
  'por-enviar': sql`${pedidos.estado} = 'EN PREPARACION' AND NOT ${pedidos.recojo}`,
  recojo: sql`${pedidos.recojo} AND ${pedidos.estado} IN ('EN PREPARACION', 'LISTO PARA RECOGER')`,
  'con-alerta': conAlerta,
};

/** The queues (what waits on the shop) read oldest first unless told otherwise; the rest newest first. */
const ORDEN_POR_VISTA: Record<VistaPedidos, OrdenPedidos> = {
  'por-preparar': 'antiguo',
  'por-enviar': 'antiguo',
  recojo: 'antiguo',
  'con-alerta': 'reciente',
};
const ORDEN: Record<OrdenPedidos, SQL[]> = {
  reciente: [desc(pedidos.creado), desc(pedidos.id)],
  antiguo: [asc(pedidos.creado), asc(pedidos.id)],
  'total-mayor': [desc(pedidos.total), desc(pedidos.id)],
  'total-menor': [asc(pedidos.total), asc(pedidos.id)],
};

/** The instant a Lima date begins. */
const inicioDelDia = (dia: string) => new Date(`${dia}T00:00:00-05:00`);
const DIA_MS = 24 * 60 * 60 * 1000;

/** The WHERE of a filter (every condition the filter names, ANDed). */
export function condiciones(filtro: FiltroPedidos): SQL | undefined {
  const partes: (SQL | undefined)[] = [];
  if (filtro.vista) partes.push(VISTA[filtro.vista]);
  if (filtro.estado?.length) partes.push(inArray(pedidos.estado, filtro.estado));
  if (filtro.metodo) partes.push(eq(pedidos.metodoPago, filtro.metodo));
  if (filtro.entrega) partes.push(eq(pedidos.recojo, filtro.entrega === 'recojo'));
  if (filtro.distrito) partes.push(sql`${plano(pedidos.distrito)} = ${textoPlanoBusqueda(filtro.distrito)}`);
  if (filtro.desde) partes.push(gte(pedidos.creado, inicioDelDia(filtro.desde)));
  if (filtro.hasta) partes.push(lt(pedidos.creado, new Date(inicioDelDia(filtro.hasta).getTime() + DIA_MS)));
  // 'N.° 12' and '#12' are the order's number as the shop writes it.
  const q = filtro.q?.replace(/^(?:n\.?\s*°|#)\s*(?=\d)/i, '').trim();
  if (q) {
    // Each word must appear in the name, the e-mail or the document: 'maria pena' finds María José Peña.
    const porTexto = and(
      ...textoPlanoBusqueda(q)
        .split(/\s+/)
        .map((palabra) => {
          const patron = contiene(palabra);
          return sql`${pedidos.busqueda} LIKE ${patron}`;
        }),
    );
    // A short number is an order's (exactly); a longer one, an order's or part of a document (a DNI has 8 digits).
    partes.push(/^\d{1,4}$/.test(q) ? eq(pedidos.id, Number(q)) : /^\d{5,9}$/.test(q) ? or(eq(pedidos.id, Number(q)), porTexto) : porTexto);
  }
  return partes.length ? and(...partes) : undefined;
}

/** When a paid order should be prepared: one working day after its payment (Lima's calendar, same time of day). */
export const limitePreparacion = (pagado: Date, noLaborable: NoLaborable): Date => plazoHabil(pagado, 1, noLaborable);

/** Paid, not prepared, and older than one working day. */
export const estaAtrasado = (pedido: { estado: string; pagado: Date | null }, ahora: Date, noLaborable: NoLaborable) =>
  pedido.estado === 'EN PREPARACION' && pedido.pagado !== null && ahora > limitePreparacion(pedido.pagado, noLaborable);

/** The first lines' names, for a glance: 'Mascarilla X ×2, Tónico Y y 1 más'. */
function resumenDe(lineas: { nombre: string; cantidad: number }[]): string {
  const primeras = lineas.slice(0, 2).map((l) => (l.cantidad > 1 ? `${l.nombre} ×${l.cantidad}` : l.nombre));
  const resto = lineas.length - primeras.length;
  return `${primeras.join(', ')}${resto > 0 ? ` y ${resto} más` : ''}`;
}

/** One page of the desk's list: filtered, searched, sorted and paged in the database; only the page's own rows are read. */
export async function paginaPedidos(db: Db, filtro: FiltroPedidos, ahora: Date, noLaborable: NoLaborable): Promise<PaginaPedidos> {
  const pagina = filtro.pagina ?? 1;
  // Without a page size, the newest orders as the command line has always listed them.
  const porPagina = filtro.porPagina ?? PEDIDOS.listaOperadorMaxima;
  const donde = condiciones(filtro);
  const orden = ORDEN[filtro.orden ?? (filtro.vista ? ORDEN_POR_VISTA[filtro.vista] : 'reciente')];
  const [rows, [cuenta]] = await Promise.all([
    db
      .select({
        id: pedidos.id,
        creado: pedidos.creado,
        estado: pedidos.estado,
        nombre: pedidos.nombre,
        apellido: pedidos.apellido,
        correo: pedidos.correo,
        total: pedidos.total,
        recojo: pedidos.recojo,
        metodoEnvio: pedidos.metodoEnvio,
        metodoPago: pedidos.metodoPago,
        documentoTipo: pedidos.documentoTipo,
        documentoNumero: pedidos.documentoNumero,
        distrito: pedidos.distrito,
        pagado: pedidos.pagado,
        pagoId: pedidos.pagoId,
        courier: pedidos.courier,
        guia: pedidos.guia,
      })
      .from(pedidos)
      .where(donde)
      .orderBy(...orden)
      .limit(porPagina)
      .offset((pagina - 1) * porPagina),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(pedidos)
      .where(donde),
  ]);
  const ids = rows.map((row) => row.id);
  const [lineas, pagosDe] = await Promise.all([
    ids.length
      ? db
          .select({ pedidoId: pedidoLineas.pedidoId, nombre: pedidoLineas.nombre, cantidad: pedidoLineas.cantidad })
          .from(pedidoLineas)
          .where(inArray(pedidoLineas.pedidoId, ids))
          .orderBy(asc(pedidoLineas.id))
      : Promise.resolve([]),
    paymentsOfOrders(db, ids),
  ]);
  const lineasDe = new Map<number, { nombre: string; cantidad: number }[]>();
  for (const linea of lineas) lineasDe.set(linea.pedidoId, [...(lineasDe.get(linea.pedidoId) ?? []), linea]);
  return {
    pedidos: rows.map((row) => {
      const suyas = lineasDe.get(row.id) ?? [];
      const desde = row.pagado ?? row.creado;
      return {
        idVenta: row.id,
        fecha: row.creado.toISOString(),
        estado: row.estado as EstadoPedido,
        cliente: [row.nombre, row.apellido].filter(Boolean).join(' '),
        correo: row.correo,
        total: toSoles(row.total),
        recojo: row.recojo,
        metodo_envio: row.metodoEnvio,
        productos: suyas.reduce((suma, l) => suma + l.cantidad, 0),
        ...alertaDe(row, pagosDe.get(row.id) ?? []),
        metodo_pago: row.metodoPago,
        documento: `${row.documentoTipo} ${row.documentoNumero}`,
        distrito: row.distrito ?? '',
        edadHoras: Math.max(0, Math.floor((ahora.getTime() - desde.getTime()) / 3_600_000)),
        atrasado: estaAtrasado(row, ahora, noLaborable),
        courier: row.courier,
        guia: row.guia,
        resumen: resumenDe(suyas),
      } satisfies FilaPedido;
    }),
    total: cuenta?.n ?? 0,
    pagina,
    porPagina,
  };
}

/** The last courier anyone sent an order with, to prefill the ship form. */
export async function ultimoCourier(db: Db | Tx): Promise<string | null> {
  const [row] = await db
    .select({ courier: pedidos.courier })
    .from(pedidos)
    .where(isNotNull(pedidos.courier))
    .orderBy(desc(pedidos.actualizado))
    .limit(1);
  return row?.courier ?? null;
}

/** The order's last e-mail to the customer about its state (the payment's confirmation or a state's notice), as its job was queued. */
export async function ultimoCorreoEstado(
  db: Db | Tx,
  pedidoId: number,
): Promise<{ tipo: string; datos: Record<string, unknown> } | undefined> {
  const [row] = await db
    .select({ tipo: trabajos.tipo, datos: trabajos.datos })
    .from(trabajos)
    .where(and(inArray(trabajos.tipo, ['correo-confirmacion', 'correo-estado']), sql`${trabajos.datos}->>'pedidoId' = ${String(pedidoId)}`))
    .orderBy(desc(trabajos.id))
    .limit(1);
  return row ? { tipo: row.tipo, datos: row.datos as Record<string, unknown> } : undefined;
}

/** The desk's detail: the operator's, plus each step's actor, the internal notes, the last courier and what may be done now. */
export async function detalleMesa(db: Db, pedidoId: number, siteUrl: string, rol: Rol): Promise<DetallePedidoBackoffice | undefined> {
  const base = await operatorOrderDetail(db, pedidoId, siteUrl);
  if (!base) return undefined;
  const [[pedido], pasos, notas, courier, correo] = await Promise.all([
    db.select({ metodoPago: pedidos.metodoPago, pagado: pedidos.pagado }).from(pedidos).where(eq(pedidos.id, pedidoId)),
    db
      .select({ estado: pedidoHistorial.estado, fecha: pedidoHistorial.fecha, nota: pedidoHistorial.nota, actor: pedidoHistorial.actor })
      .from(pedidoHistorial)
      .where(eq(pedidoHistorial.pedidoId, pedidoId))
      .orderBy(asc(pedidoHistorial.fecha), asc(pedidoHistorial.id)),
    db.select().from(pedidoNotas).where(eq(pedidoNotas.pedidoId, pedidoId)).orderBy(asc(pedidoNotas.fecha), asc(pedidoNotas.id)),
    ultimoCourier(db),
    ultimoCorreoEstado(db, pedidoId),
  ]);
  const estado = base.estado;
  const acciones: DetallePedidoBackoffice['acciones'] = [];
  if (estado === 'EN TRANSITO') acciones.push('corregir-guia');
  if (correo) acciones.push('reenviar-correo');
  if (rol === 'dueno' && pedido!.pagado && ['EN PREPARACION', 'EN TRANSITO', 'LISTO PARA RECOGER'].includes(estado))
    acciones.push('reembolsar');
  if (rol === 'dueno' && estado === 'ENTREGADO') acciones.push('devolver');
  if (pedido!.metodoPago === 'transferencia' && estado === 'PENDIENTE') acciones.push('confirmar-transferencia');
  return {
    ...base,
    pasos: pasos.map((p) => ({ estado: p.estado as EstadoPedido, fecha: p.fecha.toISOString(), nota: p.nota, actor: p.actor })),
    notasInternas: notas.map((n) => ({ id: n.id, fecha: n.fecha.toISOString(), autor: n.autor, texto: n.texto })),
    ultimoCourier: courier,
    acciones,
  };
}
