import { and, asc, eq, gte, isNotNull, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ESTADOS_CIERRE_COMPROBANTE,
  type Cierre,
  type ComprobanteCierre,
  type MetodoCierre,
  type PedidoCierre,
  type SerieCierre,
  type TopCierre,
  type VentasPorDia,
} from '../../lib/api/cierre-schemas.ts';
import { metodoPagoInfo } from '../../lib/api/metodos-pago.ts';
import { NOMBRES_COMPROBANTE, numeroComprobante, type CodigoComprobante } from '../../lib/comprobantes/numero.ts';
import { CIERRE } from '../../lib/tienda.ts';
import type { Db } from '../db/client.ts';
import { comprobantes, pagos, pedidoLineas, pedidos, reembolsos } from '../db/schema/index.ts';
import { sumarDias } from '../../lib/dias-lima.ts';
import { estadoDeFila } from '../comprobantes/queries.ts';
import { diaLimaDe, diasDelPeriodo, periodoLima, type Periodo } from './periodo.ts';

/**
 * The daily close (decisions 0222–0224): the orders paid in a period of Lima days and everything the books
 * read from them. Each figure is added up here from the rows it lists, so a figure and its rows (and the CSV
 * made from them) never disagree; the rows come straight from the orders, payments, refunds and receipts.
 */

/** The group of a payment made through the offline test mode (no money moved). */
export const GRUPO_PRUEBA = 'prueba';

/** The Spanish name of a payment group. */
export function nombreGrupo(grupo: string): string {
  if (grupo === GRUPO_PRUEBA) return 'Pago de prueba (sin dinero real)';
  if (grupo === 'mercadopago') return 'Checkout Pro (Mercado Pago)';
  return metodoPagoInfo(grupo)?.nombre ?? grupo;
}

/** The groups in the order the screen lists them: the list's methods, then any other, then the test mode's. */
const ORDEN_GRUPOS = ['mercadopago', 'yape', 'transferencia'];
const ordenGrupo = (grupo: string) => (grupo === GRUPO_PRUEBA ? 99 : ORDEN_GRUPOS.indexOf(grupo) === -1 ? 50 : ORDEN_GRUPOS.indexOf(grupo));

const suma = <T>(filas: T[], valor: (fila: T) => number) => filas.reduce((total, fila) => total + valor(fila), 0);

/** The orders paid in the period (decision 0222: an order counts on the Lima day it was paid), oldest first, with their payment. */
export async function pedidosPagados(db: Db, periodo: Periodo): Promise<PedidoCierre[]> {
  const rows = await db
    .select({
      id: pedidos.id,
      pagado: pedidos.pagado,
      nombre: pedidos.nombre,
      apellido: pedidos.apellido,
      metodo: pedidos.metodoPago,
      estado: pedidos.estado,
      total: pedidos.total,
      pagoId: pedidos.pagoId,
      pasarela: pagos.pasarela,
      comision: pagos.comision,
      neto: pagos.neto,
    })
    .from(pedidos)
    .leftJoin(pagos, eq(pagos.id, pedidos.pagoId))
    .where(and(isNotNull(pedidos.pagado), gte(pedidos.pagado, periodo.inicio), lt(pedidos.pagado, periodo.fin)))
    .orderBy(asc(pedidos.pagado), asc(pedidos.id));
  return rows.map((row) => ({
    id: row.id,
    pagado: row.pagado!.toISOString(),
    dia: diaLimaDe(row.pagado!),
    cliente: `${row.nombre} ${row.apellido}`.trim(),
    metodo: row.metodo,
    grupo: row.pasarela === GRUPO_PRUEBA ? GRUPO_PRUEBA : row.metodo,
    estado: row.estado,
    total: row.total,
    pagoId: row.pagoId,
    // Only Mercado Pago reports a fee; the test mode's and a transfer's have none to report.
    comision: row.pasarela === 'mercadopago' ? row.comision : null,
    neto: row.pasarela === 'mercadopago' ? row.neto : null,
  }));
}

/** The period's sales by payment group. */
export function porMetodo(filas: PedidoCierre[]): MetodoCierre[] {
  const grupos = [...new Set(filas.map((fila) => fila.grupo))].sort((a, b) => ordenGrupo(a) - ordenGrupo(b) || a.localeCompare(b));
  return grupos.map((grupo) => {
    const suyos = filas.filter((fila) => fila.grupo === grupo);
    return { grupo, nombre: nombreGrupo(grupo), pedidos: suyos.length, total: suma(suyos, (fila) => fila.total) };
  });
}

