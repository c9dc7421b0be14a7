import type { ReactNode } from 'react';
import type { CheckoutPayload } from '../../lib/cart/checkout-payload.ts';
import type { ComprobanteBody } from '../../lib/api/checkout-schemas.ts';
import type { OfertaMetodo } from '../../lib/checkout/pay-steps.ts';
import type { Comprador } from '../../lib/checkout/preference-body.ts';
import type { Sesion } from './checkout-flow.ts';

/**
 * A payment method's part of /procesoDePago (issue 35, the payment-method seam): each method with a panel
 * has its island file (YapePanel.tsx with useYape.ts), and paneles.ts lists their hooks. A method without
 * one (Checkout Pro) is listed as GET /carrito/metodos-pago names it and pays through the checkout's
 * default step: the provider's page.
 */
export interface PanelDePago {
  /**
   * How the method is offered for an order of `total` soles (its own availability, its ceiling); undefined:
   * as GET /carrito/metodos-pago names it (the bank transfer's panel, issue 36).
   */
  oferta(total: number): OfertaMetodo | undefined;
  /** Its fields for an order of `total` soles, shown under its option while it is chosen. */
  campos(total: number): ReactNode;
  /** Before paying: its fields are valid (otherwise their problems show); false stops the pay button. */
  check(): boolean;
  /**
   * Pays the order on this page (an in-page method) once the checkout's own checks passed: the payload to
   * show after a price change, or null (the method shows its own outcome; a success leaves the page).
   */
  pagar(pedido: PedidoAPagar): Promise<CheckoutPayload | null>;
}

/** What the checkout hands a method to pay its order with. */
export interface PedidoAPagar {
  payload: CheckoutPayload;
  sesion: Sesion;
  comprador: Comprador;
  comprobante: ComprobanteBody;
}
