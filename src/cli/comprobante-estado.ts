import type { ComprobanteOperador } from '../lib/api/comprobantes-schemas.ts';

/**
 * What a receipt's state means for the operator by SUNAT's numbering rules (issue 34), in one line: shared
 * by the receipts' table (`comprobantes`), one receipt (`comprobante N`) and the order (`pedido N`).
 */

type Situacion = Pick<
  ComprobanteOperador,
  'numero' | 'tipo' | 'estado' | 'mensaje' | 'ultimoError' | 'reemplaza' | 'reemplazadoPor' | 'observaciones' | 'porCorregir' | 'proveedor'
>;

const una = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Whether the operator has something to do: a rejected receipt not yet replaced, a returned one, a pending one whose last attempt failed. */
export const porRevisar = (c: Situacion) =>
  (c.estado === 'rechazado' && !c.reemplazadoPor) || (c.estado === 'pendiente' && (c.porCorregir || Boolean(c.ultimoError ?? c.mensaje)));

/** The line: ⚠ and what to do when there is something to do, else what happened ('' when nothing worth saying). */
export function situacionComprobante(c: Situacion): string {
  const reemplaza = c.reemplaza ? `reemplaza a ${c.reemplaza}` : '';
  if (c.estado === 'rechazado') {
    const motivo = una(c.mensaje ?? 'sin detalle');
    if (c.reemplazadoPor) return `rechazado por SUNAT (${motivo}); reemplazado por ${c.reemplazadoPor}`;
    const corregir = c.tipo === '07' ? '' : `corrige el comprador (comprobante ${c.numero} cliente …) y `;
    return `⚠ rechazado por SUNAT: ${motivo} — su número quedó usado: ${corregir}emite su reemplazo (comprobante ${c.numero} reintentar)`;
  }
  if (c.estado === 'pendiente' && c.porCorregir) {
    const corregir = c.tipo === '07' ? 'corrígelo' : `corrige el comprador (comprobante ${c.numero} cliente …)`;
    return `⚠ devuelto por ${c.proveedor} sin llegar a SUNAT: ${una(c.mensaje ?? 'sin detalle')} — su número sigue libre: ${corregir} y reenvíalo (comprobante ${c.numero} reintentar)`;
  }
  if (c.estado === 'pendiente' && (c.ultimoError ?? c.mensaje))
    return `⚠ ${una((c.ultimoError ?? c.mensaje)!)}${reemplaza ? ` · ${reemplaza}` : ''}`;
  if (c.estado === 'aceptado' && c.observaciones)
    return `aceptado con observaciones de SUNAT: ${una(c.observaciones)}${reemplaza ? ` · ${reemplaza}` : ''}`;
  return reemplaza;
}
