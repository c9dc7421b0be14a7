import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, gt, isNull, like, lt, or, sql, sum } from 'drizzle-orm';
import { CODIGO_SUNAT } from '../../lib/api/comprobante-rules.ts';
import type { Comprobante, Preferencia } from '../../lib/api/checkout-schemas.ts';
import { METODO_PREDETERMINADO, metodoPagoInfo, sobreMaximo, type MetodoPagoInfo } from '../../lib/api/metodos-pago.ts';
import { toSoles } from '../../lib/pricing/money.ts';
import { PEDIDOS } from '../../lib/tienda.ts';
import { type ServerConfig } from '../config.ts';
import { findClienteById } from '../auth/accounts.ts';
import type { Db, Tx } from '../db/client.ts';
import { logError } from '../db/errors.ts';
import { intentosYape, pedidoLineas, pedidos, type Cliente } from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';
import { ACTOR_CLIENTE, cancelOrder, record } from '../orders/life.ts';
import { claimCoupon, reserveStock } from '../orders/stock.ts';
import { motivoStock } from '../catalogue/movimientos.ts';
import { tomarUsoCupon } from '../discounts/cupones-tienda.ts';
import type { OrdenDePago, Pasarela } from '../payments/gateway.ts';
import type { Finalizacion, MetodoServidor } from './metodos/metodo.ts';
import { quoteOrder, quoteToWire, replaceableOrders, sameFigures, stockError, type PedidoCotizado } from './quote.ts';

export interface CheckoutDeps {
  db: Db;
  config: ServerConfig;
  pasarela: Pasarela | null;
}

/** What createOrder needs of the order's payment method: its list entry (id, limit) and its finishing step. */
export type MetodoDelPedido = Pick<MetodoServidor, 'info' | 'finalizar' | 'reservaMinutos'>;

/** An order created (or found by its key): its id, and its preference and payment page once its method finished it. */
export interface PedidoCreado {
  idVenta: number;
  preferenciaId: string | null;
  urlPago: string;
}

/** The message of a 409 whose prices are not the ones the shopper saw (checkout §8). */
export const PRECIOS_CAMBIARON = '¡Algunos productos cambiaron de precio!';

/** The 409 of a checkout that finds another of the customer's checkouts under way. */
export const PAGO_EN_PREPARACION = 'Ya estamos preparando otro pago de tu cuenta. Espera unos segundos e inténtalo nuevamente.';

/** The 502 of a provider that could not finish the order's creation (a preference): nothing stays reserved. */
export const PASARELA_NO_RESPONDE =
  'No pudimos conectar con Mercado Pago para crear tu pago. No se reservó nada; inténtalo nuevamente en unos minutos.';

/** Lock namespace of a customer's checkouts (pg_try_advisory_xact_lock's first key). */
const CHECKOUT_LOCK = 8_001;

/** How often a checkout that found the customer's lock taken tries again (outside the pool), and how many times. */
const REINTENTO_MS = 50;
const REINTENTOS = 40;

/** Longest a method's finishing step may take (the provider's timeout, and some margin): past it an order it never finished is abandoned. */
const CREACION_MAXIMA_MS = PEDIDOS.timeoutMercadoPagoMs + 5_000;

/**
 * The idempotency of a pay attempt: the client's Idempotency-Key, or (without one) a key the server
 * derives from the customer, the request and the time (Decision): see `derivedKey`.
 */
export type Clave = { tipo: 'cliente'; valor: string } | { tipo: 'derivada'; actual: string; anterior: string };

/**
 * The key of a checkout sent without Idempotency-Key: a hash of the customer and the canonical request
 * (cart lines in any order, delivery, coupon, claimed figures, and a factura's RUC, razón social and
 * address: another receipt is another attempt) and the `minutos`-long window it falls in. A resend finds
 * the attempt of this window or the one before, so one at a window's edge is found too.
 */
