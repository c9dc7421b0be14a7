import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DevolucionCliente, ReembolsoOperador } from '../../lib/api/devoluciones-schemas.ts';
import { toSoles } from '../../lib/pricing/money.ts';
import type { Db, Tx } from '../db/client.ts';
import { devolucionLineas, devoluciones, pedidoLineas, reembolsos, type Devolucion } from '../db/schema/index.ts';

/** What the order details show of an order's returns and refunds (issue 36); no side effects. */

export interface DevolucionConLineas {
  devolucion: Devolucion;
  lineas: {
    pedidoLineaId: number;
    nombreProducto: string;
    color: string;
    tamano: string;
    cantidad: number;
    monto: number;
    revendible: boolean;
  }[];
}

/** An order's returns with their lines' names and units, oldest first. */
export async function devolucionesDelPedido(db: Db, pedidoId: number): Promise<DevolucionConLineas[]> {
  const lista = await db.select().from(devoluciones).where(eq(devoluciones.pedidoId, pedidoId)).orderBy(asc(devoluciones.id));
  if (lista.length === 0) return [];
  const lineas = await db
    .select({
      devolucionId: devolucionLineas.devolucionId,
      pedidoLineaId: devolucionLineas.pedidoLineaId,
      nombreProducto: pedidoLineas.nombre,
      color: devolucionLineas.color,
      tamano: devolucionLineas.tamano,
      cantidad: devolucionLineas.cantidad,
      monto: devolucionLineas.monto,
      revendible: devolucionLineas.revendible,
    })
    .from(devolucionLineas)
    .innerJoin(pedidoLineas, eq(devolucionLineas.pedidoLineaId, pedidoLineas.id))
    .where(
      inArray(
        devolucionLineas.devolucionId,
        lista.map((d) => d.id),
      ),
    )
    .orderBy(asc(devolucionLineas.id));
  return lista.map((devolucion) => ({
    devolucion,
    lineas: lineas.filter((l) => l.devolucionId === devolucion.id).map(({ devolucionId: _, ...l }) => l),
  }));
}

/** The customer's view of an order's returns (Mis Compras): date, amount refunded in soles, units by product. */
export async function devolucionesCliente(db: Db, pedidoId: number): Promise<DevolucionCliente[]> {
  return (await devolucionesDelPedido(db, pedidoId)).map(({ devolucion, lineas }) => {
    const porNombre = new Map<string, number>();
    for (const l of lineas) porNombre.set(l.nombreProducto, (porNombre.get(l.nombreProducto) ?? 0) + l.cantidad);
    return {
      fecha: devolucion.creado.toISOString(),
      monto: toSoles(devolucion.monto),
      lineas: [...porNombre].map(([nombreProducto, cantidad]) => ({ nombreProducto, cantidad })),
    };
  });
}

/** Céntimos of a payment the shop itself has refunded or is refunding (approved or pending refunds): a provider's 'refunded' report of them is no news. */
export async function reembolsadoPorLaTienda(db: Db | Tx, pagoId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${reembolsos.monto}), 0)::int` })
    .from(reembolsos)
    .where(and(eq(reembolsos.pagoId, pagoId), inArray(reembolsos.estado, ['pendiente', 'aprobado'])));
  return Number(row?.total ?? 0);
}

/** An order's refunds as the operator's detail shows them, oldest first. */
export async function reembolsosOperador(db: Db, pedidoId: number): Promise<ReembolsoOperador[]> {
  const rows = await db.select().from(reembolsos).where(eq(reembolsos.pedidoId, pedidoId)).orderBy(asc(reembolsos.id));
  return rows.map((r) => ({
    id: r.id,
    fecha: r.creado.toISOString(),
    monto: toSoles(r.monto),
    motivo: r.motivo,
    estado: r.estado,
    id_proveedor: r.idProveedor,
    devolucion: r.devolucionId,
    quien: r.quien,
    mensaje: r.mensaje,
  }));
}
