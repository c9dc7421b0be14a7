/**
 * The shop's business rules beyond the storefront's own constants: orders and payments, receipts, reviews,
 * complaints, returns and the back office's panels. Imported through lib/tienda.ts, which exports them with the
 * rest of the shop's facts; kept apart so the chunk every page loads does not carry them (decision 0242).
 * Plain values only, like tienda.ts.
 */

/** Catalogue operations through the operator API and `npm run shop` (issue 14). */
export const OPERACIONES = {
  /** Rows of a catalogue import sent (and written) together: one request, one transaction, a few multi-row statements. */
  filasPorLote: 500,
  /** The import's progress: a bar on a terminal, else a plain line at most this often (ms), and not at all below `filasParaProgreso` rows. */
  progresoCadaMs: 2_000,
  filasParaProgreso: 1_000,
  /** Highest price (soles) and percent discount a product may carry, and most units of its stock: beyond them a figure is a typing mistake. */
  precioMaximo: 100_000,
  descuentoMaximo: 99,
  unidadesMaximas: 1_000_000,
  /** Audit entries `npm run shop -- auditoria` lists by default, and at most. */
  auditoriaPorDefecto: 50,
  auditoriaMaxima: 1_000,
  /** Longest operator name (X-Operador header) and free text of home content. */
  operadorMaximo: 60,
  textoMaximo: 500,
  /** How long browsers and CDNs keep an image of the store: its URL names its content, so forever. */
  imagenCacheControl: 'public, max-age=31536000, immutable',
} as const;

/** A product photo the operator uploads (issue 37): re-encoded on arrival, its metadata (EXIF, GPS) dropped. */
export const FOTOS_PRODUCTO = {
  /** The stored original's longest side at most (a phone's 4000 px photo is cut down; the build's largest copy is 960). */
  ladoMaximo: 2000,
  /** A file with more pixels than this is refused before it is decoded (a 48 MP phone photo fits). */
  pixelesMaximos: 50_000_000,
  /** JPEG and WebP quality of the stored original (high: the build's copies come from it). */
  calidad: 88,
  /** Photos uploaded at once from the form. */
  subidasSimultaneas: 2,
  /** A JPEG heavier than this is made smaller in the browser before it uploads (a phone's camera photo). */
  reducirDesdeBytes: 1_500_000,
} as const;

/** Password recovery: code lifetime and attempts (DESIGN.md, security). */
export const RECUPERACION = {
  codigoMinutos: 10,
  intentosMaximos: 5,
  /** How long a validated code lets the password be changed. */
  pruebaMinutos: 10,
} as const;

/** Orders and payments (checkout §9, terms; DESIGN.md, payments). */
export const PEDIDOS = {
  /**
   * An unpaid order keeps its stock while its Checkout Pro preference takes payments (the preference's
   * expiration_date_to), then is cancelled (PAYMENT_RESERVATION_MINUTES).
   */
  reservaPagoMinutos: 30,
  /** An order with a payment under way keeps its stock at most this long (the terms' reservation; ORDER_RESERVATION_HOURS): a card payment under review; a cash code ends sooner (efectivoMinutos). */
  reservaHoras: 24,
  /** Units of one product in one order (ORDER_UNITS_PER_PRODUCT_MAX), and units one customer holds in unpaid orders (UNPAID_UNITS_MAX). */
  unidadesPorProducto: 10,
  unidadesSinPagar: 30,
  /**
   * All unpaid orders together hold at most this percent of a product's units for sale (in stock plus held
   * unpaid), rounded up and at least 1, whoever's accounts they are (UNPAID_STOCK_PERCENT; 100 turns it off).
   */
  porcentajeSinPagar: 50,
  /**
   * A cash code (PagoEfectivo) is valid this long from the order's creation: the preference's date_of_expiration,
   * the deadline Mercado Pago prints on the code, and when the order's hold ends (CASH_PAYMENT_MINUTES; at most reservaHoras).
   */
  efectivoMinutos: 120,
  /** A checkout without an Idempotency-Key is the same attempt as an identical one sent within this many minutes (or the window before). */
  ventanaIdempotenciaMinutos: 5,
  /** A webhook whose signed timestamp is older (or newer) than this is refused. */
  toleranciaFirmaSegundos: 5 * 60,
  /** How often the background worker looks for due jobs and expired orders. */
  intervaloTrabajosSegundos: 30,
  /** How long a call to Mercado Pago's API may take. */
  timeoutMercadoPagoMs: 10_000,
  /** The name on the shopper's card statement. */
  descriptorTarjeta: 'KBEAUTYPERU',
  /** At most this many orders (the newest) in the operator's list. */
  listaOperadorMaxima: 200,
} as const;