export function derivedKey(
  clienteId: number,
  body: Preferencia,
  minutos: number,
  now = new Date(),
  metodoPago: string = METODO_PREDETERMINADO,
): Clave {
  const lineas = body.cart
    .map((l) => [
      l.idProducto,
      l.selectedColor.toLowerCase(),
      l.selectedSize.toLowerCase(),
      l.cantidad,
      l.precio,
      l.esProductoRutina ?? false,
      l.rutinaNivel ?? '',
      l.rutinaId ?? '',
    ])
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const pedido: unknown[] = [
    clienteId,
    lineas,
    body.metadata.metodo_envio,
    body.destino ?? null,
    body.codigo_descuento?.trim().toLowerCase() || null,
    body.descuento ?? null,
    body.metadata.costo_envio,
    body.total ?? null,
  ];
  // A boleta (the default) leaves the key as it was before receipts existed.
  const { comprobante } = body;
  if (comprobante.tipo === 'factura')
    pedido.push([CODIGO_SUNAT.factura, comprobante.ruc, comprobante.razon_social, comprobante.direccion_fiscal]);
  // Another method's attempt is another attempt for the same cart (the default method's key is as it was before methods).
  if (metodoPago !== METODO_PREDETERMINADO) pedido.push(metodoPago);
  const hash = createHash('sha256').update(JSON.stringify(pedido)).digest('hex').slice(0, 32);
  const ventana = Math.floor(now.getTime() / (minutos * 60_000));
  return { tipo: 'derivada', actual: `auto:${hash}:${ventana}:`, anterior: `auto:${hash}:${ventana - 1}:` };
}

/** What the short reservation transaction found or did. */
type Paso = { ocupado: true } | { creada: PedidoCreado } | { esperar: number } | { reservado: OrdenDePago & { clave: string } };

/**
 * Creates an order to be paid with `metodo` (checkout §7). A short transaction, under the customer's
 * advisory lock taken without waiting, prices the cart from the database once (409 with the current
 * prices when the client's figures differ; 400 above the method's ceiling), checks the caps, replaces the
 * customer's abandoned orders and reserves the stock and the coupon, writing the order PENDIENTE; after
 * the commit the method's finishing step runs (Checkout Pro: the provider creates the preference), and
 * its outcome is recorded. A failure there cancels the order in a transaction of its own, giving stock
 * and coupon back. The same key always answers the same order and never a second one (409 when it was
 * another method's); while a checkout of the customer is under way another one answers 409 at once. No
 * pooled connection is held while waiting for a lock or the provider.
 */
