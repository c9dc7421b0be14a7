import type { ComprobanteOperador, ComprobanteOperadorRespuesta, DetalleComprobanteOperador, ListaComprobantesOperador, ReintentoComprobanteRespuesta } from '../lib/api/comprobantes-schemas.ts';
import type { PedidoOperadorRespuesta } from '../lib/api/orders-schemas.ts';
import { leerNumeroComprobante, NOMBRE_DOCUMENTO_SUNAT } from '../lib/comprobantes/numero.ts';
import { formatSoles } from '../lib/pricing/money.ts';
import { COMPROBANTES, PEDIDOS } from '../lib/tienda.ts';
import type { Llamada } from './deps.ts';
import { CliError } from './errors.ts';
import { columns } from './format.ts';

/**
 * The electronic receipts' commands of `npm run shop` (issue 23): the receipts (all or those in a
 * state, ⚠ on the rejected and on the pending whose last attempt failed), one receipt or an order's,
 * and a retry of a pending or rejected one.
 */

export const ESTADOS_COMPROBANTE_CLI = ['pendiente', 'aceptado', 'rechazado'] as const;
type Estado = (typeof ESTADOS_COMPROBANTE_CLI)[number];

const EJEMPLO = 'npm run shop -- comprobante B001-00000042';

const fecha = (iso: string) => new Intl.DateTimeFormat('es-PE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Lima' }).format(new Date(iso));
const corto = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const una = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A receipt state as typed ("Rechazados", PENDIENTE…), or a refusal naming the valid ones. */
export function estadoComprobanteArg(texto: string): Estado {
  const estado = ESTADOS_COMPROBANTE_CLI.find((valor) => texto.trim().toLowerCase().replace(/s$/, '') === valor);
  if (!estado) throw new CliError(`"${texto}" no es un estado de los comprobantes. Estados: ${ESTADOS_COMPROBANTE_CLI.join(', ')}.`);
  return estado;
}

/** Why the operator should look at a receipt: SUNAT's rejection, or the last failure of a pending one; '' when nothing is wrong. */
export function alertaComprobante(c: Pick<ComprobanteOperador, 'estado' | 'mensaje' | 'ultimoError'>): string {
  if (c.estado === 'rechazado') return `⚠ rechazado: ${una(c.mensaje ?? 'sin detalle')}`;
  if (c.estado === 'pendiente' && (c.ultimoError ?? c.mensaje)) return `⚠ ${una((c.ultimoError ?? c.mensaje)!)}`;
  return '';
}

const documentoDe = (cliente: { tipoDocumento: string; numeroDocumento: string }) => `${NOMBRE_DOCUMENTO_SUNAT[cliente.tipoDocumento] ?? 'Doc.'} ${cliente.numeroDocumento}`;

/** Receipts as a table, newest first: number, order, date, the buyer's document, total, state and what needs looking at (⚠). */
export function formatComprobantes(comprobantes: ComprobanteOperador[], titulo?: string): string {
  const alertas = comprobantes.filter((c) => alertaComprobante(c)).length;
  const rows = comprobantes.map((c) => [
    c.numero,
    String(c.pedido),
    fecha(c.emitido),
    documentoDe(c.cliente),
    formatSoles(c.total),
    `${c.estado}${c.prueba ? ' (prueba)' : ''}`,
    corto(alertaComprobante(c), 90),
  ]);
  const encabezado = titulo ?? `${comprobantes.length} comprobante(s)${comprobantes.length >= PEDIDOS.listaOperadorMaxima ? ', los más recientes' : ''}`;
  return `${encabezado}${alertas ? `; ${alertas} por revisar (⚠)` : ''}:\n\n${columns([['Número', 'Pedido', 'Fecha', 'Cliente', 'Total', 'Estado', ''], ...rows])}`;
}

/** The state line of one receipt. */
function estadoLinea(c: DetalleComprobanteOperador): string {
  if (c.estado === 'aceptado') return `Estado: aceptado por SUNAT${c.mensaje ? ` — ${una(c.mensaje)}` : ''}${c.codigoSunat ? ` (código ${c.codigoSunat})` : ''}`;
  if (c.estado === 'rechazado') return `Estado: ⚠ rechazado por SUNAT — ${una(c.mensaje ?? 'sin detalle')}${c.codigoSunat ? ` (código ${c.codigoSunat})` : ''}`;
  const error = c.ultimoError ?? c.mensaje;
  return `Estado: pendiente de envío a SUNAT${error ? ` — ⚠ último error: ${una(error)}` : ''}`;
}

