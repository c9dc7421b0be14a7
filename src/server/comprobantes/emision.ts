import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { EstadoPedido } from '../../lib/api/checkout-schemas.ts';
import { numeroComprobante } from '../../lib/comprobantes/numero.ts';
import { COMPROBANTES } from '../../lib/tienda.ts';
import type { ComprobantesConfig } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { logError } from '../db/errors.ts';
import { comprobantes, pedidoLineas, pedidos, type Comprobante, type Pedido } from '../db/schema/index.ts';
import { enqueue, type Handlers } from '../jobs/queue.ts';
import { alertShop } from '../orders/payment-alerts.ts';
import { record } from '../orders/transitions.ts';
import { comprobanteDeVenta, ComprobanteImposible } from './documento.ts';
import { nubefactProveedor } from './nubefact.ts';
import { MOTIVO_ANULACION, ProveedorNoResponde, type EnvioComprobante, type ProveedorComprobantes, type Respuesta } from './proveedor.ts';
import { proveedorPrueba } from './prueba.ts';

/**
 * Electronic receipts' life (issue 23): numbered inside the transaction that records the payment (or
 * the paid order's cancellation), so a correlative is drawn exactly when the sale is, never twice and
 * never skipped; then issued by a job through the provider, retried with back-off while the provider
 * is unreachable or SUNAT has not answered, until accepted or rejected. A rejection is noted on the
 * order and e-mailed to the shop; the operator retries it once fixed.
 */

/** What numbering needs from the settings (`config.comprobantes`): the series and who will issue. */
export type Emision = Pick<ComprobantesConfig, 'series' | 'proveedor'>;

/** The job that issues a receipt. */
const TRABAJO = 'emitir-comprobante';

/** The next correlative of `serie`: its counter row is locked until the transaction ends, so concurrent sales wait in line and a rolled-back one gives its number back. */
async function siguienteCorrelativo(tx: Tx, serie: string): Promise<number> {
  const result = await tx.execute(sql`
    INSERT INTO comprobantes_series (serie, ultimo) VALUES (${serie}, 1)
    ON CONFLICT (serie) DO UPDATE SET ultimo = comprobantes_series.ultimo + 1
    RETURNING ultimo`);
  return Number((result as unknown as { rows: { ultimo: number }[] }).rows[0]!.ultimo);
}

/** Writes a numbered receipt and queues its issuing, in the caller's transaction. */
async function numerar(tx: Tx, emision: Emision, datos: Omit<typeof comprobantes.$inferInsert, 'correlativo' | 'clave' | 'proveedor'>): Promise<Comprobante> {
  const correlativo = await siguienteCorrelativo(tx, datos.serie);
  const [comprobante] = await tx
    .insert(comprobantes)
    .values({ ...datos, correlativo, proveedor: emision.proveedor ?? 'nubefact', clave: randomBytes(16).toString('hex') })
    .returning();
  await enqueue(tx, TRABAJO, { comprobanteId: comprobante!.id }, { clave: `${TRABAJO}:${comprobante!.id}`, maxIntentos: COMPROBANTES.intentos });
  return comprobante!;
}

/** The sale receipt (boleta or factura) of an order, if it has one. */
async function comprobanteDeVentaDe(tx: Tx | Db, pedidoId: number): Promise<Comprobante | undefined> {
  const [row] = await tx.select().from(comprobantes).where(and(eq(comprobantes.pedidoId, pedidoId), inArray(comprobantes.tipo, ['01', '03'])));
  return row;
}

/** Notes a receipt problem on the order's timeline (in its current state) and e-mails the shop about it. */
async function avisarTienda(tx: Tx, pedidoId: number, nota: string, asunto: string): Promise<void> {
  const [pedido] = await tx.select({ estado: pedidos.estado }).from(pedidos).where(eq(pedidos.id, pedidoId));
  await alertShop(tx, pedidoId, await record(tx, pedidoId, pedido!.estado as EstadoPedido, nota), asunto, 'comprobante');
}

/**
 * Numbers the boleta or factura of an order that has just been paid, in the payment's transaction (the
 * order locked). An order that cannot have one (it lacks the buyer's data a boleta must carry) keeps its
 * payment: the problem is noted and e-mailed to the shop, no number is used.
 */
