import { asc, inArray, sql } from 'drizzle-orm';
import type { ValoresLote } from '../../../lib/api/lote-schemas.ts';
import { formatSoles } from '../../../lib/pricing/money.ts';
import type { Db, Tx } from '../../db/client.ts';
import { productos } from '../../db/schema/index.ts';
import type { Cambio } from '../audit.ts';

/** A product as a batch reads it: its name for the messages and the fields a batch changes. */
export interface ProductoLote {
  idProducto: number;
  sku: string | null;
  nombre: string;
  valores: ValoresLote;
}

/** Every field a batch may write, stock_total included, in a stable order. */
export const CAMPOS_GUARDADOS = [
  'precio',
  'descuento',
  'descuentoN',
  'descuentoDesde',
  'descuentoHasta',
  'stock',
  'stock_total',
  'visible',
  'newores',
] as const satisfies readonly (keyof ValoresLote)[];

/**
 * The products with these ids and their batch fields, by id; with `bloquear`, their rows are locked
 * first in id order (the order checkouts lock them, so the two never deadlock).
 */
export async function leerProductos(db: Db | Tx, ids: number[], { bloquear = false } = {}): Promise<Map<number, ProductoLote>> {
  if (ids.length === 0) return new Map();
  const consulta = db
    .select({
      idProducto: productos.id,
      sku: productos.sku,
      nombre: productos.nombre,
      precio: productos.precio,
      descuento: productos.descuento,
      descuentoN: productos.descuentoN,
      descuentoDesde: productos.descuentoDesde,
      descuentoHasta: productos.descuentoHasta,
      stock: productos.stock,
      stock_total: productos.stockTotal,
      visible: productos.visible,
      newores: productos.newores,
    })
    .from(productos)
    .where(inArray(productos.id, ids))
    .orderBy(asc(productos.id));
  const filas = await (bloquear ? consulta.for('update') : consulta);
  return new Map(
    filas.map(({ idProducto, sku, nombre, ...valores }) => [
      idProducto,
      {
        idProducto,
        sku,
        nombre,
        valores: {
          ...valores,
          precio: Number(valores.precio),
          descuento: Number(valores.descuento),
          descuentoN: Number(valores.descuentoN),
        },
      },
    ]),
  );
}

/**
 * Writes each product's final values in one statement (a batch of thousands is one round trip; the
 * catalogue triggers fire once). Call motivoStock first in the same transaction.
 */
export async function escribirValores(tx: Db | Tx, filas: { idProducto: number; valores: ValoresLote }[]): Promise<void> {
  if (filas.length === 0) return;
  const datos = JSON.stringify(
    filas.map(({ idProducto, valores: v }) => ({
      id: idProducto,
      precio: v.precio,
      descuento: v.descuento,
      descuento_n: v.descuentoN,
      descuento_desde: v.descuentoDesde,
      descuento_hasta: v.descuentoHasta,
      stock: v.stock,
      stock_total: v.stock_total,
      visible: v.visible,
      newores: v.newores,
    })),
  );
  await tx.execute(sql`
    UPDATE ${productos} AS p SET precio = v.precio, descuento = v.descuento, descuento_n = v.descuento_n,
      descuento_desde = v.descuento_desde, descuento_hasta = v.descuento_hasta, stock = v.stock,
      stock_total = v.stock_total, visible = v.visible, newores = v.newores
    FROM jsonb_to_recordset(${datos}::jsonb) AS v(id integer, precio numeric, descuento numeric, descuento_n numeric,
      descuento_desde date, descuento_hasta date, stock integer, stock_total integer, visible boolean, newores text)
    WHERE p.id = v.id`);
}

/** 'producto 12 (SKU-1)': how the audit trail names a product (as the product change does). */
export const objetivoProducto = ({ idProducto, sku }: { idProducto: number; sku: string | null }) =>
  `producto ${idProducto}${sku ? ` (${sku})` : ''}`;

/** 'producto 12 (Aceite limpiador, SKU ANUA-1)': how a refusal names it to the owner. */
export const nombreProducto = ({ idProducto, sku, nombre }: { idProducto: number; sku: string | null; nombre: string }) =>
  `producto ${idProducto} (${nombre}${sku ? `, SKU ${sku}` : ''})`;

/** The fields whose values differ between two sets of values. */
export const camposDistintos = (a: Partial<ValoresLote>, b: Partial<ValoresLote>, campos: readonly (keyof ValoresLote)[]) =>
  campos.filter((campo) => a[campo] !== b[campo]);

/** One field's value as the owner reads it. */
export function describirValor(campo: keyof ValoresLote, valor: unknown): string {
  switch (campo) {
    case 'precio':
    case 'descuentoN':
      return formatSoles(valor as number);
    case 'descuento':
      return `${valor} %`;
    case 'descuentoDesde':
    case 'descuentoHasta':
      return valor === null ? 'sin fecha' : String(valor).split('-').reverse().join('/');
    case 'visible':
      return valor ? 'visible' : 'oculto';
    case 'newores':
      return valor === '' ? 'sin insignia' : String(valor);
    default:
      return String(valor);
  }
}

/** The audit entry of one product's change. */
export const cambioAuditado = (
  accion: string,
  producto: { idProducto: number; sku: string | null },
  antes: Partial<ValoresLote>,
  despues: Partial<ValoresLote>,
  idLote: number,
): Cambio => ({ accion, objetivo: objetivoProducto(producto), antes, despues: { ...despues, lote: idLote } });
