import type { CotizacionServidor, LineaPrecioServidor } from '../api/checkout-schemas.ts';
import { lineRef, type CartLine } from '../cart/lines.ts';
import type { CheckoutPayload } from '../cart/checkout-payload.ts';
import { formatSoles, toCentimos } from '../pricing/money.ts';

/**
 * The server's quote against what the shopper saw (checkout §8, prices changed): the server prices
 * the lines in the order they were sent, so line i of the quote is line i of the payload.
 */

const same = (a: number, b: number) => toCentimos(a) === toCentimos(b);

/** Whether any line's charged price, the discount, the shipping or the total differs from the quote. */
export function quoteDiffers(payload: CheckoutPayload, quote: CotizacionServidor): boolean {
  if (quote.productos.length !== payload.productos.length) return true;
  return (
    payload.productos.some((line, index) => !same(line.precio, quote.productos[index]!.precio)) ||
    !same(payload.resumen.descuento, quote.descuento) ||
    !same(payload.CostoEnvio, quote.envio) ||
    !same(payload.resumen.total, quote.total)
  );
}

/** A unit's list price when the product's own discount lowers it, else undefined (the cart's precioOriginal). */
const listaSiRebajado = (server: LineaPrecioServidor) =>
  server.precio_unitario > server.precio_con_descuento ? server.precio_unitario : undefined;

/** The checkout payload with the server's figures: lines as charged (as the cart builds them), shipping and totals. */
export function payloadWithQuote(payload: CheckoutPayload, quote: CotizacionServidor): CheckoutPayload {
  const productos = payload.productos.map((line, index) => {
    const server = quote.productos[index];
    if (!server) return line;
    const cobrado = server.precio < server.precio_con_descuento;
    return {
      ...line,
      precio: server.precio,
      precio_unitario: server.precio_unitario,
      precio_con_descuento: cobrado ? server.precio : server.precio_con_descuento,
      precioOriginal: cobrado ? (listaSiRebajado(server) ?? server.precio_con_descuento) : listaSiRebajado(server),
    };
  });
  return {
    ...payload,
    productos,
    envio: { ...payload.envio, costo: quote.envio },
    CostoEnvio: quote.envio,
    discountPercentage: quote.cupon?.porcentaje ?? payload.discountPercentage,
    resumen: { subtotal: quote.subtotal, descuento: quote.descuento, envio: quote.envio, total: quote.total },
  };
}

/**
 * The cart's lines with the server's product prices (the cart keeps product prices, never coupon
 * prices); a line is found through the payload line the quote priced at the same position.
 */
export function cartWithQuote(cart: CartLine[], payload: CheckoutPayload, quote: CotizacionServidor): CartLine[] {
  const byRef = new Map(payload.productos.map((line, index) => [lineRef(line), quote.productos[index]]));
  return cart.map((line) => {
    const server = byRef.get(lineRef(line));
    if (!server) return line;
    return {
      ...line,
      precio: server.precio_con_descuento,
      precio_unitario: server.precio_unitario,
      precio_con_descuento: server.precio_con_descuento,
      precioOriginal: listaSiRebajado(server),
    };
  });
}

/** The alert text listing what changed: '• Tónico: antes S/ 50.00, ahora S/ 55.00', then shipping and total. */
export function priceChangeText(payload: CheckoutPayload, quote: CotizacionServidor): string {
  const items = payload.productos.flatMap((line, index) => {
    const server = quote.productos[index];
    return server && !same(line.precio, server.precio)
      ? [`• ${line.nombre}: antes ${formatSoles(line.precio)}, ahora ${formatSoles(server.precio)}`]
      : [];
  });
  if (!same(payload.resumen.descuento, quote.descuento))
    items.push(`• Descuento: antes ${formatSoles(payload.resumen.descuento)}, ahora ${formatSoles(quote.descuento)}`);
  if (!same(payload.CostoEnvio, quote.envio))
    items.push(`• Envío: antes ${formatSoles(payload.CostoEnvio)}, ahora ${formatSoles(quote.envio)}`);
  items.push(`• Total: antes ${formatSoles(payload.resumen.total)}, ahora ${formatSoles(quote.total)}`);
  return `${items.join('\n')}\n\nRevisa tu pedido y vuelve a presionar pagar.`;
}

/** What the server's quote means for the checkout: its payload with the server's figures and, when those differ from what the shopper saw, the cart to keep and the alert's text. */
export interface RevisionPrecios {
  payload: CheckoutPayload;
  cambio: { cart: CartLine[]; texto: string } | null;
}

/** The price review of one quote (checkout §8) in one call: the payload to store, and the cart and alert text when prices changed. */
export function reviewQuote(payload: CheckoutPayload, quote: CotizacionServidor, cart: CartLine[]): RevisionPrecios {
  return {
    payload: payloadWithQuote(payload, quote),
    cambio: quoteDiffers(payload, quote) ? { cart: cartWithQuote(cart, payload, quote), texto: priceChangeText(payload, quote) } : null,
  };
}
