import type { Cierre, ConsultaCierre, TablaCierre, VentasPorDia } from '../lib/api/cierre-schemas.ts';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { createContext, useContext } from 'react';
import type {
  AjustesTiendaEntrada,
  AjustesTiendaRespuesta,
  ConsultaTarifas,
  LoteTarifas,
  LoteTarifasRespuesta,
  TarifasRespuesta,
} from '../lib/api/tienda-schemas.ts';
import type {
  ClaveApi,
  ClaveCreada,
  CodigosNuevos,
  CuentaCambiada,
  DetallePedidoBackoffice,
  FiltroPedidos,
  InicioRespuesta,
  InscripcionConfirmada,
  InscripcionTotp,
  InvitacionCreada,
  InvitacionPublica,
  ListaPersonal,
  NotaInterna,
  PaginaPedidos,
  PasskeyPropia,
  PersonaSesion,
  PrimerPasoRespuesta,
  ResultadoLote,
  Rol,
  SesionRespuesta,
} from '../lib/api/backoffice-schemas.ts';
import type { EstadoPedido } from '../lib/api/checkout-schemas.ts';
import type {
  ClienteCambiado,
  ClienteEliminado,
  CorreccionCliente,
  DetalleCliente,
  ExportacionCliente,
  NuevaSolicitud,
  PaginaClientes,
  SolicitudAtendida,
} from '../lib/api/clientes-schemas.ts';
import type { CuponBackoffice, CuponForm, DetalleCupon, PaginaMovimientos, RespuestaCupon } from '../lib/api/cupones-schemas.ts';
import type {
  ComprobanteOperadorRespuesta,
  CorreccionClienteRespuesta,
  CorreccionClienteWire,
  EstadoComprobanteWire,
  FiltroComprobantes,
  ListaComprobantesOperador,
  PaginaComprobantesOperador,
  ReintentoComprobanteRespuesta,
} from '../lib/api/comprobantes-schemas.ts';
import type { FilaImportacion, ProductoOperadorRespuesta, RespuestaImportacion } from '../lib/api/operator-schemas.ts';
import type { DetallePedidoOperador } from '../lib/api/orders-schemas.ts';
import type {
  FiltroReclamo,
  ReclamoOperadorRespuesta,
  ReclamosOperadorRespuesta,
  RespuestaReclamoRespuesta,
} from '../lib/api/reclamos-schemas.ts';
import type { AccionResena, EstadoResena, ModeracionRespuesta, ResenasOperador } from '../lib/api/resenas-schemas.ts';
import type { FiltroStock, PaginaStock } from '../lib/api/stock-schemas.ts';
import type { ArchivoExportado, FormatoExportacion, FotoSubida } from '../lib/api/fotos-schemas.ts';
import type { FiltroCatalogoConsulta } from '../lib/api/catalogo-schemas.ts';
import type {
  CambioLote,
  LoteDeshecho,
  LoteFiltroCuerpo,
  PaginaLote,
  ResultadoLoteProductos,
  UltimoLote,
} from '../lib/api/lote-schemas.ts';

/**
 * The back office's narrow view of the operator client (src/lib/api/operator-client.ts): exactly the
 * calls its screens make (issue 36, notes CONTRACT36.md §1–4), with the answers they read. After the
 * merge OperatorClient satisfies it; tests give an in-memory fake. A refusal is an ApiError (request.ts)
 * carrying the API's Spanish `mensaje` and its status.
 */

/** A `{ mensaje }` answer: what was done, in Spanish. */
export interface Mensaje {
  mensaje: string;
}

/** A change to one order: what was done and the order after it. */
export interface PedidoCambiado {
  mensaje: string;
  pedido: DetallePedidoOperador;
}

/** POST /pedidos/{id}/estado: the move, with the courier and guía of EN TRANSITO, a note (the cancel's reason) and whether to e-mail the customer. */
export interface CambioEstadoPedido {
  estado: EstadoPedido;
  courier?: string;
  guia?: string;
  nota?: string;
  avisar?: boolean;
}

/** One delivery order's shipment in a bulk move to EN TRANSITO. */
export interface EnvioLote {
  idVenta: number;
  courier: string;
  guia: string;
}

/** POST /pedidos/lote. */
export interface LotePedidos {
  ids: number[];
  estado: EstadoPedido;
  envios?: EnvioLote[];
  avisar?: boolean;
}

/** POST /pedidos/{id}/devolucion: the lines given back and why. */
export interface Devolucion {
  lineas: { idProducto: number; color: string; tamano: string; cantidad: number; revendible: boolean }[];
  motivo: string;
}

