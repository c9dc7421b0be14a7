import type { CuponBackoffice } from '../lib/api/cupones-schemas.ts';
import { valorCupon } from '../lib/pricing/coupons.ts';
import { PEDIDOS } from '../lib/tienda.ts';
import type { EstadoPedido } from '../lib/api/checkout-schemas.ts';
import type { DetallePedidoOperador, PedidoOperador } from '../lib/api/orders-schemas.ts';
import type { ContenidoOperador, CuponOperador, EntradaAuditoria, ListaContenido, ProductoOperador } from '../lib/api/operator-schemas.ts';
import { formatSoles } from '../lib/pricing/money.ts';
import { precioFinal } from '../lib/pricing/product.ts';
import { paymentLine } from '../lib/orders/pagos.ts';
import type { EstadoReclamo, ReclamoOperador } from '../lib/api/reclamos-schemas.ts';
import { formatFecha } from '../lib/dates.ts';
import { situacionComprobante } from './comprobante-estado.ts';

/** How `npm run shop` prints the operator API's answers: plain text for a terminal, dates in Lima's time. */

const fecha = (iso: string) =>
  new Intl.DateTimeFormat('es-PE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Lima' }).format(new Date(iso));
const corto = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Rows of cells as columns padded to their widest cell (the last column is not padded, no line ends in spaces). */
export function columns(rows: string[][]): string {
  if (rows.length === 0) return '';
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * The order list as a table, newest first, with a line saying what it shows; when some orders have
 * payments to review (a refund, a chargeback, a payment to give back…), a last column flags them with ⚠.
 */
export function formatOrderTable(pedidos: PedidoOperador[], estado?: EstadoPedido): string {
  if (pedidos.length === 0) return estado ? `No hay pedidos en ${estado}.` : 'No hay pedidos.';
  const alertas = pedidos.filter((p) => p.alerta).length;
  const rows = pedidos.map((p) => [
    String(p.idVenta),
    fecha(p.fecha),
    p.estado,
    corto(p.cliente, 24),
    corto(p.correo, 30),
    corto(p.metodo_envio, 28),
    String(p.productos),
    formatSoles(p.total),
    ...(alertas ? [p.alerta ? `⚠ ${p.alerta}` : ''] : []),
  ]);
  const revisar = alertas ? `; ${alertas} con pagos por revisar (⚠)` : '';
  const titulo = `${pedidos.length} pedido(s)${estado ? ` en ${estado}` : ''}${pedidos.length >= PEDIDOS.listaOperadorMaxima ? ', los más recientes' : ''}${revisar}:`;
  const cabecera = ['N.°', 'Fecha', 'Estado', 'Cliente', 'Correo', 'Entrega', 'Uds.', 'Total', ...(alertas ? ['Pago'] : [])];
  return `${titulo}\n\n${columns([cabecera, ...rows])}`;
}

/** One order: state (and its payment flag), customer, delivery, lines, totals, payments, timeline with notes, and where it can go next. */
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
    ...(p.alerta ? [`⚠ Pago: ${p.alerta}. Revisa los pagos y el historial.`] : []),
    `Fecha: ${fecha(p.fecha)}${p.fechaEntrega ? ` · entregado: ${fecha(p.fechaEntrega)}` : ''}`,
    `Cliente: ${[cliente.nombre, cliente.apellido].filter(Boolean).join(' ')} · ${cliente.correo}${cliente.telefono ? ` · ${cliente.telefono}` : ''} · ${cliente.documento_tipo} ${cliente.documento_numero}`,
    `Entrega: ${p.metodo_envio}`,
    ...[p.direccion, p.horario && `Horario: ${p.horario}`, p.instrucciones].filter(Boolean).map((line) => `  ${line}`),
    ...(p.seguimiento ? [`  Enviado con ${p.seguimiento.courier} · Guía N.° ${p.seguimiento.guia}`] : []),
    '',
    'Productos:',
    columns([...lineas, ...totales]),
    '',
    ...(p.pagos.length ? ['Pagos:', ...p.pagos.map((pago) => `  ${paymentLine(pago)}`), ''] : []),
    ...(p.comprobantes?.length
      ? [
          'Comprobantes:',
          ...p.comprobantes.map(
            (c) =>
              `  ${c.numero} · ${c.nombre} · ${formatSoles(c.total)} · ${c.estado}${c.proveedor === 'prueba' ? ' (prueba)' : ''}${situacionComprobante(c) ? ` · ${situacionComprobante(c)}` : ''}`,
          ),
          '',
        ]
      : []),
    'Historial:',
    columns(p.notas.map((n) => [`  ${fecha(n.fecha)}`, n.estado, n.nota])),
    '',
    siguiente,
  ].join('\n');
}