/** The back office's orders desk and home (issue 36). */
export const MESA = {
  /** Orders one bulk move takes (BULK_ORDERS_MAX). */
  loteMaximo: 100,
  /** Orders one call for packing slips takes. */
  hojasMaximas: 50,
  /** A product with this many units or fewer (and more than none) is low on stock on the home (LOW_STOCK_THRESHOLD). */
  stockBajo: 3,
  /** A receipt still pending this long (minutes) is waiting on the home. */
  comprobantePendienteMinutos: 60,
  /** Characters of an internal note. */
  notaMaxima: 2_000,
  /** Characters of the search box. */
  busquedaMaxima: 100,
} as const;

/** The back office's 'Cierre y ventas' screen (the daily close and its reports). */
export const CIERRE = {
  /** The longest period one close covers, in Lima days (CIERRE_MAX_DAYS). */
  diasMaximos: 92,
  /** The sales-by-day chart's choices, in days ending today. */
  diasGrafico: [30, 90] as const,
  /** Products and brands in the period's top lists. */
  topMaximo: 10,
} as const;

/** The back office's 'Stock' screen: sold-out and low-stock products (issue 36; the threshold is MESA.stockBajo). */
export const STOCK_PANEL = {
  /** Products on one page of the list. */
  porPagina: 50,
  /** Highest page number the query takes. */
  paginaMaxima: 10_000,
} as const;

/**
 * The back office's 'Clientes' and the customers' data rights (Ley 29733): the deadlines of the
 * reglamento (D.S. 003-2013-JUS, art. 55) in working days from the request (acceso 20; rectificación and
 * cancelación 10; DATA_RIGHTS_*_DAYS), a page of the list and the longest search text.
 */
export const DERECHOS_DATOS = {
  plazos: { acceso: 20, rectificacion: 10, cancelacion: 10 },
  porPagina: 25,
  paginaMaxima: 10_000,
  busquedaMaxima: 100,
  /** What the anonymised copies of her orders and complaints say instead of her name. */
  nombreEliminado: 'Cliente eliminado',
  /** What replaces her identifiers inside the free texts that stay (notes of the timeline, a complaint's detail). */
  datoEliminado: '[dato eliminado]',
} as const;

/** The back office's product list (issue 37): its pages and the longest search text. */
export const CATALOGO_PANEL = {
  /** Products on one page of the list. */
  porPagina: 50,
  /** Highest page number the query takes. */
  paginaMaxima: 10_000,
  /** Characters of a search. */
  busquedaMaxima: 100,
} as const;

/** Rebuilds of a static deployment on Netlify through its build hook (BUILD_HOOK_URL). */
export const RECONSTRUCCION = {
  /**
   * When Netlify's scheduled function compares the deployed catalogue version with the API's (cron, UTC).
   * Netlify reads it from netlify/functions/rebuild.ts without running it, so it is spelled there too (a test keeps both equal).
   */
  horario: '*/5 * * * *',
  /** An operator's catalogue change calls the build hook this many seconds later, once for every change meanwhile (REBUILD_DELAY_SECONDS). */
  esperaSegundos: 60,
  /** Longest a hooked build takes to deploy: the scheduled check calls the hook again only after this (REBUILD_BUILD_MINUTES). */
  construccionMinutos: 10,
  /**
   * Catalogue-driven builds (npm start's loop, the build hook) start at least this long after the previous one
   * (REBUILD_MIN_INTERVAL_SECONDS): a shopper selling a product out and back by checkouts cannot keep the shop building.
   */
  intervaloMinimoSegundos: 300,
} as const;

/** 'Avísame cuando llegue' (issue 25). */
export const AVISOS_STOCK = {
  /**
   * A restock is announced only once the stock has stayed back this long (RESTOCK_ALERT_SETTLE_SECONDS): units a
   * released reservation brings back for a few minutes do not use up every subscriber's one notice.
   */
  esperaSegundos: 600,
  /** Pending notices one address may hold from anonymous requests (RESTOCK_ALERT_PER_ADDRESS_MAX); more are answered alike and not kept. */
  pendientesPorCorreo: 10,
} as const;

/**
 * The return policy: the terms page states it and the Organization's JSON-LD marks it up
 * (`hasMerchantReturnPolicy`), both from here. Days are calendar days from delivery.
 */
export const DEVOLUCIONES = {
  /** Days from delivery to ask for a return (refund) or an exchange. */
  dias: 15,
  /** Returns are accepted for orders delivered in this country (ISO 3166-1). */
  pais: 'PE',
  /** Only sealed, unopened products in their original packaging (hygiene). */
  soloSellados: true,
  /** Free in any of the shop's stores; by courier the return shipping is the customer's. */
  enTiendaGratis: true,
  porCourierPagaCliente: true,
} as const;

/**
 * The virtual Libro de Reclamaciones (Ley 29571 art. 150, DS 011-2011-PCM): the answer is due within
 * `plazoDiasHabiles` working days (Monday to Friday, except Peru's national public holidays and the
 * shop's own non-working days: server/reclamos/calendario.ts), and the operator's list flags sheets due
 * within `avisoDiasHabiles`. The consumer's copy by e-mail goes to one address at most
 * `copiasPorCorreoDia` times a day and to all addresses together `copiasPorDia` times
 * (COMPLAINT_COPIES_PER_ADDRESS_PER_DAY, COMPLAINT_COPIES_PER_DAY): past them the sheet is filed all
 * the same and its copy is on the screen and at its link.
 */
