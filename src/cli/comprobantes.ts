import type { ComprobanteOperador, CorreccionClienteWire, DetalleComprobanteOperador } from '../lib/api/comprobantes-schemas.ts';
import type { OperatorClient } from '../lib/api/operator-client.ts';
import { leerNumeroComprobante, NOMBRE_DOCUMENTO_SUNAT } from '../lib/comprobantes/numero.ts';
import { formatSoles } from '../lib/pricing/money.ts';
import { COMPROBANTES, PEDIDOS } from '../lib/tienda.ts';
import { porRevisar, situacionComprobante } from './comprobante-estado.ts';
import { CliError } from './errors.ts';
import { columns } from './format.ts';

/**
 * The electronic receipts' commands of `npm run shop` (issue 23): the receipts (all or those in a
 * state, ⚠ on what needs the operator), one receipt or an order's, a retry (a pending receipt is resent
 * with its number; a rejected one is replaced by the series' next number, issue 34) and the correction
 * of a rejected or returned receipt's buyer.
 */

export const ESTADOS_COMPROBANTE_CLI = ['pendiente', 'aceptado', 'rechazado'] as const;
type Estado = (typeof ESTADOS_COMPROBANTE_CLI)[number];

const EJEMPLO = 'npm run shop -- comprobante B001-00000042';

const fecha = (iso: string) =>
  new Intl.DateTimeFormat('es-PE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Lima' }).format(new Date(iso));
const corto = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const una = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A receipt state as typed ("Rechazados", PENDIENTE…), or a refusal naming the valid ones. */
export function estadoComprobanteArg(texto: string): Estado {
  const estado = ESTADOS_COMPROBANTE_CLI.find((valor) => texto.trim().toLowerCase().replace(/s$/, '') === valor);
  if (!estado) throw new CliError(`"${texto}" no es un estado de los comprobantes. Estados: ${ESTADOS_COMPROBANTE_CLI.join(', ')}.`);
  return estado;
}

/** Why the operator should look at a receipt, or what happened to it (SUNAT's numbering rules); '' when nothing is worth saying. */
export function alertaComprobante(c: ComprobanteOperador): string {
  return situacionComprobante(c);
}

const documentoDe = (cliente: { tipoDocumento: string; numeroDocumento: string }) =>
  `${NOMBRE_DOCUMENTO_SUNAT[cliente.tipoDocumento] ?? 'Doc.'} ${cliente.numeroDocumento}`;

/** Receipts as a table, newest first: number, order, date, the buyer's document, total, state and what needs looking at (⚠). */
export function formatComprobantes(comprobantes: ComprobanteOperador[], titulo?: string): string {
  const alertas = comprobantes.filter(porRevisar).length;
  const rows = comprobantes.map((c) => [
    c.numero,
    String(c.pedido),
    fecha(c.emitido),
    documentoDe(c.cliente),
    formatSoles(c.total),
    `${c.estado}${c.prueba ? ' (prueba)' : ''}`,
    // The whole line: it carries the command to run.
    corto(alertaComprobante(c), 300),
  ]);
  const encabezado =
    titulo ?? `${comprobantes.length} comprobante(s)${comprobantes.length >= PEDIDOS.listaOperadorMaxima ? ', los más recientes' : ''}`;
  return `${encabezado}${alertas ? `; ${alertas} por revisar (⚠)` : ''}:\n\n${columns([['Número', 'Pedido', 'Fecha', 'Cliente', 'Total', 'Estado', ''], ...rows])}`;
}

/** The state line of one receipt, by SUNAT's numbering rules. */
function estadoLinea(c: DetalleComprobanteOperador): string {
  const codigo = c.codigoSunat ? ` (código ${c.codigoSunat})` : '';
  if (c.estado === 'aceptado') return `Estado: aceptado por SUNAT${c.mensaje ? ` — ${una(c.mensaje)}` : ''}${codigo}`;
  if (c.estado === 'rechazado') {
    const usado = 'Su número quedó usado (SUNAT lo registra como rechazado): no se vuelve a enviar.';
    if (c.reemplazadoPor)
      return `Estado: rechazado por SUNAT — ${una(c.mensaje ?? 'sin detalle')}${codigo}. ${usado} Lo reemplaza ${c.reemplazadoPor}.`;
    return `Estado: ⚠ rechazado por SUNAT — ${una(c.mensaje ?? 'sin detalle')}${codigo}. ${usado}`;
  }
  if (c.porCorregir)
    return `Estado: ⚠ devuelto por ${c.proveedor} sin enviarlo a SUNAT — ${una(c.mensaje ?? 'sin detalle')}${codigo}. Su número sigue libre.`;
  const error = c.ultimoError ?? c.mensaje;
  return `Estado: pendiente de envío a SUNAT${error ? ` — ⚠ último error: ${una(error)}` : ''}`;
}