/** Whether an order's payment went through Mercado Pago (Checkout Pro, Yape): not the test mode's, not a bank transfer. */
export const esDeMercadoPago = (fila: Pick<PedidoCierre, 'grupo' | 'metodo'>) =>
  fila.grupo !== GRUPO_PRUEBA && fila.metodo !== 'transferencia';

/** The orders whose payment went through Mercado Pago, whatever their state now. */
export const deMercadoPago = (filas: PedidoCierre[]) => filas.filter(esDeMercadoPago);

/** What Mercado Pago should credit for the period's payments (decision 0223): fees and nets only as the payments reported them. */
export function mercadoPagoDe(filas: PedidoCierre[]): Cierre['mercadoPago'] {
  const suyos = deMercadoPago(filas);
  const conDato = suyos.filter((fila) => fila.comision !== null && fila.neto !== null);
  const sinDato = suyos.filter((fila) => fila.comision === null || fila.neto === null);
  return {
    pedidos: suyos.length,
    bruto: suma(suyos, (fila) => fila.total),
    comision: suma(conDato, (fila) => fila.comision!),
    neto: suma(conDato, (fila) => fila.neto!),
    sinDato: sinDato.length,
    brutoSinDato: suma(sinDato, (fila) => fila.total),
  };
}

/** The refunds asked of the payment provider in the period (a cancellation's whole payment, a return's amount). */
async function reembolsosDel(db: Db, periodo: Periodo): Promise<Cierre['reembolsos']> {
  const rows = await db
    .select()
    .from(reembolsos)
    .where(and(gte(reembolsos.creado, periodo.inicio), lt(reembolsos.creado, periodo.fin)))
    .orderBy(asc(reembolsos.creado), asc(reembolsos.id));
  const filas = rows.map((row) => ({
    id: row.id,
    pedido: row.pedidoId,
    creado: row.creado.toISOString(),
    monto: row.monto,
    estado: row.estado,
    tipo: row.devolucionId === null ? 'Cancelación' : 'Devolución',
    motivo: row.motivo,
  }));
  return { total: suma(filas, (fila) => fila.monto), filas };
}

/** The receipts numbered in the period (sale receipts and credit notes), oldest first. */
export async function comprobantesDel(db: Db, periodo: Periodo): Promise<ComprobanteCierre[]> {
  const modificado = alias(comprobantes, 'modificado');
  const rows = await db
    .select({
      serie: comprobantes.serie,
      correlativo: comprobantes.correlativo,
      tipo: comprobantes.tipo,
      pedido: comprobantes.pedidoId,
      emitido: comprobantes.emitido,
      total: comprobantes.total,
      estado: comprobantes.estado,
      observaciones: comprobantes.observaciones,
      modificaSerie: modificado.serie,
      modificaCorrelativo: modificado.correlativo,
    })
    .from(comprobantes)
    .leftJoin(modificado, eq(modificado.id, comprobantes.modificaId))
    .where(and(gte(comprobantes.emitido, periodo.inicio), lt(comprobantes.emitido, periodo.fin)))
    .orderBy(asc(comprobantes.serie), asc(comprobantes.correlativo));
  return rows.map((row) => ({
    numero: numeroComprobante(row.serie, row.correlativo),
    serie: row.serie,
    tipo: row.tipo,
    nombre: NOMBRES_COMPROBANTE[row.tipo as CodigoComprobante] ?? row.tipo,
    pedido: row.pedido,
    emitido: row.emitido.toISOString(),
    total: row.total,
    estado: estadoDeFila(row),
    modifica:
      row.modificaSerie === null || row.modificaCorrelativo === null ? null : numeroComprobante(row.modificaSerie, row.modificaCorrelativo),
  }));
}

/** The receipts by series and state: how many and their total. */
export function porSerie(filas: ComprobanteCierre[]): SerieCierre[] {
  const series = [...new Set(filas.map((fila) => fila.serie))].sort();
  return series.map((serie) => {
    const suyas = filas.filter((fila) => fila.serie === serie);
    const estados = Object.fromEntries(
      ESTADOS_CIERRE_COMPROBANTE.map((estado) => {
        const en = suyas.filter((fila) => fila.estado === estado);
        return [estado, { cantidad: en.length, total: suma(en, (fila) => fila.total) }];
      }),
    ) as SerieCierre['estados'];
    return { serie, nombre: suyas[0]!.nombre, estados };
  });
}

