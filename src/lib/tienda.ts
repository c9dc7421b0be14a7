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

/** Responsive copies of the store's raster product photos, made at build time (site-builder/photos.ts). */
export const FOTOS = {
  /** Widths of the AVIF and WebP copies: a card shows about 240 px wide, the product page up to 560 (twice that on dense screens). */
  anchos: [240, 480, 960],
  /** Encoder qualities: AVIF 50 and WebP 75 look alike and are about a quarter and a third of a JPEG at 85. */
  calidadAvif: 50,
  calidadWebp: 75,
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

/** Session tokens: 7 days (storefront §9). */
export const TOKEN_DURACION_SEGUNDOS = TIENDA.tokenDias * 24 * 60 * 60;

/*
 * The rest of the shop's facts (orders, payments, receipts, reviews, complaints, the back office) live in
 * tienda-reglas.ts and are exported from here too, so every module still imports them from this one module.
 * They are a file apart because a module is bundled whole: the `shop` chunk every page loads takes this file,
 * and with them in it carried 3 KB of constants no page needs before a tap (decision 0242).
 */
export * from './tienda-reglas.ts';
