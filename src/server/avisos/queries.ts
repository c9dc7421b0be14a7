import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { avisosStock, clientes, productos, trabajos } from '../db/schema/index.ts';

/** 'Avísame cuando llegue' (issue 25): subscriptions to a sold-out product, and their one-click unsubscribe. */

/** The job the restock trigger of migration 0011 enqueues (`datos: { productoId }`). */
export const TRABAJO_AVISO_STOCK = 'aviso-stock';
/** The same work again once a restock has settled (`datos: { productoId }`); kept apart so it never looks like a restock. */
export const TRABAJO_AVISO_STOCK_ASENTADO = 'aviso-stock-asentado';

/** What the subscription and the e-mail need of a product. */
export interface ProductoAviso {
  id: number;
  nombre: string;
  stock: number;
  visible: boolean;
}

export async function productoParaAviso(db: Db, id: number): Promise<ProductoAviso | undefined> {
  const [row] = await db
    .select({ id: productos.id, nombre: productos.nombre, stock: productos.stock, visible: productos.visible })
    .from(productos)
    .where(eq(productos.id, id));
  return row;
}

/** A customer's current address (the token's copy may predate a profile change). */
export async function correoDeCliente(db: Db, clienteId: number): Promise<string | undefined> {
  const [row] = await db.select({ correo: clientes.correo }).from(clientes).where(eq(clientes.id, clienteId));
  return row?.correo.trim().toLowerCase();
}

/**
 * Subscribes `correo` to `productoId`; false when nothing was added: that address was already waiting
 * for it (the partial unique index of pending rows decides, so two simultaneous requests make one), or,
 * with `limite`, it already waits for that many products (an anonymous request's cap: nobody proved
 * the address is theirs). The caller answers alike either way.
 */
export async function suscribir(
  db: Db,
  { productoId, correo, clienteId, limite }: { productoId: number; correo: string; clienteId: number | null; limite?: number },
): Promise<boolean> {
  const bajoLimite =
    limite === undefined
      ? sql`true`
      : sql`(SELECT count(*) FROM ${avisosStock} WHERE correo = ${correo} AND enviado IS NULL AND baja IS NULL) < ${limite}`;
  const result = await db.execute(sql`
    INSERT INTO ${avisosStock} (producto_id, correo, cliente_id, clave)
    SELECT ${productoId}, ${correo}, ${clienteId}, ${randomBytes(16).toString('hex')} WHERE ${bajoLimite}
    ON CONFLICT (producto_id, correo) WHERE enviado IS NULL AND baja IS NULL DO NOTHING
    RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * When a restock of `productoId` is old enough to announce: undefined when its stock came back at least
 * `esperaSegundos` ago (or no restock is on record), else the moment it will be. The restock trigger
 * adds a job each time the stock comes back from 0, so the newest one is when it last came back: stock
 * there now that came back before that moment has been there ever since.
 */
export async function reposicionPorAsentar(db: Db, productoId: number, esperaSegundos: number): Promise<Date | undefined> {
  const result = await db.execute(sql`
    SELECT listo FROM (
      SELECT max(creado) + make_interval(secs => ${esperaSegundos}) AS listo
      FROM ${trabajos} WHERE tipo = ${TRABAJO_AVISO_STOCK} AND datos->>'productoId' = ${String(productoId)}) r
    WHERE listo > now()`);
  const [row] = (result as unknown as { rows: { listo: Date | string }[] }).rows;
  return row ? new Date(row.listo) : undefined;
}

/** The pending subscriptions of a product, oldest first. */
export const pendientesDe = (db: Db, productoId: number) =>
  db
    .select()
    .from(avisosStock)
    .where(and(eq(avisosStock.productoId, productoId), isNull(avisosStock.enviado), isNull(avisosStock.baja)))
    .orderBy(asc(avisosStock.id));

/** A well-formed key: 32 lower-case hex digits. */
export const CLAVE_AVISO = /^[0-9a-f]{32}$/;

/**
 * Ends the subscription of `clave` (its `baja`, once); answers the product's name, or undefined for an
 * unknown key. A subscription already sent or ended answers its product too: the link stays harmless.
 */
export async function darDeBaja(db: Db, clave: string): Promise<{ producto: string; yaEnviado: boolean } | undefined> {
  if (!CLAVE_AVISO.test(clave)) return undefined;
  await db
    .update(avisosStock)
    .set({ baja: new Date() })
    .where(and(eq(avisosStock.clave, clave), isNull(avisosStock.baja), isNull(avisosStock.enviado)));
  const [row] = await db
    .select({ producto: productos.nombre, enviado: avisosStock.enviado })
    .from(avisosStock)
    .innerJoin(productos, eq(productos.id, avisosStock.productoId))
    .where(eq(avisosStock.clave, clave));
  return row && { producto: row.producto, yaEnviado: row.enviado !== null };
}