/** A whole number as Peruvians write it (10,000). */
export const formatEntero = (n: number) => Math.round(n).toLocaleString('es-PE');

/** A duration as the operator reads it: 850 ms, 4.2 s, 3 min 10 s. */
export function formatDuracion(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toLocaleString('es-PE', { maximumFractionDigits: 1 })} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/**
 * The import's progress: a bar (on a terminal) or plain text, the rows done, the rate and the time
 * left at that rate.
 */
export function progressBar(hechas: number, total: number, ms: number, barra = true): string {
  const fraccion = total ? Math.min(1, hechas / total) : 1;
  const ancho = 24;
  const llenos = Math.round(fraccion * ancho);
  const ritmo = ms > 0 ? (hechas / ms) * 1000 : 0;
  const quedan = ritmo > 0 ? ((total - hechas) / ritmo) * 1000 : undefined;
  const partes = [
    `${barra ? `[${'█'.repeat(llenos)}${'░'.repeat(ancho - llenos)}] ` : ''}${Math.floor(fraccion * 100)} %`,
    `${formatEntero(hechas)}/${formatEntero(total)} filas`,
    `${formatEntero(ritmo)} filas/s`,
    hechas >= total ? `en ${formatDuracion(ms)}` : quedan === undefined ? 'calculando…' : `quedan ${formatDuracion(quedan)}`,
  ];
  return partes.join(' · ');
}

/** One product as the operator reads it. */
export function formatProducto(p: ProductoOperador): string {
  const descuento = p.descuento > 0 ? `${p.descuento}%` : p.descuentoN > 0 ? formatSoles(p.descuentoN) : 'sin descuento';
  return [
    `Producto ${p.idProducto}${p.sku ? ` · SKU ${p.sku}` : ''} · ${p.visible ? 'visible' : 'OCULTO'}${p.newores ? ` · ${p.newores}` : ''}`,
    `${p.nombre} — ${p.marca}`,
    `Categoría: ${[p.linea, p.categoria, p.child].filter(Boolean).join(' › ')}`,
    `Precio: ${formatSoles(p.precio)} · descuento: ${descuento} · final: ${formatSoles(precioFinal(p))}`,
    `Stock web: ${p.stock} · stock total: ${p.stock_total}`,
    `Imágenes: ${p.img || p.imagen || '(ninguna)'}`,
  ].join('\n');
}

