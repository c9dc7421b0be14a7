import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type {
  AjustesTiendaEntrada,
  AjustesTiendaRespuesta,
  ConsultaTarifas,
  LoteTarifas,
  LoteTarifasRespuesta,
  TarifasRespuesta,
} from './tienda-schemas.ts';
import type { z } from 'zod';
import type {
  ClaveApi,
  ClaveCreada,
  InscripcionConfirmada,
  InscripcionTotp,
  InvitacionCreada,
  InvitacionPublica,
  ListaPersonal,
  Persona,
  PersonaSesion,
  PrimerPasoRespuesta,
  Rol,
  SesionRespuesta,
} from './backoffice-schemas.ts';
import { type Check, fieldsOf } from './checks.ts';
import type { EstadoPedido } from './checkout-schemas.ts';
import { TIPO_EXPORTACION, type ArchivoExportado, type FormatoExportacion, type FotoSubida } from './fotos-schemas.ts';
import type { FiltroCatalogoConsulta } from './catalogo-schemas.ts';
import type { SolicitudDevolucion, SolicitudReembolsoPedido } from './devoluciones-schemas.ts';
import type {
  ComprobanteOperadorRespuesta,
  CorreccionClienteRespuesta,
  CorreccionClienteWire,
  EstadoComprobanteWire,
  FiltroComprobantes,
  ListaComprobantesOperador,
  PaginaComprobantesOperador,
  ReintentoComprobanteRespuesta,
} from './comprobantes-schemas.ts';
import type { ConsultaAuditoria, RespuestaAuditoria } from './auditoria-schemas.ts';
import {
  CABECERA_OPERADOR,
  type CambioProducto,
  type ContenidoOperador,
  type CuponOperador,
  type FilaImportacion,
  type ImagenGuardada,
  type ListaContenido,
  type nuevoBannerSchema,
  type nuevoCuponSchema,
  type nuevoMensajeSchema,
  type nuevoPopupSchema,
  type nuevoSocialSchema,
  type ProductoOperadorRespuesta,
  type RespuestaImportacion,
} from './operator-schemas.ts';
import type { CambioEstadoRespuesta, ListaPedidosOperador } from './orders-schemas.ts';
import type {
  CodigosNuevos,
  CuentaCambiada,
  DetallePedidoBackoffice,
  FiltroPedidos,
  InicioRespuesta,
  NotaInterna,
  PaginaPedidos,
  PasskeyPropia,
  ResultadoLote,
} from './backoffice-schemas.ts';
import type { cambioEstadoMesaSchema, CorreccionGuia, loteSchema } from './pedidos-backoffice-schemas.ts';
import type { Cierre, ConsultaCierre, TablaCierre, VentasPorDia } from './cierre-schemas.ts';
import type { FiltroReclamo, ReclamoOperadorRespuesta, ReclamosOperadorRespuesta, RespuestaReclamoRespuesta } from './reclamos-schemas.ts';
import type {
  aceptarInvitacionSchema,
  cambioContrasenaSchema,
  confirmarTotpSchema,
  invitacionSchema,
  nuevaClaveSchema,
} from './personal-schemas.ts';
import { ApiError, refusal, request, send, type SendOptions } from './request.ts';
import type { CuponBackoffice, CuponForm, DetalleCupon, PaginaMovimientos, RespuestaCupon } from './cupones-schemas.ts';
import type { FiltroStock, PaginaStock } from './stock-schemas.ts';
import { errorDeFormulario } from './productos-errores.ts';
import type {
  EntradaAuditoriaProducto,
  OpcionesCatalogo,
  PaginaCatalogo,
  ProductoEditable,
  ProductoFormulario,
  RespuestaProductoEditable,
} from './productos-schemas.ts';
import type { AccionResena, EstadoResena, ModeracionRespuesta, ResenaOperador, ResenasOperador } from './resenas-schemas.ts';
import type { ConfirmarTransferencia, TransferenciaConfirmada } from './transferencia-schemas.ts';
import type {
  ClienteCambiado,
  ClienteEliminado,
  CorreccionCliente,
  DetalleCliente,
  ExportacionCliente,
  NuevaSolicitud,
  PaginaClientes,
  SolicitudAtendida,
} from './clientes-schemas.ts';
import { api, param } from './routes.ts';
import type { CambioLote, LoteDeshecho, LoteFiltroCuerpo, PaginaLote, ResultadoLoteProductos, UltimoLote } from './lote-schemas.ts';

/**
 * The operator API's one client (under /admin/api): every call `npm run shop` makes, and the ones a
 * back office in the browser will make, each with its typed path (routes.ts, from the API's own
 * routers), its verb, the operator's token (Bearer) and name (X-Operador, for the audit trail). A
 * refusal is an ApiError with the API's Spanish `mensaje`; no answer, a NetworkError (request.ts).
 * Browser-safe: no Node module, no environment; the caller says where the shop is and how to reach it.
 */

/** How the client reaches the operator API. */
export interface ConexionOperador {
  /**
   * The Bearer credential: a named API key (`kbk_…`, SHOP_API_KEY), the operator token (SHOP_ADMIN_TOKEN, or
   * the one the shop generated); none in the back office, whose browser sends its session cookie instead.
   */
  token?: string;
  /** Who the audit trail records after 'token de operador' for calls with the operator token (a person's or key's name comes from the shop). */
  operador?: string;
  /** The shop's base URL ('' or absent: the page's own origin, API_BASE). */
  base?: string;
  /** How to send a request; the global fetch by default (the command line passes the in-process API). */
  fetch?: SendOptions['fetch'];
}

/** A home list's new item, as POST /admin/api/{lista} takes it. */
export interface NuevoContenido {
  mensajes: z.input<typeof nuevoMensajeSchema>;
  banners: z.input<typeof nuevoBannerSchema>;
  popups: z.input<typeof nuevoPopupSchema>;
  sociales: z.input<typeof nuevoSocialSchema>;
}

/** The answer of a change to a home list: what was done, in Spanish, and the list after it. */
export type CambioContenidoRespuesta<L extends ListaContenido> = { mensaje: string } & { [K in L]: ContenidoOperador[L][] };

/** A backup as GET /admin/api/respaldo streams it: the gzip archive and the file name the shop suggests. */
export interface RespaldoDescarga {
  cuerpo: ReadableStream<Uint8Array>;
  /** From Content-Disposition, when the shop named it. */
  nombre: string | undefined;
}