/** The best sellers among the orders paid in the period: products and brands by what they were charged, then by units. */
async function masVendidos(db: Db, periodo: Periodo): Promise<{ productos: TopCierre[]; marcas: TopCierre[] }> {
  const lineas = await db
    .select({
      pedido: pedidoLineas.pedidoId,
      producto: pedidoLineas.productoId,
      nombre: pedidoLineas.nombre,
      marca: pedidoLineas.marca,
      cantidad: pedidoLineas.cantidad,
      cobrado: pedidoLineas.precioCobrado,
    })
    .from(pedidoLineas)
    .innerJoin(pedidos, eq(pedidos.id, pedidoLineas.pedidoId))
    .where(and(isNotNull(pedidos.pagado), gte(pedidos.pagado, periodo.inicio), lt(pedidos.pagado, periodo.fin)))
    .orderBy(asc(pedidoLineas.pedidoId), asc(pedidoLineas.id));
  const agrupar = (clave: (linea: (typeof lineas)[number]) => string, nueva: (linea: (typeof lineas)[number]) => TopCierre) => {
    const porClave = new Map<string, TopCierre>();
    for (const linea of lineas) {
      const fila = porClave.get(clave(linea)) ?? nueva(linea);
      fila.unidades += linea.cantidad;
      fila.total += linea.cobrado * linea.cantidad;
      // Lines come by order: an order's lines of one product (or brand) are one entry.
      const ultimo = fila.pedidos.at(-1);
      if (ultimo?.pedido === linea.pedido) {
        ultimo.unidades += linea.cantidad;
        ultimo.total += linea.cobrado * linea.cantidad;
      } else fila.pedidos.push({ pedido: linea.pedido, unidades: linea.cantidad, total: linea.cobrado * linea.cantidad });
      porClave.set(clave(linea), fila);
    }
    return [...porClave.values()]
      .sort((a, b) => b.total - a.total || b.unidades - a.unidades || a.nombre.localeCompare(b.nombre))
      .slice(0, CIERRE.topMaximo);
  };
  return {
    productos: agrupar(
      (linea) => String(linea.producto),
      (linea) => ({ id: linea.producto, nombre: linea.nombre, marca: linea.marca, unidades: 0, total: 0, pedidos: [] }),
    ),
    marcas: agrupar(
      (linea) => linea.marca || 'Sin marca',
      (linea) => ({ id: null, nombre: linea.marca || 'Sin marca', marca: linea.marca || 'Sin marca', unidades: 0, total: 0, pedidos: [] }),
    ),
  };
}

/** The close of the Lima days `desde` to `hasta`. */
export async function cierreDelPeriodo(db: Db, desde: string, hasta = desde): Promise<Cierre> {
  const periodo = periodoLima(desde, hasta);
  const [filas, devueltos, emitidos, top] = await Promise.all([
    pedidosPagados(db, periodo),
    reembolsosDel(db, periodo),
    comprobantesDel(db, periodo),
    masVendidos(db, periodo),
  ]);
  const notas = emitidos.filter((fila) => fila.tipo === '07');
  return {
    desde,
    hasta,
    ventas: { pedidos: filas.length, total: suma(filas, (fila) => fila.total) },
    metodos: porMetodo(filas),
    pedidos: filas,
    reembolsos: devueltos,
    notas: { total: suma(notas, (fila) => fila.total), filas: notas },
    comprobantes: emitidos,
    series: porSerie(emitidos),
    mercadoPago: mercadoPagoDe(filas),
    ...top,
  };
}

/** Sales of each Lima day of the last `dias` days up to `hoy` (included), days without sales as zero. */
export async function ventasPorDia(db: Db, dias: number, hoy: string): Promise<VentasPorDia> {
  const periodo = periodoLima(sumarDias(hoy, 1 - dias), hoy);
  const rows = await db
    .select({ pagado: pedidos.pagado, total: pedidos.total })
    .from(pedidos)
    .where(and(isNotNull(pedidos.pagado), gte(pedidos.pagado, periodo.inicio), lt(pedidos.pagado, periodo.fin)));
  const porDia = new Map(diasDelPeriodo(periodo).map((dia) => [dia, { dia, pedidos: 0, total: 0 }]));
  for (const row of rows) {
    const fila = porDia.get(diaLimaDe(row.pagado!));
    if (!fila) continue;
    fila.pedidos += 1;
    fila.total += row.total;
  }
  return { desde: periodo.desde, hasta: periodo.hasta, dias: [...porDia.values()] };
}
