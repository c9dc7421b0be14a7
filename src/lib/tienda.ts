/**
 * The shop's facts: business constants and limits shared by the storefront, the API, the build and
 * the command line. Plain values only: nothing here reads the environment, so browser code may import it.
 */

/** Business rules of the spec (storefront §9, checkout §9). */
export const TIENDA = {
  nombre: 'K-Beauty Perú',
  moneda: 'PEN',
  /** Free shipping when the subtotal is above this (soles). One constant for cart, checkout, icon strip and FAQ. */
  envioGratisDesde: 250,
  cantidadPorDefecto: 1,
  /** Quantity ceiling when stock_total is unknown. */
  cantidadMaximaSinStock: 9999,
  productosPorPagina: 20,
  resultadosPorPagina: 20,
  relacionados: 5,
  nuevosEnSlider: 10,
  todosEnSlider: 20,
  /** Home brand carousel: the brands with a logo and the most products; /marcas lists them all. */
  marcasEnCarrusel: 40,
  /** A listing page's HTML holds its brand filter's brands up to this many; a line with more gets them from the API when its island runs. */
  marcasEnListado: 100,
  /** Home sale slider: the newest in-stock Sale products with a discount; 'Ver todo Sale' lists them all. */
  saleEnSlider: 12,
  /** Listing refresh from the API, in ms. */
  refrescoListadoMs: 5 * 60 * 1000,
  bannerAutoplayMs: 5000,
  bannerFadeMs: 1000,
  marqueePxPorMs: 0.09,
  marqueeRepeticiones: 3,
  breakpointHeader: 1024,
  breakpointMovil: 768,
  toastLoginMs: 2000,
  toastRegistroMs: 1500,
  tokenDias: 7,
  telefonoDigitos: 9,
  dniDigitos: 8,
  whatsapp: '51987654321',
  /** The shop's contact e-mail; the shop's own alerts (payments to review) go there unless SHOP_EMAIL says otherwise. */
  correo: 'hola@kbeautyperu.pe',
} as const;

/** Client-side cache lifetimes of the GET calls islands make (storefront §7 and §9), in ms; the spec's other cached lists are built into the pages. */
export const CACHE_MS = {
  porDefecto: 15 * 60 * 1000,
  marcas: 24 * 60 * 60 * 1000,
  popups: 2 * 60 * 1000,
} as const;

/** Limits of the API's input validation. */
export const LIMITES = {
  /** Longest name accepted in a path parameter (category, brand, child). */
  nombreMaximo: 100,
  /** Distinct products in one order, and units of one product in one order. */
  lineasPorPedido: 50,
  cantidadMaximaPorLinea: 999,
  /** Largest request body the API reads (bytes; BODY_LIMIT_BYTES overrides): larger ones answer 413. */
  cuerpoMaximoBytes: 64 * 1024,
  /** Most product ids one `/web/productos?ids=` call takes (PRODUCT_IDS_MAX overrides). */
  idsPorConsulta: 100,
  /** Largest `porPagina` of the paged searchCat, searchMar, searchChild and listado answers (PAGE_SIZE_MAX overrides). */
  porPaginaMaximo: 100,
  /** Longest query `/web/buscar` takes (the search page's own call). */
  busquedaMaxima: 100,
  /**
   * How long Netlify's CDN keeps the search page drawn for one query, in seconds (SEARCH_PAGE_CDN_SECONDS overrides; 0:
   * not kept): a card's price or stock may be this old there, never in the cart or at checkout, which ask the API.
   */
  busquedaCdnSegundos: 60,
  /** Most of a customer's own coupons `/api/descuento-usuario` weighs (the newest) to answer one. */
  cuponesPorCliente: 20,
  /** Most brands one `/web/listado` filter names (LISTING_BRANDS_MAX overrides). */
  marcasPorConsulta: 50,
  /** Memory for the compressed searchCat, searchMar, searchChild and listado answers of the current catalogue version, in MB (CATALOGUE_CACHE_MB overrides). */
  cacheCatalogoMb: 64,
  /** Largest image (or social video) the operator may upload, in bytes (IMAGE_MAX_BYTES overrides): larger ones answer 413. */
  imagenMaximaBytes: 5 * 1024 * 1024,
  /** Largest body of one catalogue-import batch sent to the operator API (IMPORT_BODY_LIMIT_BYTES overrides). */
  loteImportacionBytes: 8 * 1024 * 1024,
  /**
   * Most products one Pagefind index of the build holds (SEARCH_INDEX_PAGES overrides): a bigger catalogue
   * gets several, made one after another, so the build's memory stays that of one (search-index.ts).
   */
  paginasPorIndiceBusqueda: 10_000,
  /**
   * Most products the build writes a page for, the first in id order (PRODUCT_PAGES_MAX overrides): above it a
   * product's page is drawn on request by the 404 page's live product view, and its page is left out of the
   * sitemap (decision 0226: at 100,000 products a page each was over the build's time and the deploy's size).
   */
  paginasDeProducto: 30_000,
} as const;

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

