import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { NOMBRE_DOCUMENTO_SUNAT, numeroComprobante } from '../../lib/comprobantes/numero.ts';
import { COMPROBANTES, PROVEEDOR } from '../../lib/tienda.ts';
import type { ComprobantesConfig } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { logError } from '../db/errors.ts';
import {
  comprobantes,
  pedidoLineas,
  pedidos,
  type ClienteComprobante,
  type Comprobante,
  type Pedido,
  type PedidoLinea,
} from '../db/schema/index.ts';
import { enqueue, type Handlers } from '../jobs/queue.ts';
import { avisarTienda, type ComprobantesDelPedido } from '../orders/life.ts';
import { comprobanteDeVenta, ComprobanteImposible, itemsDelPedido } from './documento.ts';
import { nubefactProveedor } from './nubefact.ts';
import {
  MOTIVO_ANULACION,
  MOTIVO_DEVOLUCION_ITEM,
  MOTIVO_DEVOLUCION_TOTAL,
  ProveedorNoResponde,
  type EnvioComprobante,
  type ProveedorComprobantes,
  type Respuesta,
} from './proveedor.ts';
import { proveedorPrueba } from './prueba.ts';
import { AVISO_IDENTIDAD_DEMO, esIdentidadDemo } from '../../lib/api/tienda-schemas.ts';
import { emisionVigente, emisorVigente } from '../tienda/ajustes.ts';

/**
 * Electronic receipts' life (issue 23): numbered inside the transaction that records the payment (or
 * the paid order's cancellation), so a correlative is drawn exactly when the sale is, never twice and
 * never skipped; then issued by a job through the provider, retried with back-off while the provider
 * is unreachable or SUNAT has not answered, until accepted or rejected. By SUNAT's rules (issue 34) a
 * receipt SUNAT rejected (codes 2000–3999) has used its number: it stays on record and the operator's
 * retry numbers a new receipt, the next of the same series, that replaces it (after correcting the buyer
 * if needed); one the provider returned before SUNAT saw it waits, pending, for the operator to correct it
 * and send it again with its number; exceptions (0100–1999) and timeouts are resent with the same number.
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
async function numerar(
  tx: Tx,
  emision: Emision,
  datos: Omit<typeof comprobantes.$inferInsert, 'correlativo' | 'clave' | 'proveedor'>,
): Promise<Comprobante> {
  const correlativo = await siguienteCorrelativo(tx, datos.serie);
  // The issuer the shop's settings name now is the one this receipt keeps (a later change never rewrites it).
  const { emisor } = await emisionVigente(tx, emision.series);
  const [comprobante] = await tx
    .insert(comprobantes)
    .values({ ...datos, emisor, correlativo, proveedor: emision.proveedor ?? 'nubefact', clave: randomBytes(16).toString('hex') })
    .returning();
  await enqueue(
    tx,
    TRABAJO,
    { comprobanteId: comprobante!.id },
    { clave: `${TRABAJO}:${comprobante!.id}`, maxIntentos: COMPROBANTES.intentos },
  );
  return comprobante!;
}

/** The sale receipt (boleta or factura) of an order that SUNAT has not rejected, if it has one. */
async function comprobanteDeVentaDe(tx: Tx | Db, pedidoId: number): Promise<Comprobante | undefined> {
  const [row] = await tx
    .select()
    .from(comprobantes)
    .where(and(eq(comprobantes.pedidoId, pedidoId), inArray(comprobantes.tipo, ['01', '03']), ne(comprobantes.estado, 'rechazado')));
  return row;
}

/** Whether an order was ever given a sale receipt (a rejected one counts: its replacement is the operator's). */
async function tieneVenta(tx: Tx, pedidoId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: comprobantes.id })
    .from(comprobantes)
    .where(and(eq(comprobantes.pedidoId, pedidoId), inArray(comprobantes.tipo, ['01', '03'])))
    .limit(1);
  return Boolean(row);
}