export async function createOrder(
  { db, config, pasarela }: CheckoutDeps,
  clienteId: number,
  clave: Clave,
  body: Preferencia,
  metodo: MetodoDelPedido,
): Promise<PedidoCreado> {
  const cliente = await findClienteById(db, clienteId);
  if (!cliente) throw clientError(404, 'No se encontró el usuario.');
  const documento = documentOf(cliente);
  if (!documento) throw clientError(400, 'Documento de identidad requerido');
  if (!pasarela)
    throw clientError(503, 'Los pagos en línea no están disponibles en este momento. Escríbenos por WhatsApp para completar tu compra.');

  for (let intento = 0; ; intento++) {
    const paso: Paso = await db.transaction(async (tx) => {
      const found = await orderByKey(tx, clienteId, clave, metodo.info);
      if (found) return found;
      const result = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${CHECKOUT_LOCK}, ${clienteId}) AS locked`);
      if (!(result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return { ocupado: true };
      const again = await orderByKey(tx, clienteId, clave, metodo.info);
      if (again) return again;
      if (await checkoutUnderWay(tx, clienteId)) throw clientError(409, PAGO_EN_PREPARACION);
      return {
        reservado: await reserve(tx, {
          config,
          pasarela,
          cliente,
          documento,
          clave,
          body,
          metodo: metodo.info,
          reservaMinutos: metodo.reservaMinutos?.(config),
        }),
      };
    });
    if ('creada' in paso) return paso.creada;
    if ('esperar' in paso) return waitForPreference(db, paso.esperar);
    if ('reservado' in paso) return finish(db, pasarela, metodo, paso.reservado);
    if (intento >= REINTENTOS) throw clientError(409, PAGO_EN_PREPARACION);
    await sleep(REINTENTO_MS);
  }
}

/**
 * The attempt of this key: its order once its method finished creating it (a derived key only while its
 * order awaits payment: a paid or cancelled one leaves room for a new purchase), or the order to wait for
 * while it is being finished; undefined when there is none. A key of another method's order answers 409.
 */
async function orderByKey(tx: Tx, clienteId: number, clave: Clave, metodo: MetodoPagoInfo): Promise<Paso | undefined> {
  const match =
    clave.tipo === 'cliente'
      ? eq(pedidos.claveIdempotencia, clave.valor)
      : or(like(pedidos.claveIdempotencia, `${clave.actual}%`), like(pedidos.claveIdempotencia, `${clave.anterior}%`));
  const [row] = await tx
    .select({
      id: pedidos.id,
      estado: pedidos.estado,
      preferenciaId: pedidos.preferenciaId,
      urlPago: pedidos.urlPago,
      metodoPago: pedidos.metodoPago,
    })
    .from(pedidos)
    .where(and(eq(pedidos.clienteId, clienteId), match))
    .orderBy(desc(pedidos.id))
    .limit(1);
  if (!row || (clave.tipo === 'derivada' && row.estado !== 'PENDIENTE')) return undefined;
  if (row.metodoPago !== metodo.id) {
    throw clientError(
      409,
      `Esta clave de pago es de un pago con ${metodoPagoInfo(row.metodoPago)?.nombre ?? row.metodoPago}: vuelve a intentarlo desde tu carrito.`,
    );
  }
  if (row.urlPago) return { creada: { idVenta: row.id, preferenciaId: row.preferenciaId, urlPago: row.urlPago } };
  return row.estado === 'PENDIENTE' ? { esperar: row.id } : undefined;
}

/** Whether another checkout of the customer is finishing its order now (an order without its payment page, younger than the provider's timeout). */
async function checkoutUnderWay(tx: Tx, clienteId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(
      and(
        eq(pedidos.clienteId, clienteId),
        eq(pedidos.estado, 'PENDIENTE'),
        isNull(pedidos.urlPago),
        gt(pedidos.creado, new Date(Date.now() - CREACION_MAXIMA_MS)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A resent request whose first attempt is being finished by its method: waits for it without holding a connection. */
async function waitForPreference(db: Db, pedidoId: number): Promise<PedidoCreado> {
  for (const hasta = Date.now() + CREACION_MAXIMA_MS; Date.now() < hasta; await sleep(100)) {
    const [row] = await db
      .select({ estado: pedidos.estado, preferenciaId: pedidos.preferenciaId, urlPago: pedidos.urlPago })
      .from(pedidos)
      .where(eq(pedidos.id, pedidoId));
    if (row?.urlPago) return { idVenta: pedidoId, preferenciaId: row.preferenciaId, urlPago: row.urlPago };
    if (row?.estado !== 'PENDIENTE') throw clientError(502, PASARELA_NO_RESPONDE);
  }
  throw clientError(409, PAGO_EN_PREPARACION);
}

interface Reserva {
  config: ServerConfig;
  pasarela: Pasarela;
  cliente: Cliente;
  documento: { tipo: string; numero: string };
  clave: Clave;
  body: Preferencia;
  metodo: MetodoPagoInfo;
  /** The method's own hold (a bank transfer's hours); PAYMENT_RESERVATION_MINUTES when undefined. */
  reservaMinutos?: number | undefined;
}

/**
 * Inside the locked transaction: replaces the customer's abandoned orders, prices the cart (the one
 * pricing of a pay attempt), checks the method's ceiling and the unpaid-units cap, takes the coupon and
 * the stock, and writes the order PENDIENTE.
 */
async function reserve(
  tx: Tx,
  { config, pasarela, cliente, documento, clave, body, metodo, reservaMinutos }: Reserva,
): Promise<OrdenDePago & { clave: string }> {
  // First, so a coupon or units the abandoned orders held are free again for this one.
  await cancelAbandoned(tx, cliente.id);
  const quote = await quoteOrder(tx, cliente.id, body, { unidadesPorProducto: config.unidadesPorProducto });
  // Above the method's ceiling (Yape's S/ 2,000) before the price check, as the shopper cannot pay it this way whatever the prices.
  if (sobreMaximo(metodo, quote.cotizacion.total))
    throw clientError(400, metodo.mensajeMaximo ?? `Este pedido supera el máximo de ${metodo.nombre}.`);
  if (!sameFigures(body, quote)) throw clientError(409, PRECIOS_CAMBIARON, { cotizacion: quoteToWire(quote) });
  const pedidas = quote.lineas.reduce((total, { linea }) => total + linea.cantidad, 0);
  const sinPagar = await unpaidUnits(tx, cliente.id);
  if (sinPagar + pedidas > config.unidadesSinPagar) {
    throw clientError(
      409,
      `Ya tienes ${sinPagar} unidad(es) reservadas en pedidos sin pagar y puedes reservar como máximo ${config.unidadesSinPagar}. Paga tus pedidos pendientes o espera a que venzan para continuar.`,
    );
  }
  if (quote.cupon?.cuponUsuarioId && !(await claimCoupon(tx, quote.cupon.cuponUsuarioId)))
    throw clientError(409, 'Cupón ya utilizado', { cupon: quote.cupon.codigo });
  if (quote.cupon?.cuponGlobalId) {
    const rechazo = await tomarUsoCupon(tx, quote.cupon.cuponGlobalId, cliente.id);
    if (rechazo) throw clientError(409, rechazo, { cupon: quote.cupon.codigo });
  }
  // The order's id first, so the stock history names the order its units went to.
  const pedidoId = await nextOrderId(tx);
  await motivoStock(tx, { motivo: 'venta', actor: ACTOR_CLIENTE, pedidoId });
  const faltante = await reserveStock(
    tx,
    quote.lineas.map(({ linea }) => ({ productoId: linea.idProducto, cantidad: linea.cantidad })),
    config.porcentajeSinPagar,
  );
  if (faltante) {
    const nombre = quote.lineas.find(({ producto }) => producto.idProducto === faltante.productoId)!.producto.nombre;
    if (faltante.reservables !== undefined) throw shareError(nombre, faltante.productoId, faltante.reservables);
    throw stockError(nombre, faltante.productoId, faltante.quedan);
  }

  const creado = new Date();
  const expira = new Date(creado.getTime() + (reservaMinutos ?? config.reservaPagoMinutos) * 60_000);
  // The cash code's deadline Mercado Pago gives the payer, and the end of this order's hold when one is issued (expireOrders).
  const expiraEfectivo = new Date(creado.getTime() + efectivoMinutos(config) * 60_000);
  const valor = clave.tipo === 'cliente' ? clave.valor : `${clave.actual}${randomUUID().slice(0, 8)}`;
  await insertOrder(tx, {
    id: pedidoId,
    cliente,
    documento,
    clave: valor,
    quote,
    creado,
    expira,
    pasarela: pasarela.nombre,
    comprobante: body.comprobante,
    metodoPago: metodo.id,
  });
  return {
    ...paymentOrder({ pedidoId, cliente, documento, quote, creado, expira, expiraEfectivo, clave: valor, siteUrl: config.siteUrl }),
    clave: valor,
  };
}

/** Minutes a cash code is valid from its order's creation: CASH_PAYMENT_MINUTES, never past ORDER_RESERVATION_HOURS. */
export const efectivoMinutos = (config: Pick<ServerConfig, 'efectivoMinutos' | 'reservaHoras'>) =>
  Math.min(config.efectivoMinutos, config.reservaHoras * 60);

/**
 * The 409 of a product whose units left for new orders are held by other unpaid orders (UNPAID_STOCK_PERCENT):
 * how many this order may still take, or none for now.
 */
function shareError(nombre: string, id: number, reservables: number) {
  const mensaje =
    reservables > 0
      ? `Otros clientes están pagando ${nombre} en este momento: por ahora puedes reservar como máximo ${reservables} unidad(es). Ajusta la cantidad o vuelve a intentarlo en unos minutos.`
      : `Otros clientes están pagando las unidades de ${nombre} que se pueden reservar ahora. Vuelve a intentarlo en unos minutos: si no las pagan, se liberan.`;
  return clientError(409, mensaje, { producto: { id, nombre, reservables } });
}

/** Units in the customer's orders still awaiting payment. */
async function unpaidUnits(tx: Tx, clienteId: number): Promise<number> {
  const [row] = await tx
    .select({ unidades: sum(pedidoLineas.cantidad) })
    .from(pedidoLineas)
    .innerJoin(pedidos, eq(pedidoLineas.pedidoId, pedidos.id))
    .where(and(eq(pedidos.clienteId, clienteId), eq(pedidos.estado, 'PENDIENTE')));
  return Number(row?.unidades ?? 0);
}

/**
 * After the reservation's commit: the method's finishing step (Checkout Pro: the provider creates the
 * preference), whose outcome is recorded on the order. When it fails, the order is cancelled (stock and
 * coupon back) and its key freed for a retry, in a transaction of its own, and the shopper gets a 502.
 */
async function finish(db: Db, pasarela: Pasarela, metodo: MetodoDelPedido, orden: OrdenDePago & { clave: string }): Promise<PedidoCreado> {
  let fin: Finalizacion;
  try {
    fin = await metodo.finalizar(orden, pasarela);
  } catch (error) {
    logError(`No se pudo crear el pago (${metodo.info.nombre}) del pedido ${orden.idVenta}`, error);
    await db.transaction(async (tx) => {
      await cancelOrder(tx, orden.idVenta, 'No se pudo crear el pago en la pasarela: pedido anulado y stock liberado.', null);
      await tx
        .update(pedidos)
        .set({ claveIdempotencia: `${orden.clave}~fallido-${orden.idVenta}` })
        .where(eq(pedidos.id, orden.idVenta));
    });
    throw clientError(502, PASARELA_NO_RESPONDE);
  }
  const [recorded] = await db
    .update(pedidos)
    .set({ preferenciaId: fin.preferenciaId, urlPago: fin.urlPago })
    .where(and(eq(pedidos.id, orden.idVenta), eq(pedidos.estado, 'PENDIENTE')))
    .returning({ id: pedidos.id });
  if (!recorded) throw clientError(409, 'Este intento de pago ya no está vigente. Vuelve a tu carrito e inténtalo nuevamente.');
  return { idVenta: orden.idVenta, preferenciaId: fin.preferenciaId, urlPago: fin.urlPago };
}

/** The customer's identity document for the payer, as Mercado Pago's metadata names the types. */
function documentOf(cliente: Cliente): { tipo: string; numero: string } | undefined {
  if (cliente.dni) return { tipo: 'DNI', numero: cliente.dni };
  if (cliente.carnetExtranjeria) return { tipo: 'CARNET_EXTRANJERIA', numero: cliente.carnetExtranjeria };
  if (cliente.pasaporte) return { tipo: 'PASAPORTE', numero: cliente.pasaporte };
  return undefined;
}

/**
 * A new checkout replaces the customer's earlier unpaid orders that have no payment under way (and
 * attempts their method never finished creating): their stock and coupon come back at once.
 */
async function cancelAbandoned(tx: Tx, clienteId: number): Promise<void> {
  const stale = and(
    eq(pedidos.clienteId, clienteId),
    eq(pedidos.estado, 'PENDIENTE'),
    isNull(pedidos.urlPago),
    lt(pedidos.creado, new Date(Date.now() - CREACION_MAXIMA_MS)),
  );
  const abandoned = await tx
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(or(replaceableOrders(tx, clienteId), stale));
  for (const { id } of abandoned) {
    // A Yape submission claims its order under this row lock: one claimed since the query above keeps it.
    await tx.select({ id: pedidos.id }).from(pedidos).where(eq(pedidos.id, id)).for('update');
    const [enPago] = await tx
      .select({ id: intentosYape.id })
      .from(intentosYape)
      .where(and(eq(intentosYape.pedidoId, id), eq(intentosYape.estado, 'en-curso')))
      .limit(1);
    // No e-mail: the customer replaced the order themselves, a moment ago.
    if (!enPago) await cancelOrder(tx, id, 'Reemplazado por un nuevo intento de pago del cliente.', null, ACTOR_CLIENTE);
  }
}

/** The id the order about to be written will have (drawn from its sequence, so no other order takes it). */
async function nextOrderId(tx: Tx): Promise<number> {
  const result = await tx.execute(sql`select nextval(pg_get_serial_sequence('pedidos', 'id'))::int as id`);
  return Number((result as unknown as { rows: { id: number }[] }).rows[0]!.id);
}

interface NewOrder {
  id: number;
  cliente: Cliente;
  documento: { tipo: string; numero: string };
  clave: string;
  quote: PedidoCotizado;
  creado: Date;
  expira: Date;
  pasarela: Pasarela['nombre'];
  comprobante: Comprobante;
  metodoPago: string;
}

/** The order's receipt columns: a factura's type and data (trimmed by the schema), or a boleta to the order's document. */
function receiptColumns(comprobante: Comprobante) {
  if (comprobante.tipo === 'boleta')
    return { comprobanteTipo: CODIGO_SUNAT.boleta, facturaRuc: null, facturaRazonSocial: null, facturaDireccion: null };
  return {
    comprobanteTipo: CODIGO_SUNAT.factura,
    facturaRuc: comprobante.ruc,
    facturaRazonSocial: comprobante.razon_social,
    facturaDireccion: comprobante.direccion_fiscal,
  };
}

/** Writes the order PENDIENTE with its line snapshots and first timeline entry; returns its id. */
async function insertOrder(
  tx: Tx,
  { id, cliente, documento, clave, quote, creado, expira, pasarela, comprobante, metodoPago }: NewOrder,
): Promise<number> {
  const { cotizacion, cupon, entrega } = quote;
  const [pedido] = await tx
    .insert(pedidos)
    .values({
      id,
      clienteId: cliente.id,
      claveIdempotencia: clave,
      creado,
      actualizado: creado,
      expira,
      recojo: entrega.recojo,
      metodoEnvio: entrega.metodo,
      direccion: entrega.direccion,
      instrucciones: entrega.instrucciones,
      horario: entrega.horario,
      departamento: entrega.destino?.departamento ?? null,
      provincia: entrega.destino?.provincia ?? null,
      distrito: entrega.destino?.distrito ?? null,
      nombre: cliente.nombre,
      apellido: cliente.apellido,
      correo: cliente.correo,
      telefono: cliente.telefono,
      documentoTipo: documento.tipo,
      documentoNumero: documento.numero,
      codigoDescuento: cupon?.codigo ?? null,
      porcentajeDescuento: Math.round((cupon?.porcentaje ?? 0) * 100),
      cuponUsuarioId: cupon?.cuponUsuarioId ?? null,
      cuponGlobalId: cupon?.cuponGlobalId ?? null,
      // What the coupon took off: the lines' discounts but a routine bundle's.
      descuentoCupon: cupon ? cotizacion.lineas.reduce((total, linea) => total + (linea.rutina > 0 ? 0 : linea.descuento), 0) : 0,
      subtotal: cotizacion.subtotal,
      descuento: cotizacion.descuento,
      envio: cotizacion.envio,
      total: cotizacion.total,
      pasarela,
      ...receiptColumns(comprobante),
      metodoPago,
    })
    .returning({ id: pedidos.id });
  await tx.insert(pedidoLineas).values(
    quote.lineas.map(({ producto, linea, cotizada }) => ({
      pedidoId: pedido!.id,
      productoId: producto.idProducto,
      nombre: producto.nombre,
      marca: producto.marca,
      img: linea.img,
      color: linea.selectedColor,
      tamano: linea.selectedSize,
      cantidad: linea.cantidad,
      precioUnitario: cotizada.unitario,
      precioConDescuento: cotizada.conDescuento,
      precioCobrado: cotizada.cobrado,
    })),
  );
  await record(tx, pedido!.id, 'PENDIENTE', 'Pedido creado; stock reservado a la espera del pago.', ACTOR_CLIENTE);
  return pedido!.id;
}

/** What the payment provider is told: the charged unit prices, shipping as its own item, the payer. */
function paymentOrder({
  pedidoId,
  cliente,
  documento,
  quote,
  creado,
  expira,
  expiraEfectivo,
  clave,
  siteUrl,
}: Omit<NewOrder, 'id' | 'pasarela' | 'comprobante' | 'metodoPago'> & {
  pedidoId: number;
  expiraEfectivo: Date;
  siteUrl: string;
}): OrdenDePago {
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : url.startsWith('/') ? `${siteUrl}${url}` : undefined);
  const items: OrdenDePago['items'] = quote.lineas.map(({ producto, linea, cotizada }) => ({
    id: String(producto.idProducto),
    title: [producto.nombre, linea.selectedColor, linea.selectedSize].filter(Boolean).join(' · '),
    quantity: linea.cantidad,
    unitPrice: toSoles(cotizada.cobrado),
    pictureUrl: absolute(linea.img),
  }));
  if (quote.cotizacion.envio > 0)
    items.push({ id: 'envio', title: quote.entrega.metodo, quantity: 1, unitPrice: toSoles(quote.cotizacion.envio) });
  return {
    idVenta: pedidoId,
    clienteId: cliente.id,
    items,
    total: toSoles(quote.cotizacion.total),
    payer: {
      nombre: cliente.nombre,
      apellido: cliente.apellido,
      correo: cliente.correo,
      telefono: cliente.telefono,
      documentoTipo: documento.tipo,
      documentoNumero: documento.numero,
    },
    creado,
    expira,
    expiraEfectivo,
    idempotencyKey: `pedido-${pedidoId}-${clave}`,
  };
}