export interface ClienteBackoffice {
  // People, sign-in and sessions (§1).
  signIn(correo: string, contrasena: string): Promise<PrimerPasoRespuesta>;
  verifySignIn(desafio: string, codigo: string): Promise<SesionRespuesta>;
  passkeySignInOptions(desafio: string): Promise<PublicKeyCredentialRequestOptionsJSON>;
  passkeySignIn(desafio: string, respuesta: AuthenticationResponseJSON): Promise<SesionRespuesta>;
  session(): Promise<SesionRespuesta>;
  signOut(): Promise<Mensaje>;
  signOutEverywhere(): Promise<Mensaje>;
  reauthenticate(contrasena: string, codigo: string): Promise<SesionRespuesta>;
  invitation(token: string): Promise<InvitacionPublica>;
  acceptInvitation(token: string, datos: { nombre: string; contrasena: string }): Promise<InscripcionTotp>;
  confirmTotp(token: string, datos: { inscripcion: string; codigo: string }): Promise<InscripcionConfirmada>;
  passkeyEnrolOptions(): Promise<PublicKeyCredentialCreationOptionsJSON>;
  enrolPasskey(respuesta: RegistrationResponseJSON, nombre?: string): Promise<{ mensaje: string; persona: PersonaSesion }>;
  staff(): Promise<ListaPersonal>;
  invite(datos: { correo: string; rol: Rol }): Promise<InvitacionCreada>;
  revokeInvitation(id: number): Promise<Mensaje>;
  setPersonActive(id: number, activa: boolean): Promise<Mensaje>;
  setPersonRole(id: number, rol: Rol): Promise<Mensaje>;
  apiKeys(): Promise<{ claves: ClaveApi[] }>;
  createApiKey(datos: { nombre: string; rol: Rol }): Promise<ClaveCreada>;
  revokeApiKey(id: number): Promise<Mensaje>;

  // A person's own account and the owner's reset (accounts).
  changePassword(datos: { actual: string; nueva: string }): Promise<CuentaCambiada>;
  regenerateRecoveryCodes(): Promise<CodigosNuevos>;
  myPasskeys(): Promise<{ passkeys: PasskeyPropia[] }>;
  removePasskey(id: number): Promise<CuentaCambiada>;
  resetAccess(id: number): Promise<InvitacionCreada>;

  // The orders desk and the home (§2).
  home(): Promise<InicioRespuesta>;
  ordersPage(filtro: FiltroPedidos): Promise<PaginaPedidos>;
  order(id: number): Promise<{ pedido: DetallePedidoBackoffice }>;
  moveOrder(id: number, cambio: CambioEstadoPedido): Promise<PedidoCambiado>;
  moveOrders(lote: LotePedidos): Promise<ResultadoLote>;
  correctTracking(id: number, cambio: { courier: string; guia: string; avisar?: boolean }): Promise<PedidoCambiado>;
  resendOrderEmail(id: number): Promise<Mensaje>;
  addOrderNote(id: number, texto: string): Promise<{ mensaje: string; nota: NotaInterna }>;
  packingSlips(ids: number[]): Promise<{ pedidos: DetallePedidoBackoffice[] }>;

  // Refunds and returns (§3).
  refundOrder(id: number, datos: { motivo: string }): Promise<PedidoCambiado>;
  returnLines(id: number, devolucion: Devolucion): Promise<PedidoCambiado>;

  // Transfers (§4).
  confirmTransfer(id: number, datos: { operacion: string }): Promise<PedidoCambiado>;

