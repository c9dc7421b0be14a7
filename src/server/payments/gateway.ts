/** What a payment provider is told about an order to create its checkout (a preference). */
export interface OrdenDePago {
  idVenta: number;
  clienteId: number;
  items: { id: string; title: string; quantity: number; unitPrice: number; pictureUrl?: string }[];
  /** The order total in soles: the items add up to it. */
  total: number;
  payer: { nombre: string; apellido: string; correo: string; telefono: string; documentoTipo: string; documentoNumero: string };
  creado: Date;
  /** The preference takes payments until then: the order's stock reservation. */
  expira: Date;
  /** A cash code (PagoEfectivo) issued before `expira` may be paid until then (date_of_expiration), and its order is held as long. */
  expiraEfectivo: Date;
  idempotencyKey: string;
}

/** A payment as the provider's API reports it (Mercado Pago's payment resource, the fields we use). */
export interface PagoRemoto {
  id: string;
  status: string;
  status_detail: string;
  external_reference: string | null;
  currency_id: string;
  transaction_amount: number;
  payment_type_id: string;
  /** The provider's payment method: an in-page method's id of the shared list (its rejection leaves the order payable), or '' or the card's for Checkout Pro. */
  payment_method_id?: string;
  /**
   * Mercado Pago's fee the shop pays on it and what it credits the shop, in soles, as the payment itself
   * reports them (fee_details, transaction_details.net_received_amount); absent when it does not say
   * (the offline prueba, a payment not yet approved). Never estimated (decision 0223).
   */
  comision?: number | null;
  neto?: number | null;
}

/** What a Yape payment needs (issue 24): the order's own amount, the payer's e-mail, the phone and approval code (never kept). */
export interface PagoYape {
  idVenta: number;
  /** Soles: the order's total, never the browser's. */
  total: number;
  correo: string;
  descripcion: string;
  celular: string;
  codigo: string;
  /** Derived from the order and the browser's attempt: a resend of one submission is one payment. */
  idempotencyKey: string;
}

/** Mercado Pago refused the phone and approval code (no token, so no payment): the shopper needs a new code. */
export class YapeSinToken extends Error {
  constructor(readonly statusDetail: string) {
    super(`Yape no aceptó el celular y el código (${statusDetail}).`);
  }
}

/** A refund asked of the provider (issue 36): all or part of an approved payment, once per key. */
export interface SolicitudReembolso {
  /** The provider's payment id (a Yape payment is a Mercado Pago payment too). */
  pagoId: string;
  /** Céntimos to give back: the whole payment or part of it. */
  monto: number;
  /** The same key answers the same refund: a retry or a replay never refunds twice. */
  idempotencyKey: string;
}

/** The provider's refund: its id, status ('approved', 'in_process', 'rejected'…) and amount in céntimos. */
export interface ReembolsoRemoto {
  id: string;
  status: string;
  monto: number;
}

/** The provider refused a refund for good (not an outage): retrying it will not help; the shop must act by hand. */
export class ReembolsoRechazado extends Error {}

/**
 * The one small interface both providers implement (DESIGN.md, payments): the calls the payment methods
 * (src/server/checkout/metodos/) make, each method using its own.
 */
export interface Pasarela {
  /** The provider (not a payment method): Mercado Pago (Checkout Pro, Checkout API), or the offline prueba (pago de prueba) that answers as it would. */
  nombre: 'mercadopago' | 'prueba';
  /** Test credentials (the offline prueba, or Mercado Pago's TEST- access token): Mercado Pago's Yape test phones are accepted. */
  sandbox: boolean;
  /** Creates the checkout of an order; `initPoint` is where the shopper pays it. */
  crearPreferencia(orden: OrdenDePago): Promise<{ id: string; initPoint: string }>;
  /** Looks a payment up on the provider's side: the only source of a payment's outcome. */
  obtenerPago(id: string): Promise<PagoRemoto>;
  /**
   * Pays an order with Yape (Checkout API): the phone and code exchanged for a one-use token, then the
   * payment created, approved or rejected at once. Absent when the shop does not take Yape (no MP_PUBLIC_KEY).
   */
  pagarConYape?(pago: PagoYape): Promise<PagoRemoto>;
  /**
   * Refunds all or part of an approved payment (issue 36): Mercado Pago's refunds API through the
   * official SDK, simulated by the prueba. Throws ReembolsoRechazado when the provider refuses it for
   * good, anything else when it could not be reached (to be retried with the same key).
   */
  reembolsar?(solicitud: SolicitudReembolso): Promise<ReembolsoRemoto>;
}

/** Statuses that end a payment without money (checkout §4: rejected). */
export const PAGO_FALLIDO = new Set(['rejected', 'cancelled']);
/** Statuses of a payment still under way (checkout §4: pending). */
export const PAGO_EN_CURSO = new Set(['pending', 'in_process', 'authorized', 'in_mediation']);
/** Payment types of a code paid later in cash or from a bank (PagoEfectivo): valid until the preference's date_of_expiration. */
export const PAGO_EN_EFECTIVO = new Set(['ticket', 'atm', 'bank_transfer']);