/** The shop coupons as a table. */
export function formatCupones(cupones: CuponOperador[]): string {
  if (cupones.length === 0) return 'No hay cupones de tienda.';
  const alcance = (c: CuponOperador) =>
    [
      c.productos.length ? `productos ${c.productos.map((p) => p.idProducto).join(',')}` : '',
      c.marcas.length ? `marcas ${c.marcas.map((m) => m.nombre).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; ') || 'todos';
  return columns([
    ['Código', 'Desc.', 'Desde', 'Hasta', 'Estado', 'Aplica a'],
    // A shop since issue 37 also sends the fixed-amount coupons' soles (cupones-schemas.ts CuponBackoffice).
    ...cupones.map((c) => {
      const { tipo, monto } = c as Partial<CuponBackoffice>;
      const valor = valorCupon({ porcentaje: c.descuento, monto: tipo === 'monto' ? monto : 0 });
      return [c.codigo, valor, c.fecha_inicio, c.fecha_fin, c.estado, corto(alcance(c), 60)];
    }),
  ]);
}

/** A home content list as a table, in the storefront's order. */
export function formatContenido<L extends ListaContenido>(lista: L, items: ContenidoOperador[L][]): string {
  if (items.length === 0) return `No hay ${lista}.`;
  const filas = items.map((item, i) => {
    const it = item as Record<string, unknown>;
    const detalle =
      lista === 'mensajes'
        ? String(it.mensaje)
        : lista === 'sociales'
          ? `${it.tipo === 'video' ? 'video' : 'imagen'} ${it.url}`
          : `${it.img_url}${it.rutabutton ? ` → ${it.rutabutton}` : ''}${it.alt ? ` ("${corto(String(it.alt), 30)}")` : ''}${lista === 'popups' ? (it.visible ? ' · visible' : ' · oculto') : ''}`;
    return [String(i + 1), String(it.id), detalle];
  });
  return columns([['Pos.', 'Id', lista === 'mensajes' ? 'Mensaje' : 'Contenido'], ...filas]);
}

/** The audit trail, newest first. */
export function formatAuditoria(entradas: EntradaAuditoria[]): string {
  if (entradas.length === 0) return 'El registro de cambios está vacío.';
  const resumen = (e: EntradaAuditoria) => {
    const claves = [...new Set([...Object.keys(e.antes ?? {}), ...Object.keys(e.despues ?? {})])];
    const valor = (v: unknown) => (v === undefined || v === null ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
    if (!e.antes) return claves.map((k) => `${k}: ${valor(e.despues?.[k])}`).join(', ');
    if (!e.despues) return `quitado (${claves.map((k) => `${k}: ${valor(e.antes?.[k])}`).join(', ')})`;
    return claves.map((k) => `${k}: ${valor(e.antes?.[k])} → ${valor(e.despues?.[k])}`).join(', ');
  };
  return columns([
    ['Fecha', 'Operador', 'Acción', 'Objetivo', 'Cambio'],
    ...entradas.map((e) => [fecha(e.fecha), corto(e.operador, 20), e.accion, corto(e.objetivo, 40), corto(resumen(e), 120)]),
  ]);
}

const ALERTAS_RECLAMO = { vencido: '⚠ vencido', 'vence-pronto': '⚠ vence pronto' } as const;

/** Working days left as the operator reads them: '3 d. háb.', 'vence hoy', 'vencido (2 d. háb.)'; none once answered. */
const restantes = (r: ReclamoOperador) =>
  r.estado === 'respondido'
    ? '—'
    : r.alerta === 'vencido'
      ? `vencido (${Math.abs(r.diasHabilesRestantes)} d. háb.)`
      : r.diasHabilesRestantes === 0
        ? 'vence hoy'
        : `${r.diasHabilesRestantes} d. háb.`;

/** The Libro de Reclamaciones as a table, oldest deadline first, flagging sheets due soon or overdue (⚠). */
export function formatReclamos(reclamos: ReclamoOperador[], estado?: EstadoReclamo): string {
  if (reclamos.length === 0) return estado ? `No hay hojas de reclamación en estado ${estado}.` : 'El Libro de Reclamaciones está vacío.';
  const alertas = reclamos.filter((r) => r.alerta).length;
  const titulo = `${reclamos.length} hoja(s) de reclamación${estado ? ` en estado ${estado}` : ''}${alertas ? `; ${alertas} por vencer o vencidas (⚠)` : ''}:`;
  const rows = reclamos.map((r) => [
    r.numero,
    fecha(r.fecha),
    r.tipo,
    r.estado,
    formatFecha(r.plazo),
    restantes(r),
    corto(r.consumidor.nombre, 24),
    corto(r.consumidor.correo, 30),
    r.alerta ? ALERTAS_RECLAMO[r.alerta] : '',
  ]);
  return `${titulo}\n\n${columns([['Número', 'Fecha', 'Tipo', 'Estado', 'Plazo', 'Quedan', 'Consumidor', 'Correo', ''], ...rows])}`;
}

/** One sheet: the annex's fields, its deadline, and the answer or how to give it. */
export function formatReclamo(r: ReclamoOperador): string {
  const { consumidor: c, bien } = r;
  const apoderado = c.apoderado
    ? [`Padre, madre o apoderado: ${c.apoderado.nombre} · ${c.apoderado.documentoTipo} ${c.apoderado.documentoNumero}`]
    : [];
  const plazo = `Plazo: ${formatFecha(r.plazo)} (${restantes(r)})${r.alerta ? ` ${ALERTAS_RECLAMO[r.alerta]}` : ''}`;
  return [
    `Hoja de reclamación N.° ${r.numero} · ${r.tipo} · ${r.estado}`,
    `Fecha: ${fecha(r.fecha)}${r.clienteId ? ` · cliente ${r.clienteId}` : ' · sin cuenta'}`,
    ...(r.estado === 'pendiente' ? [plazo] : []),
    `Consumidor: ${c.nombre} · ${c.documentoTipo} ${c.documentoNumero}${c.menorDeEdad ? ' · menor de edad' : ''}`,
    `  ${c.direccion}`,
    `  ${c.correo}${c.telefono ? ` · ${c.telefono}` : ''}`,
    ...apoderado,
    `${bien.tipo === 'producto' ? 'Producto' : 'Servicio'}: ${bien.descripcion}${bien.pedido ? ` · pedido N.° ${bien.pedido}` : ''}`,
    `Monto reclamado: ${r.monto === null ? 'no indicado' : formatSoles(r.monto)}`,
    '',
    'Detalle:',
    ...r.detalle.split(/\r?\n/).map((line) => `  ${line}`),
    'Pide:',
    ...r.pedidoConsumidor.split(/\r?\n/).map((line) => `  ${line}`),
    '',
    ...(r.respuesta
      ? [`Respuesta (${fecha(r.respuesta.fecha)}):`, ...r.respuesta.texto.split(/\r?\n/).map((line) => `  ${line}`)]
      : [`Sin respuesta. Responde con: npm run shop -- reclamo ${r.numero} responder --texto "…"`]),
  ].join('\n');
}
