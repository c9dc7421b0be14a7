import { desc, eq, isNull } from 'drizzle-orm';
import type { LoteDeshecho, LoteProductosResumen, ValoresLote } from '../../../lib/api/lote-schemas.ts';
import { fechaHoraLarga } from '../../../lib/dates.ts';
import { motivoStock } from '../../catalogue/movimientos.ts';
import type { Db } from '../../db/client.ts';
import { lotesProductos } from '../../db/schema/index.ts';
import { clientError } from '../../http/errors.ts';
import { audit } from '../audit.ts';
import { cambioAuditado, describirValor, escribirValores, leerProductos, nombreProducto } from './valores.ts';

type FilaLotes = typeof lotesProductos.$inferSelect;

const resumen = (lote: FilaLotes): LoteProductosResumen => ({
  idLote: lote.id,
  fecha: lote.fecha.toISOString(),
  operador: lote.operador,
  descripcion: lote.descripcion,
  productos: lote.cantidad,
  deshecho: lote.deshecho?.toISOString() ?? null,
});

/** The newest batch not undone yet: what 'Deshacer el último cambio' undoes; null when none. */
export async function ultimoLote(db: Db): Promise<LoteProductosResumen | null> {
  const [lote] = await db.select().from(lotesProductos).where(isNull(lotesProductos.deshecho)).orderBy(desc(lotesProductos.id)).limit(1);
  return lote ? resumen(lote) : null;
}

/** How many products that moved since a batch the refusal names one by one. */
const NOMBRADOS = 5;

/**
 * Undoes batch `id` in one transaction: each product gets back exactly the values it had before (stock
 * moved as 'deshacer'), audited. Only the newest batch not yet undone can be (undo them in turn); a
 * product changed since the batch (a sale, another edit) refuses it, naming what moved, and nothing is written.
 */
export async function deshacerLote(db: Db, id: number, operador: string): Promise<LoteDeshecho> {
  return db.transaction(async (tx) => {
    const [lote] = await tx.select().from(lotesProductos).where(eq(lotesProductos.id, id)).for('update');
    if (!lote) throw clientError(404, `No existe el cambio en bloque N.° ${id}.`);
    if (lote.deshecho)
      throw clientError(409, `El cambio en bloque N.° ${id} ya se deshizo (${fechaHoraLarga(lote.deshecho)}, ${lote.deshechoPor ?? ''}).`);
    const [ultimo] = await tx
      .select({ id: lotesProductos.id, descripcion: lotesProductos.descripcion })
      .from(lotesProductos)
      .where(isNull(lotesProductos.deshecho))
      .orderBy(desc(lotesProductos.id))
      .limit(1);
    if (ultimo && ultimo.id !== id)
      throw clientError(
        409,
        `Solo se puede deshacer el último cambio en bloque: el N.° ${ultimo.id} (${ultimo.descripcion}). Deshazlo primero.`,
      );

    const actuales = await leerProductos(
      tx,
      lote.filas.map((fila) => fila.idProducto),
      { bloquear: true },
    );
    const movidos: string[] = [];
    const escribir: { idProducto: number; valores: ValoresLote }[] = [];
    for (const fila of lote.filas) {
      const producto = actuales.get(fila.idProducto);
      if (!producto) {
        movidos.push(`el producto ${fila.idProducto} ya no existe`);
        continue;
      }
      const campos = Object.keys(fila.despues) as (keyof ValoresLote)[];
      const distinto = campos.find((campo) => producto.valores[campo] !== fila.despues[campo]);
      if (distinto) {
        movidos.push(
          `${nombreProducto(producto)}: ${distinto} ${describirValor(distinto, fila.despues[distinto])} → ${describirValor(distinto, producto.valores[distinto])}`,
        );
        continue;
      }
      escribir.push({ idProducto: fila.idProducto, valores: { ...producto.valores, ...(fila.antes as Partial<ValoresLote>) } });
    }
    if (movidos.length > 0) {
      const mas = movidos.length > NOMBRADOS ? ` y ${movidos.length - NOMBRADOS} más` : '';
      throw clientError(
        409,
        `No se puede deshacer el cambio en bloque N.° ${id}: ${movidos.length === 1 ? 'un producto cambió' : `${movidos.length} productos cambiaron`} después (${movidos.slice(0, NOMBRADOS).join('; ')}${mas}). Corrígelos con un nuevo cambio.`,
        { productos: movidos.length },
      );
    }
    await motivoStock(tx, { motivo: 'deshacer', actor: operador, nota: `Deshacer el cambio en bloque N.° ${id}: ${lote.descripcion}` });
    await escribirValores(tx, escribir);
    await audit(
      tx,
      operador,
      lote.filas.map((fila) =>
        cambioAuditado(
          'producto.deshacer-lote',
          actuales.get(fila.idProducto)!,
          fila.despues as Partial<ValoresLote>,
          fila.antes as Partial<ValoresLote>,
          id,
        ),
      ),
    );
    const [hecho] = await tx
      .update(lotesProductos)
      .set({ deshecho: new Date(), deshechoPor: operador })
      .where(eq(lotesProductos.id, id))
      .returning();
    return {
      mensaje: `Se deshizo el cambio en bloque N.° ${id} (${lote.descripcion}): ${lote.cantidad} ${lote.cantidad === 1 ? 'producto volvió' : 'productos volvieron'} a sus valores anteriores.`,
      lote: resumen(hecho!),
    };
  });
}