/**
 * Numbers the boleta or factura of an order that has just been paid, in the payment's transaction (the
 * order locked). An order that cannot have one (it lacks the buyer's data a boleta must carry) keeps its
 * payment: the problem is noted and e-mailed to the shop, no number is used.
 */
async function numerarVenta(tx: Tx, pedido: Pedido, emision: Emision): Promise<Comprobante | undefined> {
  if (await tieneVenta(tx, pedido.id)) return undefined;
  const lineas = await tx.select().from(pedidoLineas).where(eq(pedidoLineas.pedidoId, pedido.id)).orderBy(asc(pedidoLineas.id));
  let contenido: ReturnType<typeof comprobanteDeVenta>;
  try {
    contenido = comprobanteDeVenta(pedido, lineas);
  } catch (error) {
    if (!(error instanceof ComprobanteImposible)) throw error;
    console.error(`Pedido ${pedido.id}: ${error.message}`);
    await avisarTienda(tx, pedido.id, `No se pudo numerar el comprobante: ${error.message}`, 'comprobante sin emitir', 'comprobante');
    return undefined;
  }
  const { series } = await emisionVigente(tx, emision.series);
  const serie = contenido.tipo === '01' ? series.factura : series.boleta;
  return numerar(tx, emision, { pedidoId: pedido.id, serie, emitido: new Date(), ...contenido });
}

/**
 * Numbers the nota de crédito that annuls a paid order's receipt when the order is cancelled, in the
 * cancellation's transaction: the same lines and totals, referencing the receipt. Once per order. A
 * receipt SUNAT rejected has no legal effect and is never annulled: while the order has no other, no
 * note is numbered, and the rejected receipt's replacement brings its note (`reemplazar`).
 */
async function numerarNotaDeCredito(tx: Tx, pedidoId: number, emision: Emision): Promise<Comprobante | undefined> {
  const original = await comprobanteDeVentaDe(tx, pedidoId);
  if (!original) return undefined;
  const [nota] = await tx
    .select({ id: comprobantes.id })
    .from(comprobantes)
    .where(
      and(
        eq(comprobantes.pedidoId, pedidoId),
        eq(comprobantes.tipo, '07'),
        ne(comprobantes.estado, 'rechazado'),
        or(isNull(comprobantes.motivoCodigo), eq(comprobantes.motivoCodigo, MOTIVO_ANULACION.codigo)),
      ),
    );
  if (nota) return undefined;
  const { cliente, items, gravada, igv, descuentos, total } = original;
  const { series } = await emisionVigente(tx, emision.series);
  return numerar(tx, emision, {
    pedidoId,
    tipo: '07',
    serie: original.tipo === '01' ? series.notaFactura : series.notaBoleta,
    emitido: new Date(),
    modificaId: original.id,
    motivo: MOTIVO_ANULACION.descripcion,
    motivoCodigo: MOTIVO_ANULACION.codigo,
    ...{ cliente, items, gravada, igv, descuentos, total },
  });
}

/**
 * Numbers the partial nota de crédito of a return (issue 36), in the return's transaction (the order
 * locked): exactly the returned units of each line at what they were charged, plus the delivery when
 * `envio` (the return that completes the order), referencing the order's sale receipt in force. SUNAT's
 * reason is 07 'Devolución por ítem', or 06 'Devolución total' when the whole order comes back at once.
 * Undefined when the order has no receipt in force (one rejected and not yet replaced, or none numbered).
 */
