import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Preferencia, PreferenciaCreada } from '../../lib/api/checkout-schemas.ts';
import { toSoles } from '../../lib/pricing/money.ts';
import type { ServerConfig } from '../../config.ts';
import { findClienteById } from '../auth/accounts.ts';
import type { Db } from '../db/client.ts';
import { pagos, pedidoLineas, pedidos, type Cliente } from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';
import { cancelOrder, record } from '../orders/transitions.ts';
import { reserveStock, type Tx } from '../orders/stock.ts';
import { PAGO_EN_CURSO, type OrdenDePago, type Pasarela } from '../payments/gateway.ts';
import { quoteOrder, quoteToWire, sameFigures, stockError, type PedidoCotizado } from './quote.ts';

export interface CheckoutDeps {
  db: Db;
  config: ServerConfig;
  pasarela: Pasarela | null;
}

/** The message of a 409 whose prices are not the ones the shopper saw (checkout §8). */
export const PRECIOS_CAMBIARON = '¡Algunos productos cambiaron de precio!';

/** Lock namespace of a customer's checkouts (pg_advisory_xact_lock's first key). */
const CHECKOUT_LOCK = 8_001;

/**
 * Creates an order and its payment preference (checkout §7) in one transaction: the server prices
 * the cart from the database, refuses with 409 and the current prices when the client's figures
 * differ, reserves the stock, writes the order PENDIENTE with its line snapshots and creates the
 * preference. The same idempotency key always answers the same preference and never a second order.
 */
export async function createOrder({ db, config, pasarela }: CheckoutDeps, clienteId: number, clave: string, body: Preferencia): Promise<PreferenciaCreada> {
  const existing = await orderByKey(db, clienteId, clave);
  if (existing) return existing;
  const cliente = await findClienteById(db, clienteId);
  if (!cliente) throw clientError(404, 'No se encontró el usuario.');
  const documento = documentOf(cliente);
  if (!documento) throw clientError(400, 'Documento de identidad requerido');
  if (!pasarela) throw clientError(503, 'Los pagos en línea no están disponibles en este momento. Escríbenos por WhatsApp para completar tu compra.');

  return db.transaction(async (tx) => {
    // One checkout at a time per customer: a retried request waits for the first and finds its order.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHECKOUT_LOCK}, ${clienteId})`);
    const again = await orderByKey(tx, clienteId, clave);
    if (again) return again;

    const quote = await quoteOrder(tx, clienteId, body);
    if (!sameFigures(body, quote)) throw clientError(409, PRECIOS_CAMBIARON, { cotizacion: quoteToWire(quote) });
    await cancelAbandoned(tx, clienteId);
    const faltante = await reserveStock(tx, quote.lineas.map(({ line }) => ({ productoId: line.idProducto, cantidad: line.cantidad })));
    if (faltante) {
      const nombre = quote.lineas.find(({ producto }) => producto.idProducto === faltante.productoId)!.producto.nombre;
      throw stockError(nombre, faltante.productoId, faltante.quedan);
    }

    const creado = new Date();
    const expira = new Date(creado.getTime() + config.reservaHoras * 3_600_000);
    const pedidoId = await insertOrder(tx, { cliente, documento, clave, quote, creado, expira, pasarela: pasarela.nombre });
    const preferencia = await pasarela.crearPreferencia(paymentOrder({ pedidoId, cliente, documento, quote, creado, expira, clave, siteUrl: config.siteUrl }));
    await tx.update(pedidos).set({ preferenciaId: preferencia.id, urlPago: preferencia.initPoint }).where(eq(pedidos.id, pedidoId));
    return { id: preferencia.id, init_point: preferencia.initPoint, idVenta: pedidoId };
  });
}

async function orderByKey(db: Db | Tx, clienteId: number, clave: string): Promise<PreferenciaCreada | undefined> {
  const [row] = await db
    .select({ id: pedidos.id, preferenciaId: pedidos.preferenciaId, urlPago: pedidos.urlPago })
    .from(pedidos)
    .where(and(eq(pedidos.clienteId, clienteId), eq(pedidos.claveIdempotencia, clave)));
  return row?.preferenciaId && row.urlPago ? { id: row.preferenciaId, init_point: row.urlPago, idVenta: row.id } : undefined;
}