  // The day's books: complaints, reviews, receipts and stock (issue 36; the operator API of issues 14, 23, 25).
  reclamos(estado?: FiltroReclamo): Promise<ReclamosOperadorRespuesta>;
  reclamo(numero: string): Promise<ReclamoOperadorRespuesta>;
  answerReclamo(numero: string, texto: string): Promise<RespuestaReclamoRespuesta>;
  /** The book as CSV (the owner, freshly signed in). */
  reclamosCsv(estado?: FiltroReclamo): Promise<Uint8Array>;
  /** The close of a Lima day or period ('Cierre y ventas'). */
  cierre(consulta: ConsultaCierre): Promise<Cierre>;
  /** The sales of each Lima day of the last 30 or 90 days. */
  ventasPorDia(dias: number): Promise<VentasPorDia>;
  /** One table of the close as CSV (the owner, freshly signed in). */
  cierreCsv(tabla: TablaCierre, consulta: ConsultaCierre & { dias?: number }): Promise<Uint8Array>;
  resenas(estado?: EstadoResena): Promise<ResenasOperador>;
  moderateResena(id: number, accion: AccionResena, motivo?: string): Promise<ModeracionRespuesta>;
  comprobantes(estado?: EstadoComprobanteWire): Promise<ListaComprobantesOperador>;
  comprobantesPage(filtro?: FiltroComprobantes): Promise<PaginaComprobantesOperador>;
  exportSalesRegister(mes: string): Promise<ArchivoExportado>;
  comprobante(numero: string): Promise<ComprobanteOperadorRespuesta>;
  retryComprobante(numero: string): Promise<ReintentoComprobanteRespuesta>;
  correctComprobanteCliente(numero: string, cliente: CorreccionClienteWire): Promise<CorreccionClienteRespuesta>;
  stockProducts(filtro: { stock: FiltroStock; pagina?: number }): Promise<PaginaStock>;
  updateProduct(ref: string, cambio: { stock: number }): Promise<ProductoOperadorRespuesta>;

  // Catalogue: the product list, the form, archive, duplicate and export (issue 37).
  catalogueProducts(
    filtro: import('../lib/api/catalogo-schemas.ts').FiltroCatalogoConsulta & { pagina?: number },
  ): Promise<import('../lib/api/productos-schemas.ts').PaginaCatalogo>;
  catalogueOptions(): Promise<import('../lib/api/productos-schemas.ts').OpcionesCatalogo>;
  catalogueProduct(ref: number | string): Promise<import('../lib/api/productos-schemas.ts').ProductoEditable>;
  /** A refusal with each field's reason is an ErrorFormularioApi (productos-schemas.ts). */
  createProduct(
    datos: import('../lib/api/productos-schemas.ts').ProductoFormulario,
  ): Promise<import('../lib/api/productos-schemas.ts').RespuestaProductoEditable>;
  saveProduct(
    ref: number | string,
    datos: import('../lib/api/productos-schemas.ts').ProductoFormulario,
  ): Promise<import('../lib/api/productos-schemas.ts').RespuestaProductoEditable>;
  duplicateProduct(ref: number | string): Promise<import('../lib/api/productos-schemas.ts').RespuestaProductoEditable>;
  archiveProduct(ref: number | string): Promise<import('../lib/api/productos-schemas.ts').RespuestaProductoEditable>;
  restoreProduct(ref: number | string): Promise<import('../lib/api/productos-schemas.ts').RespuestaProductoEditable>;
  auditTrail(
    consulta: import('../lib/api/auditoria-schemas.ts').ConsultaAuditoria,
  ): Promise<import('../lib/api/auditoria-schemas.ts').RespuestaAuditoria>;
  productAudit(ref: number | string): Promise<{ entradas: import('../lib/api/productos-schemas.ts').EntradaAuditoriaProducto[] }>;

  // Photos and the import in the browser (issue 37).
  /** POST /admin/api/fotos: a product photo (base64), re-encoded by the server (type from its bytes, no EXIF): its store URL. */
  uploadPhoto(nombre: string, datos: string): Promise<FotoSubida>;
  /** POST /admin/api/importar: one batch of catalogue rows, checked, matched and written in one transaction (or only checked: simulacro). */
  importBatch(filas: FilaImportacion[], simulacro: boolean): Promise<RespuestaImportacion>;
  /** GET /admin/api/catalogo/exportar?{filtro}&formato=: the filtered catalogue in the import's columns, as a file. */
  exportCatalogue(filtro: FiltroCatalogoConsulta, formato: FormatoExportacion): Promise<ArchivoExportado>;

  // Bulk changes and their undo (issue 37).
  bulkRows(filtro: FiltroCatalogoConsulta & { pagina?: number }): Promise<PaginaLote>;
  bulkChange(lote: { cambios: CambioLote[]; simulacro: boolean; descripcion?: string }): Promise<ResultadoLoteProductos>;
  bulkChangeByFilter(lote: LoteFiltroCuerpo): Promise<ResultadoLoteProductos>;
  lastBulkChange(): Promise<UltimoLote>;
  undoBulkChange(id: number): Promise<LoteDeshecho>;