export async function numerarNotaDeDevolucion(
  tx: Tx,
  pedido: Pedido,
  devueltas: readonly PedidoLinea[],
  { envio, total: devolucionTotal, emision }: { envio: boolean; total: boolean; emision: Emision },
): Promise<Comprobante | undefined> {
  const original = await comprobanteDeVentaDe(tx, pedido.id);
  if (!original) return undefined;
  const items = itemsDelPedido({ envio: envio ? pedido.envio : 0, metodoEnvio: pedido.metodoEnvio }, devueltas);
  const sum = (campo: 'valor' | 'igv' | 'descuento' | 'total') => items.reduce((suma, linea) => suma + linea[campo], 0);
  const motivo = devolucionTotal ? MOTIVO_DEVOLUCION_TOTAL : MOTIVO_DEVOLUCION_ITEM;
  const { series } = await emisionVigente(tx, emision.series);
  return numerar(tx, emision, {
    pedidoId: pedido.id,
    tipo: '07',
    serie: original.tipo === '01' ? series.notaFactura : series.notaBoleta,
    emitido: new Date(),
    modificaId: original.id,
    motivo: motivo.descripcion,
    motivoCodigo: motivo.codigo,
    cliente: original.cliente,
    items,
    gravada: sum('valor'),
    igv: sum('igv'),
    descuentos: sum('descuento'),
    total: sum('total'),
  });
}

/**
 * What comprobantes do in an order's life (orders/life.ts calls it inside the change's transaction): a
 * paid order's boleta or factura numbered, a cancelled paid order's nota de crédito numbered, both with
 * these settings' series.
 */
export const comprobantesDelPedido = (emision: Emision): ComprobantesDelPedido => ({
  venta: (tx, pedido) => numerarVenta(tx, pedido, emision),
  anulacion: (tx, pedidoId) => numerarNotaDeCredito(tx, pedidoId, emision),
});

/** The provider of the settings; null when receipts wait for one (no NUBEFACT_URL and no test mode). */
export function proveedorDe(config: ComprobantesConfig): ProveedorComprobantes | null {
  if (config.proveedor === 'prueba') return proveedorPrueba;
  if (config.proveedor === 'nubefact')
    return nubefactProveedor({ url: config.nubefactUrl!, token: config.nubefactToken!, timeoutMs: config.timeoutMs });
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
  ...(modifica
    ? {
        modifica: { tipo: modifica.tipo, serie: modifica.serie, correlativo: modifica.correlativo },
        motivo: c.motivo ?? MOTIVO_ANULACION.descripcion,
        motivoCodigo: c.motivoCodigo ?? MOTIVO_ANULACION.codigo,
      }
    : {}),
});

/** Thrown to have the issuing job try again later: the provider is down, SUNAT has not answered, the annulled receipt is not accepted yet. */
export class ReintentarMasTarde extends Error {}

/**
 * The issuing job: sends a pending receipt to its provider and records SUNAT's answer. A receipt
 * issued in the test mode is only ever 'issued' by the test mode. Throws (the job is retried with
 * back-off) while the answer is not final; a receipt already accepted or rejected is left alone, so a
 * job run twice never issues twice (and the provider answers a repeated number with the one it has).
 */
