import type { EstadoPedido } from './checkout-schemas.ts';
import type { DetallePedidoOperador, PedidoOperador } from './orders-schemas.ts';

/**
 * The back office's wire shapes (issue 36): people and their sessions, the home's "what needs me" and
 * the orders desk. The server's routes answer exactly these; the operator client (operator-client.ts)
 * sends them; the back office (src/backoffice/) reads them. Request bodies are checked by the zod
 * schemas of personal-schemas.ts and pedidos-backoffice-schemas.ts; these are the answers.
 */

// ── People ──────────────────────────────────────────────────────────────────────────────────────

/** Who may do what: the owner does everything; staff run the day (orders, shipping, stock, receipts). */
export const ROLES = ['dueno', 'personal'] as const;
export type Rol = (typeof ROLES)[number];
export const NOMBRE_ROL: Record<Rol, string> = { dueno: 'Dueña o dueño', personal: 'Personal' };

/**
 * The 403 `mensaje` of a route that needs a fresh sign-in (refunds, people, keys, exports): the back office
 * answers it by asking the password and a code again (reauthenticate), then retrying.
 */
export const MENSAJE_REAUTENTICAR = 'Por seguridad, vuelve a ingresar tu contraseña y tu código para continuar.';

/** A signed-in person as GET /admin/api/sesion answers it. */
export interface PersonaSesion {
  id: number;
  nombre: string;
  correo: string;
  rol: Rol;
  /** How many passkeys the person has enrolled. */
  passkeys: number;
  /** How many unused recovery codes are left. */
  codigosRestantes: number;
}

/** GET /admin/api/sesion: the session's person and its clocks (ISO dates); 401 `{ mensaje }` without one. */
export interface SesionRespuesta {
  persona: PersonaSesion;
  /** When the session ends if idle from now (it slides with each call, never past `expiraMaximo`). */
  expira: string;
  expiraMaximo: string;
  /** Until when money, people, keys and exports are allowed without signing in again; null when not fresh. */
  reautenticadaHasta: string | null;
}

/** POST /admin/api/sesion (correo, contrasena): the password was right; the second factor is next. */
export interface PrimerPasoRespuesta {
  /** Names the half-done sign-in for the next step (valid a few minutes, once). */
  desafio: string;
  /** The person has a passkey, so the page may offer it beside the code. */
  passkey: boolean;
}

/** An invitation as GET /admin/api/invitaciones/{token} shows it to the invited person. */
export interface InvitacionPublica {
  correo: string;
  rol: Rol;
  expira: string;
  /** The owner reset this existing account's access ('Restablecer acceso'): a new password and second factor, same account. */
  restablecimiento?: boolean;
  /** The account's name, for a reset (the page fills it in). */
  nombre?: string;
}

/** POST /admin/api/invitaciones/{token} (nombre, contrasena): the account exists; its TOTP secret to enrol. */
export interface InscripcionTotp {
  /** Names the enrolment for its confirmation (POST …/totp). */
  inscripcion: string;
  /** Base32 secret, shown as text for typing into an app. */
  secreto: string;
  /** otpauth:// URI (issuer 'K-Beauty Perú'). */
  uri: string;
  /** The URI as a QR code: an SVG document (no script), drawn by the server. */
  qrSvg: string;
}

/** POST /admin/api/invitaciones/{token}/totp (inscripcion, codigo): enrolled and signed in (the cookie is set). */
export interface InscripcionConfirmada {
  mensaje: string;
  persona: PersonaSesion;
  /** Ten one-use recovery codes, shown this once. */
  codigosRecuperacion: string[];
}

/** A member of the shop's staff as the owner's people screen lists them. */
export interface Persona {
  id: number;
  nombre: string;
  correo: string;
  rol: Rol;
  activa: boolean;
  creada: string;
  ultimoIngreso: string | null;
  /** The owner reset this person's access and they have not used their new link yet (they cannot sign in until then). */
  accesoPendiente?: boolean;
}

/** An invitation not yet used, as the people screen lists it. */
export interface Invitacion {
  id: number;
  correo: string;
  rol: Rol;
  creada: string;
  expira: string;
  /** Who invited (a person's name or "clave: …"). */
  invitadaPor: string;
}

/** GET /admin/api/personal. */
export interface ListaPersonal {
  personas: Persona[];
  invitaciones: Invitacion[];
}

/** POST /admin/api/personal/invitaciones (correo, rol): the one-time link, also e-mailed. */
export interface InvitacionCreada {
  mensaje: string;
  invitacion: Invitacion;
  enlace: string;
}

/** A named API key (for the command line and scripts); its secret is shown once, at creation. */
export interface ClaveApi {
  id: number;
  nombre: string;
  /** Its first characters, to tell keys apart ('kbk_ab12…'). */
  prefijo: string;
  creada: string;
  creadaPor: string;
  ultimoUso: string | null;
  revocada: string | null;
}

/** POST /admin/api/claves (nombre). */
export interface ClaveCreada {
  mensaje: string;
  clave: ClaveApi;
  secreto: string;
}

// ── A person's own account and the owner's reset (issue 36, accounts) ──────────────────────────

/** A passkey of the signed-in person, as 'Mi cuenta' lists it (GET /admin/api/yo/passkeys). */
export interface PasskeyPropia {
  id: number;
  nombre: string;
  creada: string;
  ultimoUso: string | null;
}

/** POST /admin/api/yo/codigos: ten fresh recovery codes, shown this once (the old ones no longer work). */
export interface CodigosNuevos {
  mensaje: string;
  codigosRecuperacion: string[];
  persona: PersonaSesion;
}