/** Responsive copies of the store's raster product photos, made at build time (site-builder/photos.ts). */
export const FOTOS = {
  /** Widths of the AVIF and WebP copies: a card shows about 240 px wide, the product page up to 560 (twice that on dense screens). */
  anchos: [240, 480, 960],
  /** Encoder qualities: AVIF 50 and WebP 75 look alike and are about a quarter and a third of a JPEG at 85. */
  calidadAvif: 50,
  calidadWebp: 75,
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

/** Session tokens: 7 days (storefront §9). */
export const TOKEN_DURACION_SEGUNDOS = TIENDA.tokenDias * 24 * 60 * 60;

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
 * The provider named on every hoja de reclamación (the reglamento's annex): demo values; the operator
 * writes the company's real name, RUC and address here.
 */
export const PROVEEDOR = {
  razonSocial: 'K-Beauty Perú S.A.C.',
  /** A demo RUC with a valid check digit (the receipts' issuer): replace with the company's. */
  ruc: '20601234565',
  direccion: 'Av. José Larco 345, Miraflores, Lima',
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
 * Reviews only buyers can write (issue 25): a customer whose order with the product is ENTREGADO rates it once
 * (1–5 stars, a title, a text, one optional photo); the operator approves it before it shows. The invitation
 * e-mail goes `invitacionDias` after delivery (REVIEW_INVITATION_DAYS) to customers who accepted marketing e-mails.
 */
export const RESENAS = {
  estrellasMinimas: 1,
  estrellasMaximas: 5,
  tituloMinimo: 3,
  tituloMaximo: 80,
  textoMinimo: 10,
  textoMaximo: 2000,
  /** Largest photo (bytes; REVIEW_PHOTO_MAX_BYTES overrides): JPEG, PNG or WebP, the type read from its bytes; a phone's photo is 3–10 MB. */
  fotoMaximaBytes: 12 * 1024 * 1024,
  /** Largest photo in pixels (a 12 MB PNG of one colour could unpack to gigabytes): a 50-megapixel phone's full-size shot fits. */
  fotoMaximaPixeles: 50_000_000,
  /** The CSS pixels of the list's square thumbnail (copies at 1x and 2x) and the longest side of the photo its link opens. */
  fotoMiniatura: 96,
  fotoGrande: 1600,
  /** How long a browser or CDN keeps an approved photo: a photo withdrawn by the operator is gone everywhere within the hour. */
  fotoCacheControl: 'public, max-age=3600',
  /** Days after delivery the review invitation is sent (REVIEW_INVITATION_DAYS overrides). */
  invitacionDias: 5,
  /** Approved reviews per page of GET /api/resenas/producto/{id}, and how many the static product page shows. */
  porPagina: 10,
  enPagina: 5,
  /** The reasons the back office offers when rejecting or hiding a review (any other can be typed); the buyer's e-mail names a rejection's. */
  motivosModeracion: [
    'No habla del producto',
    'Contiene datos personales',
    'Lenguaje ofensivo o inapropiado',
    'La foto no corresponde al producto',
    'Es publicidad o spam',
  ],
  /** The shortest and longest reason typed for a rejection or a hiding. */
  motivoMinimo: 5,
  motivoMaximo: 300,
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