  // Coupons and the stock history (issue 37).
  couponList(): Promise<{ cupones: CuponBackoffice[] }>;
  couponDetail(codigo: string): Promise<DetalleCupon>;
  saveCoupon(codigo: string | null, cupon: CuponForm): Promise<RespuestaCupon>;
  pauseCoupon(codigo: string, pausar: boolean): Promise<RespuestaCupon>;
  endCoupon(codigo: string): Promise<RespuestaCupon>;
  stockHistory(ref: string | number, antes?: number): Promise<PaginaMovimientos>;

  // Home content, static pages and publishing (issue 37).
  /** Whether the storefront shows the catalogue and content as they are now (or is being rebuilt, or failed). */
  publishingStatus(): Promise<import('../lib/api/publicacion-schemas.ts').EstadoPublicacionRespuesta>;
  /** A home list's items (top-strip messages, banners, popups) in the API's order (the carousel shows banners reversed). */
  homeContent<L extends import('../lib/api/contenido-schemas.ts').ListaProgramable>(
    lista: L,
  ): Promise<import('../lib/api/operator-schemas.ts').ContenidoOperador[L][]>;
  /** Adds an item at the end (id null) or replaces one; the change is live after the rebuild. */
  saveHomeContent<L extends import('../lib/api/contenido-schemas.ts').ListaProgramable>(
    lista: L,
    id: number | null,
    item: import('../lib/api/contenido-schemas.ts').ItemProgramableBody[L],
  ): Promise<Mensaje>;
  removeHomeContent(lista: import('../lib/api/contenido-schemas.ts').ListaProgramable, id: number): Promise<Mensaje>;
  /** Moves an item to a 1-based position of the API's order. */
  moveHomeContent(lista: import('../lib/api/contenido-schemas.ts').ListaProgramable, id: number, posicion: number): Promise<Mensaje>;
  /** Stores a banner's or popup's image (base64) and answers its URL in the shop. */
  uploadContentImage(nombre: string, datos: string): Promise<{ url: string }>;
  /** The static pages' text, the locations and hours, the social links (edited or the shop's original copy). */
  shopTexts(): Promise<import('../lib/api/contenido-schemas.ts').TextosOperador>;
  saveShopText<C extends import('../lib/api/contenido-schemas.ts').ClaveTexto>(
    clave: C,
    contenido: C extends 'tiendas'
      ? import('../lib/api/contenido-schemas.ts').TiendaEditable[]
      : C extends 'redes'
        ? import('../lib/api/contenido-schemas.ts').Redes
        : import('../lib/api/contenido-schemas.ts').Pagina,
  ): Promise<Mensaje>;
  /** Puts a text back to the shop's original copy. */
  resetShopText(clave: import('../lib/api/contenido-schemas.ts').ClaveTexto): Promise<Mensaje>;

  // Shipping and the shop's own settings (issue 37).
  /** The shop's settings in force, when and by whom they were saved, and what needs the owner. */
  shopSettings(): Promise<AjustesTiendaRespuesta>;
  /** Saves them all (the owner, freshly signed in: the bank accounts move money). */
  saveShopSettings(ajustes: AjustesTiendaEntrada): Promise<AjustesTiendaRespuesta>;
  /** A page of districts with their delivery tariffs, and the departments' (and provinces') ranges. */
  tariffs(consulta: ConsultaTarifas): Promise<TarifasRespuesta>;
  /** Sets or adds an amount to the tariffs of a department, a province or chosen districts (or previews it). */
  changeTariffs(lote: LoteTarifas): Promise<LoteTarifasRespuesta>;

  // Customers and their data rights (Ley 29733).
  customers(filtro: { q?: string; pagina?: number }): Promise<PaginaClientes>;
  customer(id: number): Promise<DetalleCliente>;
  correctCustomer(id: number, correccion: CorreccionCliente): Promise<ClienteCambiado>;
  recordDataRequest(id: number, solicitud: NuevaSolicitud): Promise<ClienteCambiado>;
  /** Her data as a JSON file (the owner, freshly signed in). */
  exportCustomer(id: number, solicitud?: SolicitudAtendida): Promise<ExportacionCliente>;
  /** Her account deleted on request (the owner, freshly signed in). */
  deleteCustomer(id: number, solicitud?: SolicitudAtendida): Promise<ClienteEliminado>;
}

const ClienteContexto = createContext<ClienteBackoffice | null>(null);

/** Gives the app (or a test) its client. */
export const ProveedorCliente = ClienteContexto.Provider;

/** The back office's client, from the nearest ProveedorCliente. */
export function useCliente(): ClienteBackoffice {
  const cliente = useContext(ClienteContexto);
  if (!cliente) throw new Error('useCliente fuera de ProveedorCliente');
  return cliente;
}