export async function emitirComprobante(
  db: Db,
  proveedor: ProveedorComprobantes | null,
  id: number,
  { produccion = false }: { produccion?: boolean } = {},
): Promise<void> {
  const [comprobante] = await db.select().from(comprobantes).where(eq(comprobantes.id, id));
  // One the provider returned waits for the operator (a stale job must not resend it uncorrected).
  if (!comprobante || comprobante.estado !== 'pendiente' || comprobante.porCorregir) return;
  const numero = numeroComprobante(comprobante.serie, comprobante.correlativo);
  const quien = comprobante.proveedor === 'prueba' ? proveedorPrueba : proveedor?.nombre === comprobante.proveedor ? proveedor : null;
  if (!quien)
    return fallo(
      db,
      comprobante,
      new ReintentarMasTarde('No hay proveedor de comprobantes configurado: define NUBEFACT_URL y NUBEFACT_TOKEN.'),
    );
  // A production shop never sends the demo company to SUNAT: the receipt waits until the owner enters the shop's own (Decision 0203).
  if (produccion && quien !== proveedorPrueba && esIdentidadDemo(comprobante.emisor ?? PROVEEDOR)) {
    // Not sent yet, so it takes the company the owner has entered since; still the demo one, it waits.
    const emisor = await emisorVigente(db);
    if (esIdentidadDemo(emisor)) return fallo(db, comprobante, new ReintentarMasTarde(AVISO_IDENTIDAD_DEMO));
    await db.update(comprobantes).set({ emisor }).where(eq(comprobantes.id, comprobante.id));
  }
  let modifica: Comprobante | undefined;
  if (comprobante.modificaId) {
    [modifica] = await db.select().from(comprobantes).where(eq(comprobantes.id, comprobante.modificaId));
    if (modifica?.estado === 'rechazado') {
      // Never a note for a rejected receipt: this one is re-pointed to its replacement when there is one.
      return fallo(
        db,
        comprobante,
        new ReintentarMasTarde(
          `La nota de crédito ${numero} no se envía: el comprobante que anulaba (${numeroComprobante(modifica.serie, modifica.correlativo)}) fue rechazado por SUNAT; pasará a anular su reemplazo cuando se emita.`,
        ),
      );
    }
    if (modifica?.estado !== 'aceptado') {
      return fallo(
        db,
        comprobante,
        new ReintentarMasTarde(
          `La nota de crédito ${numero} espera a que SUNAT acepte el comprobante que anula (${modifica ? numeroComprobante(modifica.serie, modifica.correlativo) : '¿?'}, ${modifica?.estado ?? 'no existe'}).`,
        ),
      );
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
  await db
    .update(comprobantes)
    .set({ mensaje, actualizado: new Date() })
    .where(and(eq(comprobantes.id, comprobante.id), eq(comprobantes.estado, 'pendiente')));
  if (!(error instanceof ProveedorNoResponde || error instanceof ReintentarMasTarde))
    logError(`Comprobante ${numeroComprobante(comprobante.serie, comprobante.correlativo)}`, error);
  throw error instanceof Error ? error : new Error(mensaje);
}

/** A message as a sentence of a longer note (its own final stop). */
const frase = (texto: string) => (/[.!?…)]$/.test(texto.trim()) ? texto.trim() : `${texto.trim()}.`);

/** The operator's next step for a receipt SUNAT rejected (its number is used). */
const pasosRechazo = (numero: string, tipo: string) =>
  `Su número quedó usado: no se vuelve a enviar. ${tipo === '07' ? '' : `Si hace falta, corrige los datos del comprador (npm run shop -- comprobante ${numero} cliente …) y `}emite el comprobante que lo reemplaza, con el siguiente número de la serie: npm run shop -- comprobante ${numero} reintentar`;

/**
 * Records SUNAT's final answer once (only a pending receipt changes): an acceptance with its
 * observations; a rejection (noted on the order and e-mailed to the shop with the next steps); the
 * provider's refusal before SUNAT (pending, to be corrected: noted and e-mailed too).
 */
async function registrar(db: Db, comprobante: Comprobante, respuesta: Exclude<Respuesta, { estado: 'en-proceso' }>): Promise<void> {
  const numero = numeroComprobante(comprobante.serie, comprobante.correlativo);
  await db.transaction(async (tx) => {
    const cambios =
      respuesta.estado === 'aceptado'
        ? {
            estado: 'aceptado' as const,
            observaciones: respuesta.observaciones,
            enlacePdf: respuesta.pdf,
            enlaceXml: respuesta.xml,
            enlaceCdr: respuesta.cdr,
          }
        : respuesta.estado === 'rechazado'
          ? {
              estado: 'rechazado' as const,
              // Its files, when the provider gives them, are kept too: the CDR is SUNAT's proof of the rejection.
              enlacePdf: respuesta.pdf ?? null,
              enlaceXml: respuesta.xml ?? null,
              enlaceCdr: respuesta.cdr ?? null,
            }
          : { estado: 'pendiente' as const, porCorregir: true };
    const [cambiado] = await tx
      .update(comprobantes)
      .set({ ...cambios, mensaje: respuesta.mensaje, codigoSunat: respuesta.codigo, actualizado: new Date() })
      .where(and(eq(comprobantes.id, comprobante.id), eq(comprobantes.estado, 'pendiente'), eq(comprobantes.porCorregir, false)))
      .returning({ id: comprobantes.id });
    if (!cambiado || respuesta.estado === 'aceptado') return;
    if (respuesta.estado === 'rechazado') {
      console.error(`Comprobante ${numero} rechazado: ${respuesta.mensaje}`);
      await avisarTienda(
        tx,
        comprobante.pedidoId,
        `Comprobante ${numero} rechazado por SUNAT${respuesta.codigo ? ` (código ${respuesta.codigo})` : ''}: ${frase(respuesta.mensaje)} ${pasosRechazo(numero, comprobante.tipo)}`,
        `comprobante ${numero} rechazado`,
        'comprobante',
      );
      return;
    }
    console.error(`Comprobante ${numero} devuelto por ${comprobante.proveedor}: ${respuesta.mensaje}`);
    await avisarTienda(
      tx,
      comprobante.pedidoId,
      `Comprobante ${numero} devuelto por ${comprobante.proveedor} sin enviarlo a SUNAT: ${frase(respuesta.mensaje)} Su número sigue libre: corrige los datos${comprobante.tipo === '07' ? '' : ` (npm run shop -- comprobante ${numero} cliente …)`} y reenvíalo con el mismo número: npm run shop -- comprobante ${numero} reintentar`,
      `comprobante ${numero} por corregir`,
      'comprobante',
    );
  });
}

/** What the operator's retry did: queued the same number again, numbered the replacement of a rejected one, or nothing (why). */
export type Reintento = { encolado: true; mensaje: string; reemplazo?: Comprobante } | { encolado: false; mensaje: string };

/**
 * The operator's retry (issue 34, SUNAT's numbering rules): a pending receipt (the job gave up, or the
 * provider returned it and it was corrected) is sent again with its own number; a receipt SUNAT rejected
 * keeps its used number and is replaced by a new receipt, the next of the same series, with the same
 * lines and totals and the buyer as corrected; an accepted or already replaced one is refused.
 */
export async function reintentarComprobante(
  db: Db,
  id: number,
  emision: Emision,
  /** Runs in the retry's transaction once it is queued, with the receipt as it was and its replacement if any (the operator's audit entry). */
  alReintentar?: (tx: Tx, antes: Comprobante, reemplazo?: Comprobante) => Promise<void>,
): Promise<Reintento> {
  return db.transaction(async (tx): Promise<Reintento> => {
    const [comprobante] = await tx.select().from(comprobantes).where(eq(comprobantes.id, id)).for('update');
    if (!comprobante) return { encolado: false, mensaje: 'No existe ese comprobante.' };
    const numero = numeroComprobante(comprobante.serie, comprobante.correlativo);
    if (comprobante.estado === 'aceptado')
      return { encolado: false, mensaje: `El comprobante ${numero} ya fue aceptado por SUNAT: no se vuelve a enviar.` };
    if (comprobante.estado === 'rechazado') {
      const [ya] = await tx.select().from(comprobantes).where(eq(comprobantes.reemplazaId, id));
      if (ya)
        return {
          encolado: false,
          mensaje: `El comprobante ${numero} fue rechazado por SUNAT y ya lo reemplaza ${numeroComprobante(ya.serie, ya.correlativo)}.`,
        };
      const reemplazo = await reemplazar(tx, comprobante, emision);
      await alReintentar?.(tx, comprobante, reemplazo);
      const nuevo = numeroComprobante(reemplazo.serie, reemplazo.correlativo);
      return {
        encolado: true,
        reemplazo,
        mensaje: `El comprobante ${numero} fue rechazado por SUNAT y su número quedó usado: se emite ${nuevo} en su lugar, en segundos.`,
      };
    }
    await tx.update(comprobantes).set({ porCorregir: false, actualizado: new Date() }).where(eq(comprobantes.id, id));
    await encolarDeNuevo(tx, id);
    await alReintentar?.(tx, comprobante);
    return { encolado: true, mensaje: `Se volverá a enviar el comprobante ${numero}, con el mismo número, en segundos.` };
  });
}

/** Queues one more issuing job of a receipt (an operator's retry: a key of its own). */
const encolarDeNuevo = (tx: Tx, id: number) =>
  enqueue(
    tx,
    TRABAJO,
    { comprobanteId: id },
    { clave: `${TRABAJO}:${id}:reintento-${Date.now()}-${randomBytes(3).toString('hex')}`, maxIntentos: COMPROBANTES.intentos },
  );

/**
 * Numbers the receipt that replaces one SUNAT rejected: same type and series, the series' next number,
 * the same lines and totals, the buyer as the operator corrected them. A sale receipt's credit note that
 * was waiting on the rejected one (never sent) now annuls the replacement; a cancelled paid order whose
 * only receipt was rejected gets its note now.
 */
async function reemplazar(tx: Tx, rechazado: Comprobante, emision: Emision): Promise<Comprobante> {
  const { pedidoId, tipo, serie, items, gravada, igv, descuentos, total, modificaId, motivo, motivoCodigo } = rechazado;
  const cliente = rechazado.clienteCorregido ?? rechazado.cliente;
  const reemplazo = await numerar(tx, emision, {
    pedidoId,
    tipo,
    serie,
    emitido: new Date(),
    cliente,
    items,
    gravada,
    igv,
    descuentos,
    total,
    modificaId,
    motivo,
    motivoCodigo,
    reemplazaId: rechazado.id,
  });
  if (tipo === '07') return reemplazo;
  const notas = await tx
    .update(comprobantes)
    .set({ modificaId: reemplazo.id, cliente, actualizado: new Date() })
    .where(and(eq(comprobantes.modificaId, rechazado.id), eq(comprobantes.tipo, '07'), eq(comprobantes.estado, 'pendiente')))
    .returning({ id: comprobantes.id });
  for (const nota of notas) await encolarDeNuevo(tx, nota.id);
  if (notas.length === 0) {
    const [pedido] = await tx.select({ estado: pedidos.estado, pagado: pedidos.pagado }).from(pedidos).where(eq(pedidos.id, pedidoId));
    if (pedido?.estado === 'CANCELADO' && pedido.pagado) await numerarNotaDeCredito(tx, pedidoId, emision);
  }
  return reemplazo;
}

/** Why the buyer of a receipt cannot be corrected now, or null (a rejected sale receipt not yet replaced, or one the provider returned). */
async function correccionImposible(tx: Tx, comprobante: Comprobante): Promise<string | null> {
  const numero = numeroComprobante(comprobante.serie, comprobante.correlativo);
  if (comprobante.tipo === '07') return `El comprobante ${numero} es una nota de crédito: lleva el comprador del comprobante que anula.`;
  if (comprobante.estado === 'aceptado')
    return `El comprobante ${numero} ya fue aceptado por SUNAT: sus datos no cambian (anúlalo con una nota de crédito cancelando el pedido).`;
  if (comprobante.estado === 'pendiente' && !comprobante.porCorregir) {
    return `El comprobante ${numero} está en camino a SUNAT con estos datos: solo se corrige uno rechazado por SUNAT o devuelto por el proveedor.`;
  }
  if (comprobante.estado === 'rechazado') {
    const [ya] = await tx
      .select({ serie: comprobantes.serie, correlativo: comprobantes.correlativo })
      .from(comprobantes)
      .where(eq(comprobantes.reemplazaId, comprobante.id));
    if (ya) return `El comprobante ${numero} ya fue reemplazado por ${numeroComprobante(ya.serie, ya.correlativo)}.`;
  }
  return null;
}

/**
 * The operator's correction of a receipt's buyer (issue 34): on a receipt the provider returned (its
 * number never reached SUNAT) it changes the receipt itself, to be resent with its number; on one SUNAT
 * rejected, whose record keeps what was sent, it is what its replacement will carry. The order is not
 * changed. Answers the buyer before and after, or why not (409).
 */
export async function corregirCliente(
  db: Db,
  id: number,
  datos: Pick<ClienteComprobante, 'tipoDocumento' | 'numeroDocumento'> & Partial<Pick<ClienteComprobante, 'denominacion' | 'direccion'>>,
  /** Runs in the correction's transaction (the operator's audit entry). */
  alCorregir?: (tx: Tx, antes: Comprobante, cliente: ClienteComprobante) => Promise<void>,
): Promise<{ corregido: true; mensaje: string } | { corregido: false; mensaje: string }> {
  return db.transaction(async (tx) => {
    const [comprobante] = await tx.select().from(comprobantes).where(eq(comprobantes.id, id)).for('update');
    if (!comprobante) return { corregido: false, mensaje: 'No existe ese comprobante.' };
    const numero = numeroComprobante(comprobante.serie, comprobante.correlativo);
    const imposible = await correccionImposible(tx, comprobante);
    if (imposible) return { corregido: false, mensaje: imposible };
    const factura = comprobante.tipo === '01';
    if (factura !== (datos.tipoDocumento === '6')) {
      return {
        corregido: false,
        mensaje: factura
          ? `El comprobante ${numero} es una factura: corrige su RUC y razón social.`
          : `El comprobante ${numero} es una boleta: corrige el DNI, carné de extranjería o pasaporte del comprador (una factura necesita otro pedido).`,
      };
    }
    const actual = comprobante.clienteCorregido ?? comprobante.cliente;
    const cliente: ClienteComprobante = {
      ...actual,
      tipoDocumento: datos.tipoDocumento,
      numeroDocumento: datos.numeroDocumento,
      ...(datos.denominacion ? { denominacion: datos.denominacion } : {}),
      ...(datos.direccion ? { direccion: datos.direccion } : {}),
    };
    const cambio = comprobante.estado === 'rechazado' ? { clienteCorregido: cliente } : { cliente };
    await tx
      .update(comprobantes)
      .set({ ...cambio, actualizado: new Date() })
      .where(eq(comprobantes.id, id));
    await alCorregir?.(tx, comprobante, cliente);
    const siguiente =
      comprobante.estado === 'rechazado'
        ? `El comprobante que reemplace a ${numero} (con el siguiente número de la serie) irá a nombre de ${cliente.denominacion}, ${NOMBRE_DOCUMENTO_SUNAT[cliente.tipoDocumento]} ${cliente.numeroDocumento}. Para emitirlo: npm run shop -- comprobante ${numero} reintentar`
        : `El comprobante ${numero} irá a nombre de ${cliente.denominacion}, ${NOMBRE_DOCUMENTO_SUNAT[cliente.tipoDocumento]} ${cliente.numeroDocumento}, con el mismo número. Para reenviarlo: npm run shop -- comprobante ${numero} reintentar`;
    return { corregido: true, mensaje: `Datos del comprador corregidos. ${siguiente}` };
  });
}

/** The background job of receipts. */
export function comprobanteJobs({
  db,
  proveedor,
  produccion = false,
}: {
  db: Db;
  proveedor: ProveedorComprobantes | null;
  produccion?: boolean;
}): Handlers {
  return { [TRABAJO]: (datos) => emitirComprobante(db, proveedor, Number(datos.comprobanteId), { produccion }) };
}