export async function numerarVenta(tx: Tx, pedido: Pedido, emision: Emision): Promise<Comprobante | undefined> {
  if (await comprobanteDeVentaDe(tx, pedido.id)) return undefined;
  const lineas = await tx.select().from(pedidoLineas).where(eq(pedidoLineas.pedidoId, pedido.id)).orderBy(asc(pedidoLineas.id));
  let contenido: ReturnType<typeof comprobanteDeVenta>;
  try {
    contenido = comprobanteDeVenta(pedido, lineas);
  } catch (error) {
    if (!(error instanceof ComprobanteImposible)) throw error;
    console.error(`Pedido ${pedido.id}: ${error.message}`);
    await avisarTienda(tx, pedido.id, `No se pudo numerar el comprobante: ${error.message}`, 'comprobante sin emitir');
    return undefined;
  }
  const serie = contenido.tipo === '01' ? emision.series.factura : emision.series.boleta;
  return numerar(tx, emision, { pedidoId: pedido.id, serie, emitido: new Date(), ...contenido });
}

/**
 * Numbers the nota de crédito that annuls a paid order's receipt when the order is cancelled, in the
 * cancellation's transaction: the same lines and totals, referencing the receipt. Once per order.
 */
export async function numerarNotaDeCredito(tx: Tx, pedidoId: number, emision: Emision): Promise<Comprobante | undefined> {
  const original = await comprobanteDeVentaDe(tx, pedidoId);
  if (!original) return undefined;
  const [nota] = await tx.select({ id: comprobantes.id }).from(comprobantes).where(and(eq(comprobantes.pedidoId, pedidoId), eq(comprobantes.tipo, '07')));
  if (nota) return undefined;
  const { cliente, items, gravada, igv, descuentos, total } = original;
  return numerar(tx, emision, {
    pedidoId,
    tipo: '07',
    serie: original.tipo === '01' ? emision.series.notaFactura : emision.series.notaBoleta,
    emitido: new Date(),
    modificaId: original.id,
    motivo: MOTIVO_ANULACION.descripcion,
    ...{ cliente, items, gravada, igv, descuentos, total },
  });
}

/** The provider of the settings; null when receipts wait for one (no NUBEFACT_URL and no test mode). */
export function proveedorDe(config: ComprobantesConfig): ProveedorComprobantes | null {
  if (config.proveedor === 'prueba') return proveedorPrueba;
  if (config.proveedor === 'nubefact') return nubefactProveedor({ url: config.nubefactUrl!, token: config.nubefactToken!, timeoutMs: config.timeoutMs });
  return null;
}

const envioDe = (c: Comprobante, modifica?: Comprobante): EnvioComprobante => ({
  tipo: c.tipo,
  serie: c.serie,
  correlativo: c.correlativo,
  emitido: c.emitido,
  cliente: c.cliente,
  items: c.items,
  gravada: c.gravada,
  igv: c.igv,
  descuentos: c.descuentos,
  total: c.total,
  ...(modifica ? { modifica: { tipo: modifica.tipo, serie: modifica.serie, correlativo: modifica.correlativo }, motivo: c.motivo ?? MOTIVO_ANULACION.descripcion } : {}),
});

/** Thrown to have the issuing job try again later: the provider is down, SUNAT has not answered, the annulled receipt is not accepted yet. */
export class ReintentarMasTarde extends Error {}

/**
 * The issuing job: sends a pending receipt to its provider and records SUNAT's answer. A receipt
 * issued in the test mode is only ever 'issued' by the test mode. Throws (the job is retried with
 * back-off) while the answer is not final; a receipt already accepted or rejected is left alone, so a
 * job run twice never issues twice (and the provider answers a repeated number with the one it has).
 */
export async function emitirComprobante(db: Db, proveedor: ProveedorComprobantes | null, id: number): Promise<void> {
  const [comprobante] = await db.select().from(comprobantes).where(eq(comprobantes.id, id));
  if (!comprobante || comprobante.estado !== 'pendiente') return;
  const numero = numeroComprobante(comprobante.serie, comprobante.correlativo);
  const quien = comprobante.proveedor === 'prueba' ? proveedorPrueba : proveedor?.nombre === comprobante.proveedor ? proveedor : null;
  if (!quien) return fallo(db, comprobante, new ReintentarMasTarde('No hay proveedor de comprobantes configurado: define NUBEFACT_URL y NUBEFACT_TOKEN.'));
  let modifica: Comprobante | undefined;
  if (comprobante.modificaId) {
    [modifica] = await db.select().from(comprobantes).where(eq(comprobantes.id, comprobante.modificaId));
    if (modifica?.estado !== 'aceptado') {
      return fallo(db, comprobante, new ReintentarMasTarde(`La nota de crédito ${numero} espera a que SUNAT acepte el comprobante que anula (${modifica ? numeroComprobante(modifica.serie, modifica.correlativo) : '¿?'}, ${modifica?.estado ?? 'no existe'}).`));
    }
  }
  let respuesta: Respuesta;
  try {
    respuesta = await quien.emitir(envioDe(comprobante, modifica));
  } catch (error) {
    return fallo(db, comprobante, error);
  }
  if (respuesta.estado === 'en-proceso') return fallo(db, comprobante, new ReintentarMasTarde(respuesta.mensaje));
  await registrar(db, comprobante, respuesta);
}