/** A change to the signed-in person's own account (password, a passkey removed): what was done and the account after it. */
export interface CuentaCambiada {
  mensaje: string;
  persona: PersonaSesion;
}

// ── Inicio: what needs me ───────────────────────────────────────────────────────────────────────

/** Sales of one period: paid orders (not cancelled), in soles. */
export interface Ventas {
  soles: number;
  pedidos: number;
  ticketPromedio: number;
}

/** One waiting thing on the home: how many, the oldest's age, and the list it opens. */
export interface Pendiente {
  clave:
    | 'por-preparar'
    | 'recojo-sin-recoger'
    | 'reclamos'
    | 'resenas'
    | 'comprobantes'
    | 'alertas-pago'
    | 'agotados-con-avisos'
    | 'stock-bajo'
    | 'transferencias'
    | 'tienda-demo';
  /** Spanish, ready to show: 'Pedidos pagados por preparar'. */
  titulo: string;
  cantidad: number;
  /** A few words on the most urgent one ('el más antiguo, hace 2 días'). */
  detalle?: string;
  /** Needs attention now (red): an order unprepared after one working day, a complaint with ≤ 3 working days left… */
  urgente: boolean;
  /** The back office's own path it opens ('/admin/pedidos?vista=por-preparar'). */
  enlace: string;
}

/** GET /admin/api/inicio. */
/** A complaint past its deadline unanswered, as the home shows it at the top. */
export interface ReclamoVencido {
  numero: string;
  tipo: 'reclamo' | 'queja';
  consumidor: string;
  /** YYYY-MM-DD: the deadline that passed. */
  plazo: string;
  /** Working days since the deadline (0 when it passed on a non-working day). */
  diasHabilesVencido: number;
}

export interface InicioRespuesta {
  hoy: Ventas;
  ayer: Ventas;
  semana: Ventas;
  semanaAnterior: Ventas;
  pendientes: Pendiente[];
  /** Complaints past their deadline unanswered, the oldest deadline first: the home shows them above everything. */
  reclamosVencidos: ReclamoVencido[];
}

// ── Pedidos ─────────────────────────────────────────────────────────────────────────────────────

/** The saved views of the orders list. */
export const VISTAS_PEDIDOS = ['por-preparar', 'por-enviar', 'recojo', 'con-alerta'] as const;
export type VistaPedidos = (typeof VISTAS_PEDIDOS)[number];
export const NOMBRE_VISTA: Record<VistaPedidos, string> = {
  'por-preparar': 'Por preparar',
  'por-enviar': 'Por enviar',
  recojo: 'Recojo en tienda',
  'con-alerta': 'Con alerta',
};
export const ORDENES_PEDIDOS = ['reciente', 'antiguo', 'total-mayor', 'total-menor'] as const;
export type OrdenPedidos = (typeof ORDENES_PEDIDOS)[number];

/**
 * GET /admin/api/pedidos's query (all optional; without any, the newest orders as before): `vista`, `estado`
 * (one or several, comma-separated), `metodo` (payment method id), `entrega` ('recojo' | 'envio'),
 * `distrito`, `desde`/`hasta` (YYYY-MM-DD, Lima), `q` (order number, name, e-mail or document),
 * `orden`, `pagina` (1-based), `porPagina`.
 */
export interface FiltroPedidos {
  vista?: VistaPedidos;
  estado?: EstadoPedido[];
  metodo?: string;
  entrega?: 'recojo' | 'envio';
  distrito?: string;
  desde?: string;
  hasta?: string;
  q?: string;
  orden?: OrdenPedidos;
  pagina?: number;
  porPagina?: number;
}

/** A row of the orders desk: the CLI's PedidoOperador plus what lets staff act without opening it. */
export interface FilaPedido extends PedidoOperador {
  metodo_pago: string;
  documento: string;
  distrito: string;
  /** Hours since it was paid (or placed, while unpaid). */
  edadHoras: number;
  /** Paid, not prepared, and older than one working day. */
  atrasado: boolean;
  courier: string | null;
  guia: string | null;
  /** The first lines' names, for a glance ('Mascarilla X ×2, Tónico Y'). */
  resumen: string;
}

/** GET /admin/api/pedidos: one page, with the total that matched. */
export interface PaginaPedidos {
  pedidos: FilaPedido[];
  total: number;
  pagina: number;
  porPagina: number;
}

/** One step of an order's life, with who took it ('Cliente', 'Mercado Pago', a person's name, 'clave: …', 'Sistema'). */
export interface PasoPedido {
  estado: EstadoPedido;
  fecha: string;
  nota: string;
  actor: string;
}

/** A staff note on an order (never shown to the customer). */
export interface NotaInterna {
  id: number;
  fecha: string;
  autor: string;
  texto: string;
}

/** GET /admin/api/pedidos/{idVenta}: the operator's detail plus the desk's own parts. */
export interface DetallePedidoBackoffice extends DetallePedidoOperador {
  pasos: PasoPedido[];
  notasInternas: NotaInterna[];
  /** The last courier used by anyone, to prefill the ship form. */
  ultimoCourier: string | null;
  /** What may be done now, beyond `siguientes`: correct the guía, resend the e-mail, refund, return lines, confirm a transfer. */
  acciones: ('corregir-guia' | 'reenviar-correo' | 'reembolsar' | 'devolver' | 'confirmar-transferencia')[];
}

/** POST /admin/api/pedidos/lote (ids, estado, envios?): each order's own outcome; one refusal does not stop the others. */
export interface ResultadoLote {
  mensaje: string;
  resultados: { idVenta: number; ok: boolean; mensaje: string }[];
}
