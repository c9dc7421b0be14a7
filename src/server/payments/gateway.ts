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
  /** A cash code (PagoEfectivo) issued before `expira` may be paid until then. */
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
}

/** The one small interface both payment implementations share (DESIGN.md, payments). */
export interface Pasarela {
  /** 'mercadopago' (Checkout Pro) or 'prueba' (the offline test mode). */
  nombre: 'mercadopago' | 'prueba';
  /** Creates the checkout of an order; `initPoint` is where the shopper pays it. */
  crearPreferencia(orden: OrdenDePago): Promise<{ id: string; initPoint: string }>;
  /** Looks a payment up on the provider's side: the only source of a payment's outcome. */
  obtenerPago(id: string): Promise<PagoRemoto>;
}

/** Statuses that end a payment without money (checkout §4: rejected). */
export const PAGO_FALLIDO = new Set(['rejected', 'cancelled']);
/** Statuses of a payment still under way (checkout §4: pending). */
export const PAGO_EN_CURSO = new Set(['pending', 'in_process', 'authorized', 'in_mediation']);