/** Records the last failure on a pending receipt (the operator sees it) and throws for the job queue to retry. */
async function fallo(db: Db, comprobante: Comprobante, error: unknown): Promise<never> {
  const mensaje = error instanceof Error ? error.message : String(error);
  await db.update(comprobantes).set({ mensaje, actualizado: new Date() }).where(and(eq(comprobantes.id, comprobante.id), eq(comprobantes.estado, 'pendiente')));
  if (!(error instanceof ProveedorNoResponde || error instanceof ReintentarMasTarde)) logError(`Comprobante ${numeroComprobante(comprobante.serie, comprobante.correlativo)}`, error);
  throw error instanceof Error ? error : new Error(mensaje);
}

/** Records SUNAT's final answer once (only a pending receipt changes); a rejection is noted on the order and e-mailed to the shop. */
async function registrar(db: Db, comprobante: Comprobante, respuesta: Exclude<Respuesta, { estado: 'en-proceso' }>): Promise<void> {
  const numero = numeroComprobante(comprobante.serie, comprobante.correlativo);
  await db.transaction(async (tx) => {
    const enlaces = respuesta.estado === 'aceptado' ? { enlacePdf: respuesta.pdf, enlaceXml: respuesta.xml, enlaceCdr: respuesta.cdr } : {};
    const [cambiado] = await tx
      .update(comprobantes)
      .set({ estado: respuesta.estado, mensaje: respuesta.mensaje, codigoSunat: respuesta.codigo, ...enlaces, actualizado: new Date() })
      .where(and(eq(comprobantes.id, comprobante.id), eq(comprobantes.estado, 'pendiente')))
      .returning({ id: comprobantes.id });
    if (!cambiado || respuesta.estado !== 'rechazado') return;
    console.error(`Comprobante ${numero} rechazado: ${respuesta.mensaje}`);
    await avisarTienda(tx, comprobante.pedidoId, `Comprobante ${numero} rechazado por SUNAT: ${respuesta.mensaje} Corrígelo y reintenta: npm run shop -- comprobante ${numero} reintentar`, `comprobante ${numero} rechazado`);
  });
}

/**
 * The operator's retry of a pending or rejected receipt (after fixing what SUNAT objected to, or after
 * the job gave up): the receipt is pending again, keeps its number, and a new issuing job runs at once.
 */
export async function reintentarComprobante(
  db: Db,
  id: number,
  /** Runs in the retry's transaction once it is queued, with the receipt as it was (the operator's audit entry). */
  alReintentar?: (tx: Tx, antes: Comprobante) => Promise<void>,
): Promise<{ encolado: boolean; mensaje: string }> {
  return db.transaction(async (tx) => {
    const [comprobante] = await tx.select().from(comprobantes).where(eq(comprobantes.id, id)).for('update');
    if (!comprobante) return { encolado: false, mensaje: 'No existe ese comprobante.' };
    const numero = numeroComprobante(comprobante.serie, comprobante.correlativo);
    if (comprobante.estado === 'aceptado') return { encolado: false, mensaje: `El comprobante ${numero} ya fue aceptado por SUNAT: no se vuelve a enviar.` };
    await tx.update(comprobantes).set({ estado: 'pendiente', actualizado: new Date() }).where(eq(comprobantes.id, id));
    await enqueue(tx, TRABAJO, { comprobanteId: id }, { clave: `${TRABAJO}:${id}:reintento-${Date.now()}-${randomBytes(3).toString('hex')}`, maxIntentos: COMPROBANTES.intentos });
    await alReintentar?.(tx, comprobante);
    return { encolado: true, mensaje: `Se volverá a enviar el comprobante ${numero} en segundos.` };
  });
}

/** The background job of receipts. */
export function comprobanteJobs({ db, proveedor }: { db: Db; proveedor: ProveedorComprobantes | null }): Handlers {
  return { [TRABAJO]: (datos) => emitirComprobante(db, proveedor, Number(datos.comprobanteId)) };
}