const isMensaje = fieldsOf<{ mensaje: string }>({ mensaje: 'string' });
/** A change's answer: its callers rely on the Spanish `mensaje` (the rest is the thing after the change). */
const conMensaje = <T extends { mensaje: string }>() => isMensaje as Check<{ mensaje: string }> as Check<T>;
const isListaPedidos = fieldsOf<ListaPedidosOperador>({ pedidos: 'array' });
const isPedido = fieldsOf<{ pedido: DetallePedidoBackoffice }>({ pedido: 'object' });
const isPaginaStock = fieldsOf<PaginaStock>({
  productos: 'array',
  total: 'number',
  pagina: 'number',
  porPagina: 'number',
  umbral: 'number',
});
const isPagina = fieldsOf<PaginaPedidos>({ pedidos: 'array', total: 'number', pagina: 'number', porPagina: 'number' });
const isLote = fieldsOf<ResultadoLote>({ mensaje: 'string', resultados: 'array' });
const isHojas = fieldsOf<{ pedidos: DetallePedidoBackoffice[] }>({ pedidos: 'array' });
const isInicio = fieldsOf<InicioRespuesta>({
  hoy: 'object',
  ayer: 'object',
  semana: 'object',
  semanaAnterior: 'object',
  pendientes: 'array',
});
const isProducto = fieldsOf<ProductoOperadorRespuesta>({ producto: 'object' });
const isImagen = fieldsOf<ImagenGuardada>({ url: 'string', sha256: 'string' });
const isFotoSubida = fieldsOf<FotoSubida>({ url: 'string', tipo: 'string', ancho: 'number', alto: 'number' });
const isExistentes = fieldsOf<{ existentes: Record<string, string> }>({ existentes: 'object' });
const isImportacion = fieldsOf<RespuestaImportacion>({ resultados: 'array', nuevas: 'object' });
const isCupones = fieldsOf<{ cupones: CuponOperador[] }>({ cupones: 'array' });
const isAuditoria = fieldsOf<RespuestaAuditoria>({ entradas: 'array' });
const isComprobantes = fieldsOf<ListaComprobantesOperador>({ comprobantes: 'array' });
const isComprobante = fieldsOf<ComprobanteOperadorRespuesta>({ comprobante: 'object' });
const isPaginaComprobantes = fieldsOf<PaginaComprobantesOperador>({
  comprobantes: 'array',
  total: 'number',
  pagina: 'number',
  porPagina: 'number',
});
const isReclamos = fieldsOf<ReclamosOperadorRespuesta>({ reclamos: 'array' });
const isCierre = fieldsOf<Cierre>({ desde: 'string', hasta: 'string', ventas: 'object', metodos: 'array', pedidos: 'array' });
const isVentasPorDia = fieldsOf<VentasPorDia>({ desde: 'string', hasta: 'string', dias: 'array' });
const isReclamo = fieldsOf<ReclamoOperadorRespuesta>({ reclamo: 'object' });
const isResenas = fieldsOf<ResenasOperador>({ resenas: 'array' });
const isResena = fieldsOf<{ resena: ResenaOperador }>({ resena: 'object' });
const isPrimerPaso = fieldsOf<PrimerPasoRespuesta>({ desafio: 'string', passkey: 'boolean' });
const isSesion = fieldsOf<SesionRespuesta>({ persona: 'object', expira: 'string', expiraMaximo: 'string' });
const isInvitacionPublica = fieldsOf<InvitacionPublica>({ correo: 'string', rol: 'string', expira: 'string' });
const isInscripcionTotp = fieldsOf<InscripcionTotp>({ inscripcion: 'string', secreto: 'string', uri: 'string', qrSvg: 'string' });
const isListaPersonal = fieldsOf<ListaPersonal>({ personas: 'array', invitaciones: 'array' });
const isClaves = fieldsOf<{ claves: ClaveApi[] }>({ claves: 'array' });
const isPaginaCatalogo = fieldsOf<PaginaCatalogo>({ productos: 'array', total: 'number', pagina: 'number', porPagina: 'number' });
const isOpcionesCatalogo = fieldsOf<OpcionesCatalogo>({ marcas: 'array', lineas: 'array', categorias: 'array', hijas: 'array' });
const isProductoEditable = fieldsOf<ProductoEditable>({ idProducto: 'number', nombre: 'string', fotos: 'array' });
const isRespuestaProducto = fieldsOf<RespuestaProductoEditable>({ mensaje: 'string', producto: 'object' });
const isPaginaLote = fieldsOf<PaginaLote>({ productos: 'array', total: 'number', pagina: 'number', porPagina: 'number' });
const isPaginaClientes = fieldsOf<PaginaClientes>({ clientes: 'array', total: 'number', pagina: 'number', porPagina: 'number' });
const isDetalleCliente = fieldsOf<DetalleCliente>({ cliente: 'object', pedidos: 'array', solicitudes: 'array' });
const isObjeto =
  <T>(): Check<T> =>
  (data): data is T =>
    typeof data === 'object' && data !== null;

/** A home list's answer: its items under the list's own name (and the change's `mensaje`, when `mensaje`). */
const isContenido =
  <T>(lista: ListaContenido, mensaje: boolean): Check<T> =>
  (data): data is T =>
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as Record<string, unknown>)[lista]) &&
    (!mensaje || typeof (data as Record<string, unknown>).mensaje === 'string');

/** A path with its query: each value encoded, absent ones left out. */
function conConsulta(path: string, consulta: Record<string, string | number | undefined>): string {
  const partes = Object.entries(consulta).flatMap(([clave, valor]) =>
    valor === undefined || valor === '' ? [] : [`${clave}=${encodeURIComponent(valor)}`],
  );
  return partes.length ? `${path}?${partes.join('&')}` : path;
}

/** The file name of a Content-Disposition header (`attachment; filename="…"`). */
const nombreDeArchivo = (disposicion: string | null) => (disposicion ? /filename="([^"]+)"/.exec(disposicion)?.[1] : undefined);