/** One receipt in full: state, buyer, lines, totals, links and every issuing attempt. */
export function formatComprobante(c: DetalleComprobanteOperador): string {
  const lineas = c.items.map((item) => [`  ${item.cantidad} × ${item.descripcion} (${item.unidad})`, `v.u. ${item.valorUnitario.toFixed(2)}`, item.descuento > 0 ? `dscto. ${item.descuento.toFixed(2)}` : '', formatSoles(item.total)]);
  const totales = [
    ['  Op. gravada', '', '', formatSoles(c.gravada)],
    ['  Total descuentos', '', '', formatSoles(c.descuentos)],
    [`  IGV ${COMPROBANTES.igvPorcentaje} %`, '', '', formatSoles(c.igv)],
    ['  Importe total', '', '', formatSoles(c.total)],
  ];
  const trabajos = c.trabajos.map((t) => {
    const estado = t.terminado ? `terminado ${fecha(t.terminado)}` : t.proximo ? `próximo intento ${fecha(t.proximo)}` : 'sin más intentos';
    return `  ${fecha(t.creado)} · ${t.intentos} de ${t.maxIntentos} intentos · ${estado}${t.ultimoError && !t.terminado ? ` · último error: ${una(t.ultimoError)}` : ''}`;
  });
  const enlaces = ([['PDF', c.pdf], ['XML', c.xml], ['CDR', c.cdr]] as const).filter(([, url]) => url).map(([nombre, url]) => `${nombre}: ${url}`);
  return [
    `${c.nombre} ${c.numero} · pedido N.° ${c.pedido} · ${c.estado}${c.proveedor === 'prueba' ? ' · modo de prueba (sin validez tributaria)' : ` · ${c.proveedor}`}`,
    `Emitido: ${fecha(c.emitido)}`,
    estadoLinea(c),
    ...(c.modifica ? [`Modifica: ${c.modifica}${c.motivo ? ` · motivo: ${c.motivo}` : ''}`] : []),
    `Cliente: ${c.cliente.denominacion} · ${documentoDe(c.cliente)}${c.cliente.correo ? ` · ${c.cliente.correo}` : ''}`,
    ...(c.cliente.direccion ? [`  ${c.cliente.direccion}`] : []),
    '',
    columns([...lineas, ...totales]),
    '',
    `Representación impresa: ${c.url}`,
    ...enlaces,
    '',
    ...(trabajos.length ? ['Envíos a SUNAT:', ...trabajos] : ['Envíos a SUNAT: ninguno todavía.']),
    ...(c.estado === 'aceptado' ? [] : ['', `Para volver a enviarlo: npm run shop -- comprobante ${c.numero} reintentar`]),
  ].join('\n');
}

/** An order number as typed (12, N.°12), or undefined. */
const pedidoArg = (texto: string) => {
  const limpio = texto.trim().replace(/^N\.?°?\s*/i, '');
  return /^[1-9]\d{0,8}$/.test(limpio) ? Number(limpio) : undefined;
};

/** Runs `comprobantes …` or `comprobante …`; false when `comando` is neither. */
export async function runComprobantesCommand(comando: string, args: string[], opciones: { estado?: string }, { llamar, out }: { llamar: Llamada; out: (text: string) => void }): Promise<boolean> {
  if (comando === 'comprobantes') {
    if (args.length > 0) throw new CliError('comprobantes no lleva argumentos (usa --estado pendiente|rechazado|aceptado).');
    const estado = opciones.estado === undefined ? undefined : estadoComprobanteArg(opciones.estado);
    const { comprobantes } = await llamar<ListaComprobantesOperador>('GET', `/admin/api/comprobantes${estado ? `?estado=${estado}` : ''}`);
    if (comprobantes.length === 0) out(estado ? `No hay comprobantes en estado ${estado}.` : 'Aún no hay comprobantes.');
    else out(formatComprobantes(comprobantes, estado ? `${comprobantes.length} comprobante(s) en estado ${estado}` : undefined));
    return true;
  }
  if (comando !== 'comprobante') return false;
  const [numero, accion, ...resto] = args;
  if (!numero) throw new CliError(`Indica el número del comprobante o del pedido, por ejemplo: ${EJEMPLO} (o: npm run shop -- comprobante 12)`);
  const pedido = pedidoArg(numero);
  if (pedido !== undefined) {
    if (accion !== undefined) throw new CliError(`${numero} es un número de pedido: para reintentar, indica el comprobante, por ejemplo: ${EJEMPLO} reintentar`);
    const { pedido: detalle } = await llamar<PedidoOperadorRespuesta>('GET', `/admin/api/pedidos/${pedido}`);
    if (detalle.comprobantes.length === 0) {
      out(`El pedido N.° ${pedido} no tiene comprobantes${detalle.pagado ? ' todavía' : ': no está pagado'}.`);
      return true;
    }
    out(`${formatComprobantes(detalle.comprobantes, `Pedido N.° ${pedido}: ${detalle.comprobantes.length} comprobante(s)`)}\n\nPara ver uno: npm run shop -- comprobante ${detalle.comprobantes[0]!.numero}`);
    return true;
  }
  if (!leerNumeroComprobante(numero)) throw new CliError(`"${numero}" no es un número de comprobante ni de pedido. Por ejemplo: ${EJEMPLO} (o B001-42), o el número de pedido.`);
  const ruta = `/admin/api/comprobantes/${encodeURIComponent(numero.trim().toUpperCase())}`;
  if (accion === undefined) {
    const { comprobante } = await llamar<ComprobanteOperadorRespuesta>('GET', ruta);
    out(formatComprobante(comprobante));
    return true;
  }
  if (accion !== 'reintentar' || resto.length > 0) throw new CliError(`"${[accion, ...resto].join(' ')}" no es una acción del comprobante. Para volver a enviarlo: ${EJEMPLO} reintentar`);
  const { mensaje } = await llamar<ReintentoComprobanteRespuesta>('POST', `${ruta}/reintentar`);
  out(mensaje);
  return true;
}