/** The example of the correction command for a receipt's type. */
const ejemploCliente = (c: Pick<ComprobanteOperador, 'numero' | 'tipo'>) =>
  c.tipo === '01'
    ? `npm run shop -- comprobante ${c.numero} cliente --ruc 20131312955 --razon-social "Empresa S.A.C."`
    : `npm run shop -- comprobante ${c.numero} cliente --dni 12345678 (o --ce, --pasaporte)`;

/** What the operator can do next with a receipt. */
function siguientesPasos(c: DetalleComprobanteOperador): string[] {
  if (c.estado === 'aceptado') return [];
  if (c.estado === 'rechazado') {
    if (c.reemplazadoPor) return ['', `Su reemplazo: npm run shop -- comprobante ${c.reemplazadoPor}`];
    const reintentar = `npm run shop -- comprobante ${c.numero} reintentar`;
    if (c.tipo === '07') return ['', `Para emitir la nota que la reemplaza, con el siguiente número de la serie: ${reintentar}`];
    return [
      '',
      'Para emitir el comprobante que lo reemplaza, con el siguiente número de la serie:',
      `  1. Si hace falta, corrige el comprador: ${ejemploCliente(c)}`,
      `  2. ${reintentar}`,
    ];
  }
  if (c.porCorregir && c.tipo !== '07') {
    return [
      '',
      'Para reenviarlo con el mismo número:',
      `  1. Corrige el comprador si ese es el problema: ${ejemploCliente(c)}`,
      `  2. npm run shop -- comprobante ${c.numero} reintentar`,
    ];
  }
  return ['', `Para volver a enviarlo, con el mismo número: npm run shop -- comprobante ${c.numero} reintentar`];
}

/** One receipt in full: state, buyer, lines, totals, links and every issuing attempt. */
export function formatComprobante(c: DetalleComprobanteOperador): string {
  const lineas = c.items.map((item) => [
    `  ${item.cantidad} × ${item.descripcion} (${item.unidad})`,
    `v.u. ${item.valorUnitario.toFixed(2)}`,
    item.descuento > 0 ? `dscto. ${item.descuento.toFixed(2)}` : '',
    formatSoles(item.total),
  ]);
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
  const enlaces = (
    [
      ['PDF', c.pdf],
      ['XML', c.xml],
      ['CDR', c.cdr],
    ] as const
  )
    .filter(([, url]) => url)
    .map(([nombre, url]) => `${nombre}: ${url}`);
  return [
    `${c.nombre} ${c.numero} · pedido N.° ${c.pedido} · ${c.estado}${c.proveedor === 'prueba' ? ' · modo de prueba (sin validez tributaria)' : ` · ${c.proveedor}`}`,
    `Emitido: ${fecha(c.emitido)}`,
    estadoLinea(c),
    // SUNAT's code in plain words, when the shop knows it (decision 0211); the code and message stay on the line above.
    ...(c.explicacion && c.estado !== 'aceptado' ? [`En palabras simples: ${c.explicacion}`] : []),
    ...(c.explicacionObservaciones ? [`En palabras simples: ${c.explicacionObservaciones}`] : []),
    ...(c.notas?.length ? [`Notas de crédito: ${c.notas.map((nota) => `${nota.numero} (${nota.estado})`).join(', ')}`] : []),
    ...(c.observaciones ? [`Observaciones de SUNAT (el comprobante es válido): ${una(c.observaciones)}`] : []),
    ...(c.reemplaza ? [`Reemplaza a: ${c.reemplaza} (rechazado por SUNAT)`] : []),
    ...(c.modifica ? [`Modifica: ${c.modifica}${c.motivo ? ` · motivo: ${c.motivo}` : ''}`] : []),
    `Cliente: ${c.cliente.denominacion} · ${documentoDe(c.cliente)}${c.cliente.correo ? ` · ${c.cliente.correo}` : ''}`,
    ...(c.cliente.direccion ? [`  ${c.cliente.direccion}`] : []),
    ...(c.clienteCorregido
      ? [`Comprador corregido para su reemplazo: ${c.clienteCorregido.denominacion} · ${documentoDe(c.clienteCorregido)}`]
      : []),
    '',
    columns([...lineas, ...totales]),
    '',
    `Representación impresa: ${c.url}`,
    ...enlaces,
    '',
    ...(trabajos.length ? ['Envíos a SUNAT:', ...trabajos] : ['Envíos a SUNAT: ninguno todavía.']),
    ...siguientesPasos(c),
  ].join('\n');
}

/** An order number as typed (12, N.°12), or undefined. */
const pedidoArg = (texto: string) => {
  const limpio = texto.trim().replace(/^N\.?°?\s*/i, '');
  return /^[1-9]\d{0,8}$/.test(limpio) ? Number(limpio) : undefined;
};