/** The operator API's calls over one connection (see ConexionOperador). */
export function operatorClient(conexion: ConexionOperador) {
  const { token, base, fetch } = conexion;
  const headers = conexion.operador ? { [CABECERA_OPERADOR]: encodeURIComponent(conexion.operador) } : undefined;
  const call = <T>(path: string, check: Check<T>, method: SendOptions['method'] = 'GET', body?: unknown) =>
    request(path, { method, body, token, headers, base, fetch, check });
  /** A file the API answers (not JSON): its response once it is one of `tipo`; a refusal is an ApiError with the API's mensaje. */
  const download = async (path: string, tipo: string) => {
    const res = await send(path, { token, headers, base, fetch });
    if (!res.ok) throw await refusal(res);
    // An answer that is not the file (a page of a proxy in between) is unusable: 502, as request() says it.
    if (!res.body || res.headers.get('Content-Type')?.split(';')[0]?.trim() !== tipo) throw new ApiError(502);
    return res;
  };
  const admin = api.admin.api;
  const pedidoPath = (idVenta: number | string) => admin.pedidos[':idVenta'].$path({ param: { idVenta: param(idVenta) } });
  const comprobantePath = (numero: string) => ({ param: { numero: param(numero) } });
  const reclamoPath = (numero: string) => ({ param: { numero: param(numero) } });
  return {
    // Orders and tracking (checkout §4).
    /** GET /admin/api/pedidos[?estado=…]: the newest orders (at most PEDIDOS.listaOperadorMaxima), all or those in one state. */
    orders: (estado?: EstadoPedido) => call(conConsulta(admin.pedidos.$path(), { estado }), isListaPedidos),
    /** GET /admin/api/pedidos/{idVenta}: one order with its customer, payments, receipts, timeline (who took each step), internal notes and actions. */
    order: (idVenta: number | string) => call(pedidoPath(idVenta), isPedido),
    /** POST /admin/api/pedidos/{idVenta}/estado: moves an order (EN TRANSITO with its courier and tracking number); the customer is e-mailed. */
    moveOrder: (idVenta: number | string, cambio: z.input<typeof cambioEstadoMesaSchema>) =>
      call(
        admin.pedidos[':idVenta'].estado.$path({ param: { idVenta: param(idVenta) } }),
        conMensaje<CambioEstadoRespuesta>(),
        'POST',
        cambio,
      ),

    // Catalogue (issue 14).
    /** GET /admin/api/productos/{id o SKU}. */
    product: (ref: string) => call(admin.productos[':ref'].$path({ param: { ref: param(ref) } }), isProducto),
    /** PATCH /admin/api/productos/{id o SKU}: price, discounts, stock or visibility. */
    updateProduct: (ref: string, cambio: CambioProducto) =>
      call(admin.productos[':ref'].$path({ param: { ref: param(ref) } }), isProducto, 'PATCH', cambio),
    /** POST /admin/api/imagenes: stores a file (base64) in the shop's image store; answers its URL. */
    uploadImage: (nombre: string, datos: string) => call(admin.imagenes.$path(), isImagen, 'POST', { nombre, datos }),
    /** POST /admin/api/imagenes/existentes: which of these sha256 the store holds, with their URLs. */
    storedImages: (sha256: string[]) => call(admin.imagenes.existentes.$path(), isExistentes, 'POST', { sha256 }),
    /** POST /admin/api/importar: one batch of catalogue rows, checked, matched and written in one transaction (or only checked: simulacro). */
    importBatch: (filas: FilaImportacion[], simulacro: boolean, archivo?: string) =>
      call(admin.importar.$path(), isImportacion, 'POST', { filas, simulacro, ...(archivo ? { archivo } : {}) }),

    // Shop coupons.
    /** GET /admin/api/cupones. */
    coupons: () => call(admin.cupones.$path(), isCupones),
    /** POST /admin/api/cupones. */
    createCoupon: (cupon: z.input<typeof nuevoCuponSchema>) =>
      call(admin.cupones.$path(), conMensaje<{ mensaje: string; cupon: CuponOperador }>(), 'POST', cupon),
    /** POST /admin/api/cupones/{codigo}/activar or …/desactivar. */
    setCouponActive: (codigo: string, activo: boolean) =>
      call(
        (activo ? admin.cupones[':codigo'].activar : admin.cupones[':codigo'].desactivar).$path({ param: { codigo: param(codigo) } }),
        conMensaje<{ mensaje: string; cupon: CuponOperador }>(),
        'POST',
      ),

    // Home content: top strip, banners, popups, social items.
    /** GET /admin/api/{lista}: its items in the storefront's order. */
    content: <L extends ListaContenido>(lista: L) =>
      call(admin[lista].$path(), isContenido<{ [K in L]: ContenidoOperador[L][] }>(lista, false)),
    /** POST /admin/api/{lista}: adds an item at the end. */
    addContent: <L extends ListaContenido>(lista: L, item: NuevoContenido[L]) =>
      call(admin[lista].$path(), isContenido<CambioContenidoRespuesta<L>>(lista, true), 'POST', item),
    /** DELETE /admin/api/{lista}/{id}. */
    removeContent: <L extends ListaContenido>(lista: L, id: number | string) =>
      call(admin[lista][':id'].$path({ param: { id: param(id) } }), isContenido<CambioContenidoRespuesta<L>>(lista, true), 'DELETE'),
    /** POST /admin/api/{lista}/{id}/posicion: moves an item to a 1-based position. */
    moveContent: <L extends ListaContenido>(lista: L, id: number | string, posicion: number) =>
      call(
        admin[lista][':id'].posicion.$path({ param: { id: param(id) } }),
        isContenido<CambioContenidoRespuesta<L>>(lista, true),
        'POST',
        { posicion },
      ),
    /** POST /admin/api/popups/{id}/visible. */
    setPopupVisible: (id: number | string, visible: boolean) =>
      call(
        admin.popups[':id'].visible.$path({ param: { id: param(id) } }),
        isContenido<CambioContenidoRespuesta<'popups'>>('popups', true),
        'POST',
        { visible },
      ),

    // The audit trail.
    /**
     * GET /admin/api/auditoria: the newest changes, owner only. A number is the CLI's `--limite N`; an
     * object filters by person, order, product, action and dates, and pages (the API checks each).
     */
    auditTrail: (consulta?: number | string | ConsultaAuditoria) =>
      call(
        conConsulta(admin.auditoria.$path(), {
          ...(typeof consulta === 'object' ? consulta : { limite: consulta }),
        }),
        isAuditoria,
      ),

    // Electronic receipts (issue 23, issue 34).
    /** GET /admin/api/comprobantes[?estado=…]: the newest receipts. */
    comprobantes: (estado?: EstadoComprobanteWire) => call(conConsulta(admin.comprobantes.$path(), { estado }), isComprobantes),
    /** GET /admin/api/comprobantes?serie=&tipo=&estado=&desde=&hasta=&pagina=&porPagina=: one page of the filtered receipts. */
    comprobantesPage: (filtro: FiltroComprobantes = {}) =>
      call(
        conConsulta(admin.comprobantes.$path(), {
          serie: filtro.serie,
          tipo: filtro.tipo,
          estado: filtro.estado,
          desde: filtro.desde,
          hasta: filtro.hasta,
          pagina: filtro.pagina,
          porPagina: filtro.porPagina,
        }),
        isPaginaComprobantes,
      ),
    /** GET /admin/api/comprobantes/registro-ventas.csv?mes=AAAA-MM: the month's Registro de Ventas as CSV (owner, fresh sign-in), with its name. */
    exportSalesRegister: async (mes: string): Promise<ArchivoExportado> => {
      const res = await download(conConsulta(admin.comprobantes['registro-ventas.csv'].$path(), { mes }), 'text/csv');
      return {
        nombre: nombreDeArchivo(res.headers.get('Content-Disposition')) ?? `registro-de-ventas-${mes}.csv`,
        datos: await res.blob(),
      };
    },
    /** GET /admin/api/comprobantes/{numero}: one receipt with its lines, totals and attempts. */
    comprobante: (numero: string) => call(admin.comprobantes[':numero'].$path(comprobantePath(numero)), isComprobante),
    /** POST /admin/api/comprobantes/{numero}/reintentar: sends a pending receipt again, or replaces a rejected one. */
    retryComprobante: (numero: string) =>
      call(admin.comprobantes[':numero'].reintentar.$path(comprobantePath(numero)), conMensaje<ReintentoComprobanteRespuesta>(), 'POST'),
    /** POST /admin/api/comprobantes/{numero}/cliente: corrects the buyer of a rejected or returned receipt. */
    correctComprobanteCliente: (numero: string, cliente: CorreccionClienteWire) =>
      call(admin.comprobantes[':numero'].cliente.$path(comprobantePath(numero)), conMensaje<CorreccionClienteRespuesta>(), 'POST', cliente),

    // The Libro de Reclamaciones (issue 23).
    /** GET /admin/api/reclamos[?estado=pendiente|respondido|vencido]: oldest deadline first. */
    reclamos: (estado?: FiltroReclamo) => call(conConsulta(admin.reclamos.$path(), { estado }), isReclamos),
    /** GET /admin/api/reclamos.csv[?estado=…]: the book as CSV, byte for byte (its BOM included). */
    reclamosCsv: async (estado?: FiltroReclamo) =>
      new Uint8Array(await (await download(conConsulta(admin['reclamos.csv'].$path(), { estado }), 'text/csv')).arrayBuffer()),
    // The daily close and its reports ('Cierre y ventas').
    /** GET /admin/api/cierre?desde=&hasta=: the close of a Lima day (or of the days from desde to hasta). */
    cierre: ({ desde, hasta }: ConsultaCierre) => call(conConsulta(admin.cierre.$path(), { desde, hasta }), isCierre),
    /** GET /admin/api/cierre/ventas?dias=30|90: the sales of each Lima day of the last days, today included. */
    ventasPorDia: (dias: number) => call(conConsulta(admin.cierre.ventas.$path(), { dias }), isVentasPorDia),
    /** GET /admin/api/cierre.csv?tabla=&desde=&hasta=[&dias=]: one table of the close as CSV, byte for byte (the owner, freshly signed in). */
    cierreCsv: async (tabla: TablaCierre, { desde, hasta, dias }: ConsultaCierre & { dias?: number }) =>
      new Uint8Array(
        await (await download(conConsulta(admin['cierre.csv'].$path(), { tabla, desde, hasta, dias }), 'text/csv')).arrayBuffer(),
      ),
    /** GET /admin/api/reclamos/{numero}. */
    reclamo: (numero: string) => call(admin.reclamos[':numero'].$path(reclamoPath(numero)), isReclamo),
    /** POST /admin/api/reclamos/{numero}/respuesta: the shop's answer, e-mailed to the consumer (once). */
    answerReclamo: (numero: string, texto: string) =>
      call(admin.reclamos[':numero'].respuesta.$path(reclamoPath(numero)), conMensaje<RespuestaReclamoRespuesta>(), 'POST', { texto }),

    // Customers' reviews (issue 25).
    /** GET /admin/api/resenas[?estado=…]. */
    resenas: (estado?: EstadoResena) => call(conConsulta(admin.resenas.$path(), { estado }), isResenas),
    /** GET /admin/api/resenas/{id}. */
    resena: (id: number | string) => call(admin.resenas[':id'].$path({ param: { id: param(id) } }), isResena),
    /** POST /admin/api/resenas/{id}: publishes (aprobar), rejects, hides (both with `motivo`) or shows again (mostrar) a review. */
    moderateResena: (id: number | string, accion: AccionResena, motivo?: string) =>
      call(
        admin.resenas[':id'].$path({ param: { id: param(id) } }),
        conMensaje<ModeracionRespuesta>(),
        'POST',
        motivo === undefined ? { accion } : { accion, motivo },
      ),

    // People (issue 36).
    /** POST /admin/api/sesion: the password; the second factor is next (its desafío). */
    signIn: (correo: string, contrasena: string) => call(admin.sesion.$path(), isPrimerPaso, 'POST', { correo, contrasena }),
    /** POST /admin/api/sesion/verificar: a TOTP code or a recovery code; the session cookie is set. */
    verifySignIn: (desafio: string, codigo: string) => call(admin.sesion.verificar.$path(), isSesion, 'POST', { desafio, codigo }),
    /** POST /admin/api/sesion/passkey/opciones: WebAuthn request options for the half-done sign-in. */
    passkeySignInOptions: (desafio: string) =>
      call(admin.sesion.passkey.opciones.$path(), isObjeto<PublicKeyCredentialRequestOptionsJSON>(), 'POST', { desafio }),
    /** POST /admin/api/sesion/passkey: the browser's WebAuthn answer; the session cookie is set. */
    passkeySignIn: (desafio: string, respuesta: unknown) => call(admin.sesion.passkey.$path(), isSesion, 'POST', { desafio, respuesta }),
    /** GET /admin/api/sesion: the signed-in person and the session's clocks (401 without one). */
    session: () => call(admin.sesion.$path(), isSesion),
    /** DELETE /admin/api/sesion: signs out here. */
    signOut: () => call(admin.sesion.$path(), conMensaje<{ mensaje: string }>(), 'DELETE'),
    /** POST /admin/api/sesion/cerrar-todas: signs out on every device. */
    signOutEverywhere: () => call(admin.sesion['cerrar-todas'].$path(), conMensaje<{ mensaje: string }>(), 'POST'),
    /** POST /admin/api/sesion/reautenticar: password and code again, for money, people, keys and exports. */
    reauthenticate: (contrasena: string, codigo: string) =>
      call(admin.sesion.reautenticar.$path(), isSesion, 'POST', { contrasena, codigo }),
    /** GET /admin/api/invitaciones/{token}: whom an invitation is for. */
    invitation: (token: string) => call(admin.invitaciones[':token'].$path({ param: { token: param(token) } }), isInvitacionPublica),
    /** POST /admin/api/invitaciones/{token}: name and password; answers the TOTP secret to enrol. */
    acceptInvitation: (token: string, datos: z.input<typeof aceptarInvitacionSchema>) =>
      call(admin.invitaciones[':token'].$path({ param: { token: param(token) } }), isInscripcionTotp, 'POST', datos),
    /** POST /admin/api/invitaciones/{token}/totp: the first code; the account exists, the cookie is set, the recovery codes shown once. */
    confirmTotp: (token: string, datos: z.input<typeof confirmarTotpSchema>) =>
      call(admin.invitaciones[':token'].totp.$path({ param: { token: param(token) } }), conMensaje<InscripcionConfirmada>(), 'POST', datos),
    /** POST /admin/api/yo/passkeys/opciones: WebAuthn creation options for the signed-in person. */
    passkeyEnrolOptions: () => call(admin.yo.passkeys.opciones.$path(), isObjeto<PublicKeyCredentialCreationOptionsJSON>(), 'POST'),
    /** POST /admin/api/yo/passkeys: the browser's WebAuthn answer. */
    enrolPasskey: (respuesta: unknown, nombre?: string) =>
      call(
        admin.yo.passkeys.$path(),
        conMensaje<{ mensaje: string; persona: PersonaSesion }>(),
        'POST',
        nombre ? { respuesta, nombre } : { respuesta },
      ),
    /** GET /admin/api/personal: the staff and the pending invitations. */
    staff: () => call(admin.personal.$path(), isListaPersonal),
    /** POST /admin/api/personal/invitaciones: a one-time link, e-mailed. */
    invite: (datos: z.input<typeof invitacionSchema>) =>
      call(admin.personal.invitaciones.$path(), conMensaje<InvitacionCreada>(), 'POST', datos),
    /** DELETE /admin/api/personal/invitaciones/{id}. */
    revokeInvitation: (id: number | string) =>
      call(admin.personal.invitaciones[':id'].$path({ param: { id: param(id) } }), conMensaje<{ mensaje: string }>(), 'DELETE'),
    /** POST /admin/api/personal/{id}/activar or …/desactivar (a disabled person's sessions end at once). */
    setPersonActive: (id: number | string, activa: boolean) =>
      call(
        (activa ? admin.personal[':id'].activar : admin.personal[':id'].desactivar).$path({ param: { id: param(id) } }),
        conMensaje<{ mensaje: string; persona: Persona }>(),
        'POST',
      ),
    /** POST /admin/api/personal/{id}/rol. */
    setPersonRole: (id: number | string, rol: Rol) =>
      call(admin.personal[':id'].rol.$path({ param: { id: param(id) } }), conMensaje<{ mensaje: string; persona: Persona }>(), 'POST', {
        rol,
      }),
    /** GET /admin/api/claves: every API key, revoked ones included. */
    apiKeys: () => call(admin.claves.$path(), isClaves),
    /** POST /admin/api/claves: a new key; its secret is in this answer only. */
    createApiKey: (datos: z.input<typeof nuevaClaveSchema>) => call(admin.claves.$path(), conMensaje<ClaveCreada>(), 'POST', datos),
    /** DELETE /admin/api/claves/{id}: the key stops opening the API at once. */
    revokeApiKey: (id: number | string) =>
      call(admin.claves[':id'].$path({ param: { id: param(id) } }), conMensaje<{ mensaje: string; clave: ClaveApi }>(), 'DELETE'),

    // Refunds and returns (issue 36).
    /** POST /admin/api/pedidos/{idVenta}/reembolso: cancels a paid order not yet delivered and refunds its payment (owner, fresh sign-in); once only. */
    refundOrder: (idVenta: number | string, solicitud: SolicitudReembolsoPedido) =>
      call(
        admin.pedidos[':idVenta'].reembolso.$path({ param: { idVenta: param(idVenta) } }),
        conMensaje<CambioEstadoRespuesta>(),
        'POST',
        solicitud,
      ),
    /** POST /admin/api/pedidos/{idVenta}/devolucion: takes back units of a delivered order within the return window, with their credit note and refund (owner, fresh sign-in). */
    returnLines: (idVenta: number | string, devolucion: SolicitudDevolucion) =>
      call(
        admin.pedidos[':idVenta'].devolucion.$path({ param: { idVenta: param(idVenta) } }),
        conMensaje<CambioEstadoRespuesta>(),
        'POST',
        devolucion,
      ),

    // Transfers (issue 36).
    /** POST /admin/api/pedidos/{idVenta}/confirmar-transferencia: a bank transfer received (its operation number) pays the order, once. */
    confirmTransfer: (idVenta: number | string, datos: ConfirmarTransferencia) =>
      call(
        admin.pedidos[':idVenta']['confirmar-transferencia'].$path({ param: { idVenta: param(idVenta) } }),
        conMensaje<TransferenciaConfirmada>(),
        'POST',
        datos,
      ),

    // Orders desk (issue 36).
    /** GET /admin/api/pedidos?…: one page of the desk's list, filtered, searched and sorted by the server. */
    ordersPage: (filtro: FiltroPedidos = {}) =>
      call(
        conConsulta(admin.pedidos.$path(), {
          vista: filtro.vista,
          estado: filtro.estado?.join(','),
          metodo: filtro.metodo,
          entrega: filtro.entrega,
          distrito: filtro.distrito,
          desde: filtro.desde,
          hasta: filtro.hasta,
          q: filtro.q,
          orden: filtro.orden,
          pagina: filtro.pagina,
          porPagina: filtro.porPagina,
        }),
        isPagina,
      ),
    /** POST /admin/api/pedidos/lote: several orders moved, each on its own (EN TRANSITO with a courier and guía per order). */
    moveOrders: (lote: z.input<typeof loteSchema>) => call(admin.pedidos.lote.$path(), isLote, 'POST', lote),
    /** POST /admin/api/pedidos/{idVenta}/guia: corrects the courier and guía of an order EN TRANSITO (the customer told unless avisar is false). */
    correctTracking: (idVenta: number | string, cambio: CorreccionGuia) =>
      call(
        admin.pedidos[':idVenta'].guia.$path({ param: { idVenta: param(idVenta) } }),
        conMensaje<{ mensaje: string; pedido: DetallePedidoBackoffice }>(),
        'POST',
        cambio,
      ),
    /** POST /admin/api/pedidos/{idVenta}/reenviar-correo: the customer's last e-mail about the order, sent again. */
    resendOrderEmail: (idVenta: number | string) =>
      call(admin.pedidos[':idVenta']['reenviar-correo'].$path({ param: { idVenta: param(idVenta) } }), isMensaje, 'POST', {}),
    /** POST /admin/api/pedidos/{idVenta}/notas: an internal note (never shown to the customer). */
    addOrderNote: (idVenta: number | string, texto: string) =>
      call(
        admin.pedidos[':idVenta'].notas.$path({ param: { idVenta: param(idVenta) } }),
        conMensaje<{ mensaje: string; nota: NotaInterna }>(),
        'POST',
        { texto },
      ),
    /** GET /admin/api/pedidos/hojas?ids=…: the orders' details for packing slips and the pick list (at most MESA.hojasMaximas). */
    packingSlips: (ids: readonly number[]) => call(conConsulta(admin.pedidos.hojas.$path(), { ids: ids.join(',') }), isHojas),
    /** GET /admin/api/inicio: today's and this week's sales against the previous period, and what waits on the shop. */
    home: () => call(admin.inicio.$path(), isInicio),

    // Stock (issue 36).
    /** GET /admin/api/productos?stock=agotado|bajo&pagina=N: the sold-out products (with people waiting on 'Avísame') or the low ones. */
    stockProducts: (filtro: { stock: FiltroStock; pagina?: number }) =>
      call(conConsulta(admin.productos.$path(), { stock: filtro.stock, pagina: filtro.pagina }), isPaginaStock),
    // Accounts (issue 36).
    /** POST /admin/api/yo/contrasena: the current password and a new one (fresh sign-in); the person's other sessions end. */
    changePassword: (datos: z.input<typeof cambioContrasenaSchema>) =>
      call(admin.yo.contrasena.$path(), conMensaje<CuentaCambiada>(), 'POST', datos),
    /** POST /admin/api/yo/codigos: ten fresh recovery codes, shown this once (fresh sign-in); the old ones stop working. */
    regenerateRecoveryCodes: () => call(admin.yo.codigos.$path(), conMensaje<CodigosNuevos>(), 'POST', {}),
    /** GET /admin/api/yo/passkeys: the signed-in person's passkeys (name, created, last used). */
    myPasskeys: () => call(admin.yo.passkeys.$path(), isObjeto<{ passkeys: PasskeyPropia[] }>()),
    /** DELETE /admin/api/yo/passkeys/{id}: removes one of the person's own passkeys (fresh sign-in). */
    removePasskey: (id: number | string) =>
      call(admin.yo.passkeys[':id'].$path({ param: { id: param(id) } }), conMensaje<CuentaCambiada>(), 'DELETE'),
    /** POST /admin/api/personal/{id}/restablecer: a lost phone; ends their sessions, clears their factors and e-mails a new one-time link (owner, fresh). */
    resetAccess: (id: number | string) =>
      call(admin.personal[':id'].restablecer.$path({ param: { id: param(id) } }), conMensaje<InvitacionCreada>(), 'POST', {}),

    // Catalogue: the product list, the form, archive, duplicate and export (issue 37).
    /** GET /admin/api/catalogo/productos?{filtro}&pagina=: a page of the filtered catalogue, newest first. */
    catalogueProducts: (filtro: FiltroCatalogoConsulta & { pagina?: number }) =>
      call(conConsulta(admin.catalogo.productos.$path(), filtro), isPaginaCatalogo),
    /** GET /admin/api/catalogo/opciones: brands, lines, categories and child categories for the selects. */
    catalogueOptions: () => call(admin.catalogo.opciones.$path(), isOpcionesCatalogo),
    /** GET /admin/api/catalogo/productos/{ref}: every field of one product, as its form edits it. */
    catalogueProduct: (ref: number | string) =>
      call(admin.catalogo.productos[':ref'].$path({ param: { ref: param(ref) } }), isProductoEditable),
    /** POST /admin/api/productos: a new product (a refusal carries each field's reason: ErrorFormularioApi). */
    createProduct: (datos: ProductoFormulario) =>
      request(admin.productos.$path(), {
        method: 'POST',
        body: datos,
        token,
        headers,
        base,
        fetch,
        check: isRespuestaProducto,
        errorFrom: errorDeFormulario,
      }),
    /** PUT /admin/api/productos/{ref}: the product's whole form (send `stock` only when changed, with `stockLeido`). */
    saveProduct: (ref: number | string, datos: ProductoFormulario) =>
      request(admin.productos[':ref'].$path({ param: { ref: param(ref) } }), {
        method: 'PUT',
        body: datos,
        token,
        headers,
        base,
        fetch,
        check: isRespuestaProducto,
        errorFrom: errorDeFormulario,
      }),
    /** POST /admin/api/productos/{ref}/duplicar: a hidden copy without SKU nor stock. */
    duplicateProduct: (ref: number | string) =>
      call(admin.productos[':ref'].duplicar.$path({ param: { ref: param(ref) } }), isRespuestaProducto, 'POST', {}),
    /** POST /admin/api/productos/{ref}/archivar: hidden from the shop and the lists, kept for orders and receipts. */
    archiveProduct: (ref: number | string) =>
      call(admin.productos[':ref'].archivar.$path({ param: { ref: param(ref) } }), isRespuestaProducto, 'POST', {}),
    /** POST /admin/api/productos/{ref}/restaurar: back in the catalogue, still hidden until shown. */
    restoreProduct: (ref: number | string) =>
      call(admin.productos[':ref'].restaurar.$path({ param: { ref: param(ref) } }), isRespuestaProducto, 'POST', {}),
    /** GET /admin/api/productos/{ref}/auditoria: the product's audit entries, newest first. */
    productAudit: (ref: number | string) =>
      call(admin.productos[':ref'].auditoria.$path({ param: { ref: param(ref) } }), isObjeto<{ entradas: EntradaAuditoriaProducto[] }>()),

    // Photos and the import in the browser (issue 37).
    /** POST /admin/api/fotos: a product photo (base64), re-encoded and stored (no EXIF, at most FOTOS_PRODUCTO.ladoMaximo): its URL. */
    uploadPhoto: (nombre: string, datos: string) => call(admin.fotos.$path(), isFotoSubida, 'POST', { nombre, datos }),
    /** GET /admin/api/catalogo/exportar?{filtro}&formato=csv|json (the productos routes): the filtered catalogue as a file, with its name. */
    exportCatalogue: async (filtro: FiltroCatalogoConsulta, formato: FormatoExportacion): Promise<ArchivoExportado> => {
      const res = await download(conConsulta('/admin/api/catalogo/exportar', { ...filtro, formato }), TIPO_EXPORTACION[formato]);
      const fecha = new Date().toISOString().slice(0, 10);
      return { nombre: nombreDeArchivo(res.headers.get('Content-Disposition')) ?? `catalogo-${fecha}.${formato}`, datos: await res.blob() };
    },

    // Bulk changes and their undo (issue 37).
    /** GET /admin/api/productos/lote/filas?{filtro}&pagina=: a page of the bulk grid, each product's batch fields as stored. */
    bulkRows: (filtro: FiltroCatalogoConsulta & { pagina?: number }) =>
      call(conConsulta(admin.productos.lote.filas.$path(), { ...filtro }), isPaginaLote),
    /** POST /admin/api/productos/lote: a batch previewed (simulacro) or applied in one transaction, refused whole naming its row. */
    bulkChange: (lote: { cambios: CambioLote[]; simulacro: boolean; descripcion?: string }) =>
      call(admin.productos.lote.$path(), conMensaje<ResultadoLoteProductos>(), 'POST', lote),
    /** POST /admin/api/productos/lote-filtro: the same change for every product of a filter (a price by percent, a discount with dates…). */
    bulkChangeByFilter: (lote: LoteFiltroCuerpo) =>
      call(admin.productos['lote-filtro'].$path(), conMensaje<ResultadoLoteProductos>(), 'POST', lote),
    /** GET /admin/api/productos/lote/ultimo: the batch 'Deshacer el último cambio' would undo (null: none). */
    lastBulkChange: () => call(admin.productos.lote.ultimo.$path(), isObjeto<UltimoLote>()),
    /** POST /admin/api/productos/lote/{id}/deshacer: every product of that batch back to its values, refused if one changed since. */
    undoBulkChange: (id: number) =>
      call(admin.productos.lote[':id'].deshacer.$path({ param: { id: param(id) } }), conMensaje<LoteDeshecho>(), 'POST', {}),

    // Coupons and the stock history (issue 37).
    /** GET /admin/api/cupones: every shop coupon with its rules, where it stands, its uses and what it took off. */
    couponList: () => call(admin.cupones.$path(), fieldsOf<{ cupones: CuponBackoffice[] }>({ cupones: 'array' })),
    /** GET /admin/api/cupones/{codigo}: one coupon and its latest orders. */
    couponDetail: (codigo: string) =>
      call(
        admin.cupones[':codigo'].$path({ param: { codigo: param(codigo) } }),
        fieldsOf<DetalleCupon>({ cupon: 'object', pedidos: 'array' }),
      ),
    /** POST /admin/api/cupones (codigo null: a new coupon) or PUT /admin/api/cupones/{codigo} (its full edit). */
    saveCoupon: (codigo: string | null, cupon: CuponForm) =>
      codigo === null
        ? call(admin.cupones.$path(), conMensaje<RespuestaCupon>(), 'POST', cupon)
        : call(admin.cupones[':codigo'].$path({ param: { codigo: param(codigo) } }), conMensaje<RespuestaCupon>(), 'PUT', cupon),
    /** POST /admin/api/cupones/{codigo}/desactivar (pausar) or …/activar (reanudar). */
    pauseCoupon: (codigo: string, pausar: boolean) =>
      call(
        (pausar ? admin.cupones[':codigo'].desactivar : admin.cupones[':codigo'].activar).$path({ param: { codigo: param(codigo) } }),
        conMensaje<RespuestaCupon>(),
        'POST',
        {},
      ),
    /** POST /admin/api/cupones/{codigo}/terminar: ends it for good (its uses stay on the orders). */
    endCoupon: (codigo: string) =>
      call(admin.cupones[':codigo'].terminar.$path({ param: { codigo: param(codigo) } }), conMensaje<RespuestaCupon>(), 'POST', {}),
    /** GET /admin/api/productos/{ref}/movimientos[?antes=id]: a page of the product's stock history, newest first. */
    stockHistory: (ref: string | number, antes?: number) =>
      call(
        conConsulta(admin.productos[':ref'].movimientos.$path({ param: { ref: param(ref) } }), { antes }),
        fieldsOf<PaginaMovimientos>({ movimientos: 'array', idProducto: 'number' }),
      ),

    // Home content, static pages and publishing (issue 37).
    /** GET /admin/api/publicacion: live, pending, being built or failed (with the error). */
    publishingStatus: () =>
      call(
        admin.publicacion.$path(),
        fieldsOf<import('./publicacion-schemas.ts').EstadoPublicacionRespuesta>({ estado: 'string', version: 'number' }),
      ),
    /** GET /admin/api/{lista}: the items, in the API's order. */
    homeContent: async <L extends import('./contenido-schemas.ts').ListaProgramable>(lista: L) =>
      (await call(admin[lista].$path(), isContenido<{ [K in L]: ContenidoOperador[L][] }>(lista, false)))[lista] as ContenidoOperador[L][],
    /** POST /admin/api/{lista} (id null) or PUT /admin/api/{lista}/{id}. */
    saveHomeContent: <L extends import('./contenido-schemas.ts').ListaProgramable>(
      lista: L,
      id: number | null,
      item: import('./contenido-schemas.ts').ItemProgramableBody[L],
    ) =>
      id === null
        ? call(admin[lista].$path(), isContenido<CambioContenidoRespuesta<L>>(lista, true), 'POST', item)
        : call(admin[lista][':id'].$path({ param: { id: param(id) } }), isContenido<CambioContenidoRespuesta<L>>(lista, true), 'PUT', item),
    /** DELETE /admin/api/{lista}/{id}. */
    removeHomeContent: (lista: import('./contenido-schemas.ts').ListaProgramable, id: number) =>
      call(admin[lista][':id'].$path({ param: { id: param(id) } }), isMensaje, 'DELETE'),
    /** POST /admin/api/{lista}/{id}/posicion. */
    moveHomeContent: (lista: import('./contenido-schemas.ts').ListaProgramable, id: number, posicion: number) =>
      call(admin[lista][':id'].posicion.$path({ param: { id: param(id) } }), isMensaje, 'POST', { posicion }),
    /** POST /admin/api/imagenes: a banner's or popup's image. */
    uploadContentImage: (nombre: string, datos: string) => call(admin.imagenes.$path(), isImagen, 'POST', { nombre, datos }),
    /** GET /admin/api/textos. */
    shopTexts: () =>
      call(admin.textos.$path(), fieldsOf<import('./contenido-schemas.ts').TextosOperador>({ paginas: 'object', tiendas: 'array' })),
    /** PUT /admin/api/textos/{clave}. */
    saveShopText: (clave: import('./contenido-schemas.ts').ClaveTexto, contenido: unknown) =>
      call(admin.textos[':clave'].$path({ param: { clave } }), isMensaje, 'PUT', contenido),
    /** DELETE /admin/api/textos/{clave}: back to the shop's original copy. */
    resetShopText: (clave: import('./contenido-schemas.ts').ClaveTexto) =>
      call(admin.textos[':clave'].$path({ param: { clave } }), isMensaje, 'DELETE'),

    // Shipping and the shop's own settings (issue 37).
    /** GET /admin/api/tienda/ajustes: the shop's settings in force (the owner). */
    shopSettings: () => call(admin.tienda.ajustes.$path(), isObjeto<AjustesTiendaRespuesta>()),
    /** PUT /admin/api/tienda/ajustes: saves the whole settings object (the owner, fresh); 400 `{ mensaje, campo }` on a wrong field. */
    saveShopSettings: (ajustes: AjustesTiendaEntrada) =>
      call(admin.tienda.ajustes.$path(), isObjeto<AjustesTiendaRespuesta>(), 'PUT', ajustes),
    /** GET /admin/api/envios/tarifas?departamento=&provincia=&q=&pagina=: a page of districts with their tariffs. */
    tariffs: (consulta: ConsultaTarifas) =>
      call(
        conConsulta(admin.envios.tarifas.$path(), {
          departamento: consulta.departamento,
          provincia: consulta.provincia,
          q: consulta.q,
          pagina: consulta.pagina,
        }),
        isObjeto<TarifasRespuesta>(),
      ),
    /** POST /admin/api/envios/tarifas/lote: sets or adds an amount to many districts' tariffs at once (or previews it, `simulacro`). */
    changeTariffs: (lote: LoteTarifas) => call(admin.envios.tarifas.lote.$path(), isObjeto<LoteTarifasRespuesta>(), 'POST', lote),

    // Customers and their data rights (Ley 29733).
    /** GET /admin/api/clientes?q=&pagina=: a page of customers (name, e-mail or document, without accents or case), newest first. */
    customers: (filtro: { q?: string; pagina?: number } = {}) =>
      call(conConsulta(admin.clientes.$path(), { q: filtro.q, pagina: filtro.pagina }), isPaginaClientes),
    /** GET /admin/api/clientes/{id}: her data, orders, reviews, complaints, alerts, consents and data requests. */
    customer: (id: number | string) => call(admin.clientes[':id'].$path({ param: { id: param(id) } }), isDetalleCliente),
    /** PUT /admin/api/clientes/{id}: corrects her name, phone, e-mail or document (audited; a rectification request). */
    correctCustomer: (id: number | string, correccion: CorreccionCliente) =>
      call(admin.clientes[':id'].$path({ param: { id: param(id) } }), conMensaje<ClienteCambiado>(), 'PUT', correccion),
    /** POST /admin/api/clientes/{id}/solicitudes: a request received (acceso, rectificación, cancelación), to answer within its deadline. */
    recordDataRequest: (id: number | string, solicitud: NuevaSolicitud) =>
      call(admin.clientes[':id'].solicitudes.$path({ param: { id: param(id) } }), conMensaje<ClienteCambiado>(), 'POST', solicitud),
    /** POST /admin/api/clientes/{id}/exportar: her data as a JSON file (the owner, fresh); answers her access request. */
    exportCustomer: async (id: number | string, solicitud: SolicitudAtendida = {}): Promise<ExportacionCliente> => {
      const res = await send(admin.clientes[':id'].exportar.$path({ param: { id: param(id) } }), {
        method: 'POST',
        body: solicitud,
        token,
        headers,
        base,
        fetch,
      });
      if (!res.ok) throw await refusal(res);
      if (res.headers.get('Content-Type')?.split(';')[0]?.trim() !== 'application/json') throw new ApiError(502);
      return { nombre: nombreDeArchivo(res.headers.get('Content-Disposition')) ?? `cliente-${id}-datos.json`, datos: await res.blob() };
    },
    /** POST /admin/api/clientes/{id}/eliminar: her account deleted on request (the owner, fresh); orders, receipts and complaints kept anonymised. */
    deleteCustomer: (id: number | string, solicitud: SolicitudAtendida = {}) =>
      call(admin.clientes[':id'].eliminar.$path({ param: { id: param(id) } }), conMensaje<ClienteEliminado>(), 'POST', solicitud),

    // Backups.
    /** GET /admin/api/respaldo: the embedded database's backup, streamed (409 with PostgreSQL: pg_dump instead). */
    backup: async (): Promise<RespaldoDescarga> => {
      const res = await download(admin.respaldo.$path(), 'application/gzip');
      return { cuerpo: res.body!, nombre: nombreDeArchivo(res.headers.get('Content-Disposition')) };
    },
  };
}

/** The operator API's calls (see operatorClient). */
export type OperatorClient = ReturnType<typeof operatorClient>;
