import { PEDIDOS } from '../../config.ts';
import type { EstadoPedido } from '../../lib/api/checkout-schemas.ts';
import type { DetallePedidoOperador, PedidoOperador } from '../../lib/api/orders-schemas.ts';
import { formatSoles } from '../../lib/pricing/money.ts';

/** How `npm run shop` prints the operator API's answers: plain text for a terminal, dates in Lima's time. */

const fecha = (iso: string) => new Intl.DateTimeFormat('es-PE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Lima' }).format(new Date(iso));
const corto = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Rows of cells as columns padded to their widest cell (the last column is not padded). */
export function columns(rows: string[][]): string {
  if (rows.length === 0) return '';
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}

/** The order list as a table, newest first, with a line saying what it shows. */
export function formatOrderTable(pedidos: PedidoOperador[], estado?: EstadoPedido): string {
  if (pedidos.length === 0) return estado ? `No hay pedidos en ${estado}.` : 'No hay pedidos.';
  const rows = pedidos.map((p) => [
    String(p.idVenta),
    fecha(p.fecha),
    p.estado,
    corto(p.cliente, 24),
    corto(p.correo, 30),
    corto(p.metodo_envio, 28),
    String(p.productos),
    formatSoles(p.total),
  ]);
  const titulo = `${pedidos.length} pedido(s)${estado ? ` en ${estado}` : ''}${pedidos.length >= PEDIDOS.listaOperadorMaxima ? ', los más recientes' : ''}:`;
  return `${titulo}\n\n${columns([['N.°', 'Fecha', 'Estado', 'Cliente', 'Correo', 'Entrega', 'Uds.', 'Total'], ...rows])}`;
}

/** One order: state, customer, delivery, lines, totals, timeline with notes, and where it can go next. */
export function formatOrder(p: DetallePedidoOperador): string {
  const { cliente } = p;
  const lineas = p.productos.map((l) => {
    const opciones = [l.color, l.tamano].filter(Boolean).join(' · ');
    return [`  ${l.cantidad} × ${l.nombreProducto}${opciones ? ` (${opciones})` : ''}`, formatSoles(l.precio_con_descuento * l.cantidad)];
  });
  const totales = [
    ['  Subtotal', formatSoles(p.subtotal)],
    ...(p.descuento > 0 ? [[`  Descuento${p.codigo_descuento ? ` (${p.codigo_descuento})` : ''}`, `-${formatSoles(p.descuento)}`]] : []),
    ['  Envío', p.envio > 0 ? formatSoles(p.envio) : 'Gratis'],
    ['  Total', formatSoles(p.total)],
  ];
  const siguiente = p.siguientes.length
    ? `Puede pasar a: ${p.siguientes.join(', ')}  (npm run shop -- pedido ${p.idVenta} "${p.siguientes[0]}")`
    : 'Estado final: ya no cambia.';
  return [
    `Pedido N.° ${p.idVenta} · ${p.estado}${p.pagado ? ' · pagado' : ' · sin pagar'}`,
    `Fecha: ${fecha(p.fecha)}${p.fechaEntrega ? ` · entregado: ${fecha(p.fechaEntrega)}` : ''}`,
    `Cliente: ${[cliente.nombre, cliente.apellido].filter(Boolean).join(' ')} · ${cliente.correo}${cliente.telefono ? ` · ${cliente.telefono}` : ''} · ${cliente.documento_tipo} ${cliente.documento_numero}`,
    `Entrega: ${p.metodo_envio}`,
    ...[p.direccion, p.horario && `Horario: ${p.horario}`, p.instrucciones].filter(Boolean).map((line) => `  ${line}`),
    '',
    'Productos:',
    columns([...lineas, ...totales]),
    '',
    'Historial:',
    columns(p.notas.map((n) => [`  ${fecha(n.fecha)}`, n.estado, n.nota])),
    '',
    siguiente,
  ].join('\n');
}