/** The options the receipts' commands read. */
export interface OpcionesComprobante {
  estado?: string;
  dni?: string;
  ce?: string;
  pasaporte?: string;
  ruc?: string;
  'razon-social'?: string;
  'direccion-fiscal'?: string;
}

const USO_CLIENTE =
  'comprobante NÚMERO cliente --dni N | --ce N | --pasaporte N (boleta), o --ruc N --razon-social "…" [--direccion-fiscal "…"] (factura)';

/** The correction's body from the options: one identity document, or a RUC with its razón social; the shop checks the values. */
function correccionDe(opciones: OpcionesComprobante): CorreccionClienteWire {
  const documentos = (
    [
      ['dni', 'DNI'],
      ['ce', 'CARNET_EXTRANJERIA'],
      ['pasaporte', 'PASAPORTE'],
    ] as const
  ).filter(([opcion]) => opciones[opcion] !== undefined);
  const factura = opciones.ruc !== undefined || opciones['razon-social'] !== undefined || opciones['direccion-fiscal'] !== undefined;
  if (documentos.length + (factura ? 1 : 0) !== 1) throw new CliError(`Indica un solo documento del comprador: ${USO_CLIENTE}`);
  if (!factura) {
    const [opcion, tipo] = documentos[0]!;
    return { documento_tipo: tipo, documento_numero: opciones[opcion]! };
  }
  if (opciones.ruc === undefined || opciones['razon-social'] === undefined)
    throw new CliError(`Una factura se corrige con su RUC y su razón social: ${USO_CLIENTE}`);
  return {
    ruc: opciones.ruc,
    razon_social: opciones['razon-social'],
    ...(opciones['direccion-fiscal'] !== undefined ? { direccion_fiscal: opciones['direccion-fiscal'] } : {}),
  };
}

/** Runs `comprobantes …` or `comprobante …`; false when `comando` is neither. */
export async function runComprobantesCommand(
  comando: string,
  args: string[],
  opciones: OpcionesComprobante,
  { cliente, out }: { cliente: OperatorClient; out: (text: string) => void },
): Promise<boolean> {
  if (comando === 'comprobantes') {
    if (args.length > 0) throw new CliError('comprobantes no lleva argumentos (usa --estado pendiente|rechazado|aceptado).');
    const estado = opciones.estado === undefined ? undefined : estadoComprobanteArg(opciones.estado);
    const { comprobantes } = await cliente.comprobantes(estado);
    if (comprobantes.length === 0) out(estado ? `No hay comprobantes en estado ${estado}.` : 'Aún no hay comprobantes.');
    else out(formatComprobantes(comprobantes, estado ? `${comprobantes.length} comprobante(s) en estado ${estado}` : undefined));
    return true;
  }
  if (comando !== 'comprobante') return false;
  const [numero, accion, ...resto] = args;
  if (!numero)
    throw new CliError(`Indica el número del comprobante o del pedido, por ejemplo: ${EJEMPLO} (o: npm run shop -- comprobante 12)`);
  const pedido = pedidoArg(numero);
  if (pedido !== undefined) {
    if (accion !== undefined)
      throw new CliError(`${numero} es un número de pedido: para reintentar, indica el comprobante, por ejemplo: ${EJEMPLO} reintentar`);
    const { pedido: detalle } = await cliente.order(pedido);
    if (detalle.comprobantes.length === 0) {
      out(`El pedido N.° ${pedido} no tiene comprobantes${detalle.pagado ? ' todavía' : ': no está pagado'}.`);
      return true;
    }
    out(
      `${formatComprobantes(detalle.comprobantes, `Pedido N.° ${pedido}: ${detalle.comprobantes.length} comprobante(s)`)}\n\nPara ver uno: npm run shop -- comprobante ${detalle.comprobantes[0]!.numero}`,
    );
    return true;
  }
  if (!leerNumeroComprobante(numero))
    throw new CliError(
      `"${numero}" no es un número de comprobante ni de pedido. Por ejemplo: ${EJEMPLO} (o B001-42), o el número de pedido.`,
    );
  const normal = numero.trim().toUpperCase();
  if (accion === undefined) {
    const { comprobante } = await cliente.comprobante(normal);
    out(formatComprobante(comprobante));
    return true;
  }
  if (accion === 'cliente' && resto.length === 0) {
    const { mensaje } = await cliente.correctComprobanteCliente(normal, correccionDe(opciones));
    out(mensaje);
    return true;
  }
  if (accion !== 'reintentar' || resto.length > 0) {
    throw new CliError(
      `"${[accion, ...resto].join(' ')}" no es una acción del comprobante. Para volver a enviarlo (o reemplazar uno rechazado): ${EJEMPLO} reintentar; para corregir el comprador: ${USO_CLIENTE}`,
    );
  }
  const { mensaje } = await cliente.retryComprobante(normal);
  out(mensaje);
  return true;
}
