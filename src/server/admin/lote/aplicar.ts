import {
  CAMPOS_LOTE,
  cambioLoteSchema,
  type CambioLote,
  type CambioProductoLote,
  type ResultadoLoteProductos,
  type ValoresLote,
} from '../../../lib/api/lote-schemas.ts';
import { motivoStock } from '../../catalogue/movimientos.ts';
import type { Db, Tx } from '../../db/client.ts';
import { lotesProductos } from '../../db/schema/index.ts';
import { clientError } from '../../http/errors.ts';
import { audit } from '../audit.ts';
import { motivoCifras, stockTotalTras } from '../product-rules.ts';
import {
  CAMPOS_GUARDADOS,
  cambioAuditado,
  camposDistintos,
  describirValor,
  escribirValores,
  leerProductos,
  nombreProducto,
  type ProductoLote,
} from './valores.ts';

/** What a batch needs besides its rows. */
export interface OpcionesLote {
  simulacro: boolean;
  operador: string;
  /** What the batch is, as the owner reads it in the undo ('Marca Anua: descuento 10 % hasta el 31/12/2026'). */
  descripcion?: string;
}

/** Each row checked by the change rules; the first wrong one refuses the whole batch, naming its row. */
export function leerCambios(filas: unknown[]): CambioLote[] {
  const vistos = new Map<number, number>();
  return filas.map((fila, indice) => {
    const parsed = cambioLoteSchema.safeParse(fila);
    const id = typeof (fila as { idProducto?: unknown })?.idProducto === 'number' ? (fila as { idProducto: number }).idProducto : null;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const mensaje = issue && !/^Invalid/.test(issue.message) ? issue.message : 'Los datos enviados no son válidos.';
      throw clientError(400, `Fila ${indice + 1}${id === null ? '' : ` (producto ${id})`}: ${mensaje}`, { fila: indice + 1 });
    }
    const anterior = vistos.get(parsed.data.idProducto);
    if (anterior !== undefined)
      throw clientError(400, `Fila ${indice + 1}: el producto ${parsed.data.idProducto} ya está en la fila ${anterior}.`, {
        fila: indice + 1,
      });
    vistos.set(parsed.data.idProducto, indice + 1);
    return parsed.data;
  });
}

/** Why a product's values after the change would be wrong (the product change's rules), or undefined. */
export function motivoValores(v: ValoresLote): string | undefined {
  const cifras = motivoCifras({ precio: v.precio, descuentoN: v.descuentoN, stock: v.stock, stockTotal: v.stock_total });
  if (cifras) return cifras;
  if (v.descuentoDesde !== null && v.descuentoHasta !== null && v.descuentoDesde > v.descuentoHasta)
    return `La fecha de inicio del descuento (${describirValor('descuentoDesde', v.descuentoDesde)}) no puede ser posterior a la de fin (${describirValor('descuentoHasta', v.descuentoHasta)}).`;
  return undefined;
}

/** A product's values after a row's change: stock_total follows the stock as in the product change. */
export function valoresTras(actual: ValoresLote, cambio: CambioLote): ValoresLote {
  const { idProducto: _id, ...campos } = cambio;
  const despues: ValoresLote = { ...actual };
  for (const campo of CAMPOS_LOTE) if (campos[campo] !== undefined) (despues as unknown as Record<string, unknown>)[campo] = campos[campo];
  if (campos.stock !== undefined) despues.stock_total = stockTotalTras(campos.stock, actual.stock_total);
  return despues;
}

const plural = (n: number, uno: string, varios: string) => `${n} ${n === 1 ? uno : varios}`;

/** '12 productos, 3 quedan agotados' (and how many already had those values). */
export function resumenLote(productos: number, agotados: number, sinCambios: number): string {
  const partes = [plural(productos, 'producto', 'productos')];
  if (agotados > 0) partes.push(plural(agotados, 'queda agotado', 'quedan agotados'));
  if (sinCambios > 0) partes.push(`${plural(sinCambios, 'ya tenía', 'ya tenían')} esos valores`);
  return partes.join(', ');
}

/** The batch's description when the owner gave none: the fields it changes. */
const descripcionDe = (cambios: CambioProductoLote[]) => {
  const campos = CAMPOS_LOTE.filter((campo) => cambios.some((cambio) => campo in cambio.despues));
  return `Edición en bloque de ${plural(cambios.length, 'producto', 'productos')}: ${campos.join(', ')}`;
};