/** The customer's identity document for the payer, as Mercado Pago's metadata names the types. */
function documentOf(cliente: Cliente): { tipo: string; numero: string } | undefined {
  if (cliente.dni) return { tipo: 'DNI', numero: cliente.dni };
  if (cliente.carnetExtranjeria) return { tipo: 'CARNET_EXTRANJERIA', numero: cliente.carnetExtranjeria };
  if (cliente.pasaporte) return { tipo: 'PASAPORTE', numero: cliente.pasaporte };
  return undefined;
}

/**
 * A new checkout replaces the customer's earlier unpaid orders that have no payment under way: their
 * stock goes back on sale instead of waiting out the reservation.
 */
async function cancelAbandoned(tx: Tx, clienteId: number): Promise<void> {
  const abandoned = await tx
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(
      and(
        eq(pedidos.clienteId, clienteId),
        eq(pedidos.estado, 'PENDIENTE'),
        notExists(tx.select({ id: pagos.id }).from(pagos).where(and(eq(pagos.pedidoId, pedidos.id), inArray(pagos.estado, [...PAGO_EN_CURSO])))),
      ),
    );
  // No e-mail: the customer replaced the order themselves, a moment ago.
  for (const { id } of abandoned) await cancelOrder(tx, id, 'Reemplazado por un nuevo intento de pago del cliente.', null);
}

interface NewOrder {
  cliente: Cliente;
  documento: { tipo: string; numero: string };
  clave: string;
  quote: PedidoCotizado;
  creado: Date;
  expira: Date;
  pasarela: Pasarela['nombre'];
}

/** Writes the order PENDIENTE with its line snapshots and first timeline entry; returns its id. */
async function insertOrder(tx: Tx, { cliente, documento, clave, quote, creado, expira, pasarela }: NewOrder): Promise<number> {
  const { cotizacion, cupon, entrega } = quote;
  const [pedido] = await tx
    .insert(pedidos)
    .values({
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
      subtotal: cotizacion.subtotal,
      descuento: cotizacion.descuento,
      envio: cotizacion.envio,
      total: cotizacion.total,
      pasarela,
    })
    .returning({ id: pedidos.id });
  await tx.insert(pedidoLineas).values(
    quote.lineas.map(({ producto, line, priced }) => ({
      pedidoId: pedido!.id,
      productoId: producto.idProducto,
      nombre: producto.nombre,
      marca: producto.marca,
      img: line.img,
      color: line.selectedColor,
      tamano: line.selectedSize,
      cantidad: line.cantidad,
      precioUnitario: priced.unitario,
      precioConDescuento: priced.conDescuento,
      precioCobrado: priced.cobrado,
    })),
  );
  await record(tx, pedido!.id, 'PENDIENTE', 'Pedido creado; stock reservado a la espera del pago.');
  return pedido!.id;
}

/** What the payment provider is told: the charged unit prices, shipping as its own item, the payer. */
function paymentOrder({ pedidoId, cliente, documento, quote, creado, expira, clave, siteUrl }: Omit<NewOrder, 'pasarela'> & { pedidoId: number; siteUrl: string }): OrdenDePago {
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : url.startsWith('/') ? `${siteUrl}${url}` : undefined);
  const items: OrdenDePago['items'] = quote.lineas.map(({ producto, line, priced }) => ({
    id: String(producto.idProducto),
    title: [producto.nombre, line.selectedColor, line.selectedSize].filter(Boolean).join(' · '),
    quantity: line.cantidad,
    unitPrice: toSoles(priced.cobrado),
    pictureUrl: absolute(line.img),
  }));
  if (quote.cotizacion.envio > 0) items.push({ id: 'envio', title: quote.entrega.metodo, quantity: 1, unitPrice: toSoles(quote.cotizacion.envio) });
  return {
    idVenta: pedidoId,
    clienteId: cliente.id,
    items,
    total: toSoles(quote.cotizacion.total),
    payer: { nombre: cliente.nombre, apellido: cliente.apellido, correo: cliente.correo, telefono: cliente.telefono, documentoTipo: documento.tipo, documentoNumero: documento.numero },
    creado,
    expira,
    idempotencyKey: `pedido-${pedidoId}-${clave}`,
  };
}