export const RECLAMOS = {
  plazoDiasHabiles: 15,
  avisoDiasHabiles: 3,
  /** The shop's own non-working days (Tienda) kept at once; past ones can be removed. */
  diasNoLaborablesMaximos: 60,
  copiasPorCorreoDia: 3,
  copiasPorDia: 100,
  /** Longest detail, request and answer the book takes. */
  detalleMaximo: 3000,
  pedidoMaximo: 2000,
  respuestaMaxima: 5000,
} as const;

/**
 * Electronic receipts (comprobantes de pago electrónicos, SUNAT): prices include IGV at `igvPorcentaje`;
 * a boleta above `boletaIdentificarDesde` céntimos must name the buyer and their document. The series
 * are defaults the operator may change (RECEIPT_SERIES_*): four characters, B… for boletas and their
 * credit notes, F… for facturas and theirs.
 */
export const COMPROBANTES = {
  igvPorcentaje: 18,
  boletaIdentificarDesde: 70_000,
  series: { boleta: 'B001', factura: 'F001', notaBoleta: 'BC01', notaFactura: 'FC01' },
  /** Digits of the correlative as printed (B001-00000042). */
  digitosCorrelativo: 8,
  /** Attempts of the issuing job (back-off 30 s doubling to an hour: about a day in all) before it waits for the operator. */
  intentos: 30,
  /** Longest wait for the provider's answer. */
  timeoutProveedorMs: 15_000,
  /** Longest razón social and fiscal address a factura takes. */
  razonSocialMaxima: 200,
  direccionFiscalMaxima: 300,
  /**
   * The offline test mode rejects a factura to this RUC (valid check digit, no company) as SUNAT rejects a
   * buyer's wrong RUC (code 2017), so the owner can rehearse the rejection's path: correct, then issue anew.
   */
  rucRechazadoEnPrueba: '20000000001',
} as const;

/**
 * The couriers a delivery order may leave with (issue 25): the operator names one and the tracking number when the
 * order goes EN TRANSITO; Mis Compras and the 'en camino' e-mail link the courier's own tracking page, where the
 * shopper types the number (none for the shop's own delivery). Edit the list as the shop's couriers change.
 */
export const COURIERS = [
  { id: 'olva', nombre: 'Olva Courier', seguimiento: 'https://www.olvacourier.com/' },
  { id: 'shalom', nombre: 'Shalom', seguimiento: 'https://www.shalom.pe/' },
  { id: 'urbano', nombre: 'Urbano', seguimiento: 'https://www.urbano.com.pe/' },
  { id: 'servientrega', nombre: 'Servientrega', seguimiento: 'https://www.servientrega.com.pe/' },
  { id: 'tienda', nombre: 'Reparto de K-Beauty Perú', seguimiento: null },
] as const satisfies readonly { id: string; nombre: string; seguimiento: string | null }[];
export type Courier = (typeof COURIERS)[number];

/**
 * Bank transfer and the shop's notices (issue 36, helper "aviso"). A transfer order keeps its stock
 * `reservaHoras` hours (TRANSFERENCIA_HORAS overrides it on the server; the checkout's line says this
 * default), then expires like any unpaid order. Its operation number is 4 to 30 letters or digits.
 * The demo accounts are shown only outside production (TRANSFERENCIA_CUENTAS holds the shop's own).
 */
export const TRANSFERENCIA = {
  reservaHoras: 24,
  operacion: /^[A-Za-z0-9]{4,30}$/,
  cuentasDemo: [
    { banco: 'BCP', cuenta: '193-1234567-0-12', cci: '00219300123456701215', titular: 'K-Beauty Perú S.A.C.' },
    { banco: 'Interbank', cuenta: '200-3001234567', cci: '00320000300123456733', titular: 'K-Beauty Perú S.A.C.' },
    { banco: 'BBVA', cuenta: '0011-0123-0100012345', cci: '01112300010001234561', titular: 'K-Beauty Perú S.A.C.' },
  ],
} as const;

/**
 * The shop's own notices to SHOP_EMAIL (issue 36): each new paid order (AVISO_PEDIDOS=cada) or an hourly
 * digest (resumen); a complaint with `reclamoDiasHabiles` working days left or fewer; a paid order not yet
 * shipped (or ready for pickup) `sinEnviarDiasHabiles` working day after it was paid.
 */
export const AVISOS_TIENDA = {
  pedidos: 'cada' as 'cada' | 'resumen',
  reclamoDiasHabiles: 3,
  sinEnviarDiasHabiles: 1,
} as const;

/**
 * Bulk changes of products (issue 37, helper "lote"): the most products one batch may change (the grid's
 * rows or a filter's products, in one transaction), and the range of a price change in percent by filter.
 */
export const LOTE_PRODUCTOS = {
  maximo: 5_000,
  porcentajeMinimo: -90,
  porcentajeMaximo: 300,
} as const;