/**
 * A batch of product changes: with `simulacro`, what would change (nothing is written); otherwise
 * every change in ONE transaction (the products locked in id order, each audited, stock moved as
 * 'lote'), the batch kept for its undo. A product that does not exist or would break a rule refuses
 * the whole batch with a 400 naming its row; nothing is written.
 */
export async function aplicarLote(db: Db, filas: unknown[], opciones: OpcionesLote): Promise<ResultadoLoteProductos> {
  const cambios = leerCambios(filas);
  const ids = cambios.map((cambio) => cambio.idProducto);
  const trabajo = async (tx: Db | Tx) => {
    const actuales = await leerProductos(tx, ids, { bloquear: !opciones.simulacro });
    const plan = planear(cambios, actuales);
    if (opciones.simulacro || plan.cambios.length === 0) return { ...plan, idLote: null };
    const descripcion = opciones.descripcion || descripcionDe(plan.cambios);
    const [lote] = await tx
      .insert(lotesProductos)
      .values({
        operador: opciones.operador,
        descripcion,
        cantidad: plan.cambios.length,
        filas: plan.cambios.map(({ idProducto, antes, despues }) => ({ idProducto, antes, despues })),
      })
      .returning({ id: lotesProductos.id });
    await motivoStock(tx, { motivo: 'lote', actor: opciones.operador, nota: `Cambio en bloque N.° ${lote!.id}: ${descripcion}` });
    await escribirValores(tx, plan.escribir);
    await audit(
      tx,
      opciones.operador,
      plan.cambios.map((cambio) => cambioAuditado('producto.lote', cambio, cambio.antes, cambio.despues, lote!.id)),
    );
    return { ...plan, descripcion, idLote: lote!.id };
  };
  const hecho = opciones.simulacro ? await trabajo(db) : await db.transaction((tx) => trabajo(tx));
  const resumen = resumenLote(hecho.cambios.length, hecho.agotados, hecho.sinCambios);
  const descripcion = 'descripcion' in hecho ? hecho.descripcion : opciones.descripcion || descripcionDe(hecho.cambios);
  return {
    simulacro: opciones.simulacro,
    resumen,
    productos: hecho.cambios.length,
    sinCambios: hecho.sinCambios,
    agotados: hecho.agotados,
    descripcion,
    cambios: hecho.cambios,
    idLote: hecho.idLote,
    mensaje: opciones.simulacro
      ? `Vista previa: ${resumen}. Aún no se guardó nada.`
      : hecho.idLote === null
        ? 'Sin cambios: los productos ya tenían esos valores.'
        : `Listo: ${resumen}. Cambio en bloque N.° ${hecho.idLote}; puedes deshacerlo.`,
  };
}

/** Each row's before and after, checked against the product's current values; the first wrong row refuses all. */
function planear(cambios: CambioLote[], actuales: Map<number, ProductoLote>) {
  const resultado: CambioProductoLote[] = [];
  const escribir: { idProducto: number; valores: ValoresLote }[] = [];
  let sinCambios = 0;
  let agotados = 0;
  cambios.forEach((cambio, indice) => {
    const producto = actuales.get(cambio.idProducto);
    if (!producto) throw clientError(400, `Fila ${indice + 1}: no existe el producto ${cambio.idProducto}.`, { fila: indice + 1 });
    const despues = valoresTras(producto.valores, cambio);
    const motivo = motivoValores(despues);
    if (motivo) throw clientError(400, `Fila ${indice + 1}, ${nombreProducto(producto)}: ${motivo}`, { fila: indice + 1 });
    const campos = camposDistintos(producto.valores, despues, CAMPOS_GUARDADOS);
    if (campos.length === 0) {
      sinCambios++;
      return;
    }
    if (despues.stock === 0 && producto.valores.stock > 0) agotados++;
    resultado.push({
      idProducto: producto.idProducto,
      sku: producto.sku,
      nombre: producto.nombre,
      antes: Object.fromEntries(campos.map((campo) => [campo, producto.valores[campo]])),
      despues: Object.fromEntries(campos.map((campo) => [campo, despues[campo]])),
    });
    escribir.push({ idProducto: producto.idProducto, valores: despues });
  });
  return { cambios: resultado, escribir, sinCambios, agotados };
}
