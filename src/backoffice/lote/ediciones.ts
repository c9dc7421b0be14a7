import type { CambioLote, CampoLote, FilaLote } from '../../lib/api/lote-schemas.ts';

/**
 * What the grid holds while the owner types: each edited product as it was shown (edits on another page
 * are kept and saved too) and its edited fields, as typed (text) or ticked.
 */
export type Ediciones = Record<number, { fila: FilaLote; campos: Partial<Record<CampoLote, string | boolean>> }>;

/** The number fields of the grid: typed as text ('49,90' works too). */
const NUMEROS = ['precio', 'descuento', 'descuentoN', 'stock'] as const;
const FECHAS = ['descuentoDesde', 'descuentoHasta'] as const;

/** A typed number: '49,90' is 49.9; anything else is NaN (the shop answers why, naming the row). */
export const numeroEscrito = (texto: string) => {
  const limpio = texto.trim().replace(',', '.');
  return limpio === '' ? Number.NaN : Number(limpio);
};

/** The value a grid cell shows: the edit if any, else the product's own. */
export function valorCelda(fila: FilaLote, ediciones: Ediciones, campo: CampoLote): string | boolean {
  const editado = ediciones[fila.idProducto]?.campos[campo];
  if (editado !== undefined) return editado;
  const propio = fila[campo];
  return typeof propio === 'boolean' ? propio : propio === null ? '' : String(propio);
}

/**
 * The batch the edits make: one row per product with the fields that differ from the product's values,
 * products whose edits all went back to their values left out.
 */
export function cambiosDe(ediciones: Ediciones): CambioLote[] {
  const cambios: CambioLote[] = [];
  for (const { fila, campos: editado } of Object.values(ediciones)) {
    const cambio: Record<string, unknown> = {};
    for (const campo of NUMEROS) {
      const texto = editado[campo];
      if (typeof texto !== 'string') continue;
      const valor = numeroEscrito(texto);
      if (valor !== fila[campo]) cambio[campo] = valor;
    }
    for (const campo of FECHAS) {
      const texto = editado[campo];
      if (typeof texto !== 'string') continue;
      const valor = texto === '' ? null : texto;
      if (valor !== fila[campo]) cambio[campo] = valor;
    }
    if (typeof editado.visible === 'boolean' && editado.visible !== fila.visible) cambio.visible = editado.visible;
    if (typeof editado.newores === 'string' && editado.newores !== fila.newores) cambio.newores = editado.newores;
    if (Object.keys(cambio).length > 0) cambios.push({ idProducto: fila.idProducto, ...cambio } as CambioLote);
  }
  return cambios;
}
