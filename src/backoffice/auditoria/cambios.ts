/** How an audit entry reads to the owner: its action in words and its changed fields as 'campo: antes → después'. */

/** What the most common actions read as; any other shows as recorded (e.g. cupon.crear). */
const ACCIONES: Record<string, string> = {
  'producto.crear': 'Creó el producto',
  'producto.editar': 'Editó',
  'producto.cambiar': 'Cambió',
  'producto.duplicar': 'Lo creó como copia',
  'producto.archivar': 'Archivó el producto',
  'producto.restaurar': 'Restauró el producto',
  'importar.crear': 'Lo creó con una importación',
  'importar.actualizar': 'Lo actualizó con una importación',
  'reclamo.respuesta': 'Respondió la hoja de reclamación',
  'reclamos.exportacion': 'Descargó el Libro de Reclamaciones',
  'tienda.ajustes': 'Cambió los datos de la tienda',
  'respaldo.descarga': 'Descargó un respaldo',
  'pedido.estado': 'Cambió el estado del pedido',
  'pedido.nota': 'Anotó en el pedido',
  'pedido.reenvio': 'Reenvió el correo del pedido',
  'pedido.reembolso': 'Reembolsó el pedido',
  'pedido.devolucion': 'Registró una devolución',
  'pedido.transferencia': 'Revisó la transferencia',
};

/** An action as the owner reads it. */
export const accionEnPalabras = (accion: string) => ACCIONES[accion] ?? accion;

const LARGO_MAXIMO = 160;

/** One value as shown: '—' for none, sí/no, a list or object in short JSON, anything long cut with '…'. */
export function valorLegible(valor: unknown): string {
  if (valor === null || valor === undefined || valor === '') return '—';
  if (typeof valor === 'boolean') return valor ? 'sí' : 'no';
  const texto = typeof valor === 'object' ? JSON.stringify(valor) : String(valor);
  return texto.length > LARGO_MAXIMO ? `${texto.slice(0, LARGO_MAXIMO - 1)}…` : texto;
}

/** The changed fields: 'precio: 59.9 → 64.5' for a change, 'campo: valor' for a creation (no before) or a removal (no after). */
export function cambiosLegibles(entrada: { antes: Record<string, unknown> | null; despues: Record<string, unknown> | null }): string[] {
  const { antes, despues } = entrada;
  if (!antes) return Object.entries(despues ?? {}).map(([campo, valor]) => `${campo}: ${valorLegible(valor)}`);
  if (!despues) return Object.entries(antes).map(([campo, valor]) => `${campo}: ${valorLegible(valor)} → —`);
  return [...new Set([...Object.keys(antes), ...Object.keys(despues)])].map(
    (campo) => `${campo}: ${valorLegible(antes[campo])} → ${valorLegible(despues[campo])}`,
  );
}
