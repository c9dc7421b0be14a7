import type {
  ClaveApi,
  DetallePedidoBackoffice,
  FilaPedido,
  FiltroPedidos,
  InicioRespuesta,
  Invitacion,
  PasskeyPropia,
  Persona,
  PersonaSesion,
  Rol,
  SesionRespuesta,
} from '../../lib/api/backoffice-schemas.ts';
import { MENSAJE_REAUTENTICAR, NOMBRE_ROL } from '../../lib/api/backoffice-schemas.ts';
import type { EstadoPedido } from '../../lib/api/checkout-schemas.ts';
import type {
  CorreccionCliente,
  DetalleCliente,
  NuevaSolicitud,
  PaginaClientes,
  SolicitudAtendida,
  TipoSolicitud,
} from '../../lib/api/clientes-schemas.ts';
import type { CuponBackoffice, CuponForm, MovimientoStock } from '../../lib/api/cupones-schemas.ts';
import { ApiError } from '../../lib/api/request.ts';
import { ErrorFormularioApi } from '../../lib/api/productos-errores.ts';
import {
  TIPOS_FILTRO_COMPROBANTE,
  type CorreccionClienteWire,
  type DetalleComprobanteOperador,
  type EstadoComprobanteWire,
  type FiltroComprobantes,
} from '../../lib/api/comprobantes-schemas.ts';
import { accionesPermitidas } from '../../lib/comprobantes/acciones.ts';
import type { FilaImportacion, ProductoOperador, RespuestaImportacion, ResultadoFila } from '../../lib/api/operator-schemas.ts';
import type { FiltroReclamo, ReclamoOperador } from '../../lib/api/reclamos-schemas.ts';
import type { AccionResena, EstadoResena, ResenaOperador } from '../../lib/api/resenas-schemas.ts';
import type { FilaStock, FiltroStock } from '../../lib/api/stock-schemas.ts';
import type { ArchivoExportado, FormatoExportacion, FotoSubida } from '../../lib/api/fotos-schemas.ts';
import type { FiltroCatalogoConsulta } from '../../lib/api/catalogo-schemas.ts';
import type { CambioLote, FilaLote, LoteFiltroCuerpo, LoteProductosResumen } from '../../lib/api/lote-schemas.ts';
import { textosPorDefecto } from '../../lib/site/paginas.ts';
import type { CambioEstadoPedido, ClienteBackoffice, Devolucion, LotePedidos } from '../cliente.ts';
import {
  AVISO_IDENTIDAD_DEMO,
  ajustesTiendaSchema,
  esIdentidadDemo,
  type AjustesTiendaEntrada,
  type AjustesTiendaRespuesta,
  type ConsultaTarifas,
  type LoteTarifas,
  type TarifaDistrito,
} from '../../lib/api/tienda-schemas.ts';
import { PUNTOS_RECOJO } from '../../lib/shipping/methods.ts';
import { PROVEEDOR } from '../../lib/tienda.ts';

/**
 * An in-memory shop for the back office's component tests: a real object holding people, sessions,
 * invitations, keys and orders, answering each call as CONTRACT36.md says — 401 without a session, 403
 * for staff on the owner's routes, 403 with the re-authentication message when a fresh sign-in is due —
 * and recording every call it got.
 */

/** The authenticator code the fake accepts (any other six digits are wrong). */
export const CODIGO_BUENO = '123456';
export const CONTRASENA_BUENA = 'una frase muy larga';

interface Cuenta extends Persona {
  contrasena: string;
  codigos: string[];
  passkeys: number;
  /** The passkeys themselves ('Mi cuenta' lists them); `passkeys` is their count. */
  llaves: PasskeyPropia[];
}

/** An order's detail with sensible defaults: paid, pending preparation, delivered to Miraflores. */
export function pedidoFalso(idVenta: number, cambios: Partial<DetallePedidoBackoffice> = {}): DetallePedidoBackoffice {
  const estado = cambios.estado ?? 'PENDIENTE';
  return {
    idVenta,
    fecha: '2026-11-27T15:00:00Z',
    fechaEntrega: null,
    total: 120.5,
    subtotal: 110.5,
    descuento: 0,
    envio: 10,
    estado,
    metodo_pago: 'mercadopago',
    metodo_envio: 'Envío a domicilio',
    recojo: false,
    direccion: 'Av. Larco 345, Miraflores',
    productos: [
      {
        nombreProducto: 'Sérum de arroz',
        idProducto: 5,
        img: '/img/serum.webp',
        cantidad: 2,
        color: '',
        tamano: '30 ml',
        precio_unitario: 45,
        precio_con_descuento: 45,
      },
      {
        nombreProducto: 'Tónico',
        idProducto: 7,
        img: '/img/tonico.webp',
        cantidad: 1,
        color: 'Rosa',
        tamano: '',
        precio_unitario: 20.5,
        precio_con_descuento: 20.5,
      },
    ],
    productos_comprados: 3,
    codigo_descuento: null,
    porcentaje_descuento: 0,
    pagado: true,
    historial: [{ estado: 'PENDIENTE', fecha: '2026-11-27T15:00:00Z' }],
    seguimiento: null,
    cliente: {
      nombre: `Cliente${idVenta}`,
      apellido: 'Quispe',
      correo: `cliente${idVenta}@correo.pe`,
      telefono: '987654321',
      documento_tipo: 'DNI',
      documento_numero: `4${String(idVenta).padStart(7, '0')}`,
    },
    instrucciones: '',
    horario: '',
    notas: [],
    siguientes: siguientesDe(estado, cambios.recojo ?? false),
    pagos: [],
    comprobantes: [],
    pasos: [{ estado: 'PENDIENTE', fecha: '2026-11-27T15:00:00Z', nota: '', actor: 'Cliente' }],
    notasInternas: [],
    ultimoCourier: null,
    acciones: [],
    ...cambios,
  };
}

/** The moves an order allows from `estado` (the shop's state machine, as the API lists them). */
function siguientesDe(estado: EstadoPedido, recojo: boolean): EstadoPedido[] {
  switch (estado) {
    // Only an approved payment (or a confirmed transfer) moves a pending order on: staff may only cancel it.
    case 'PENDIENTE':
      return ['CANCELADO'];
    case 'EN PREPARACION':
      return [recojo ? 'LISTO PARA RECOGER' : 'EN TRANSITO', 'CANCELADO'];
    case 'EN TRANSITO':
    case 'LISTO PARA RECOGER':
      return ['ENTREGADO'];
    default:
      return [];
  }
}

export class ClienteFalso implements ClienteBackoffice {
  cuentas: Cuenta[] = [];
  invitaciones: (Invitacion & { token: string; usada: boolean; personaId?: number })[] = [];
  claves: ClaveApi[] = [];
  pedidos: DetallePedidoBackoffice[] = [];
  inicio: InicioRespuesta = {
    hoy: { soles: 350.5, pedidos: 3, ticketPromedio: 116.83 },
    ayer: { soles: 200, pedidos: 2, ticketPromedio: 100 },
    semana: { soles: 1200, pedidos: 10, ticketPromedio: 120 },
    semanaAnterior: { soles: 1500, pedidos: 12, ticketPromedio: 125 },
    pendientes: [],
    reclamosVencidos: [],
  };
  /** Every call, by name with its arguments, oldest first. */
  llamadas: { metodo: string; args: unknown[] }[] = [];
  private sesion: Cuenta | null = null;
  private siguienteLlave = 0;
  private fresca = false;
  private desafios = new Map<string, Cuenta>();
  private inscripciones = new Map<string, { token: string; nombre: string; contrasena: string }>();

  constructor({ rol = 'dueno', conSesion = true, fresca = false }: { rol?: Rol; conSesion?: boolean; fresca?: boolean } = {}) {
    const ana = this.agregarCuenta({ nombre: 'Ana Torres', correo: 'ana@kbeauty.pe', rol });
    this.agregarCuenta({ nombre: 'Beto Ramos', correo: 'beto@kbeauty.pe', rol: 'personal' });
    if (conSesion) this.sesion = ana;
    this.fresca = fresca;
  }

  agregarCuenta({ nombre, correo, rol, passkeys = 0 }: { nombre: string; correo: string; rol: Rol; passkeys?: number }): Cuenta {
    const cuenta: Cuenta = {
      id: this.cuentas.length + 1,
      nombre,
      correo,
      rol,
      activa: true,
      creada: '2026-11-01T12:00:00Z',
      ultimoIngreso: null,
      contrasena: CONTRASENA_BUENA,
      codigos: ['AAAA-1111', 'BBBB-2222'],
      passkeys,
      llaves: Array.from({ length: passkeys }, (_, indice) => ({
        id: ++this.siguienteLlave,
        nombre: indice === 0 ? 'Celular' : `Passkey ${indice + 1}`,
        creada: '2026-11-02T12:00:00Z',
        ultimoUso: indice === 0 ? '2026-11-28T09:00:00Z' : null,
      })),
    };
    this.cuentas.push(cuenta);
    return cuenta;
  }

  /** The session ends (idle, signed out elsewhere): every signed-in call answers 401 from now on. */
  vencerSesion() {
    this.sesion = null;
  }

  /** The fresh sign-in's minutes ran out: money, people, keys and one's own account ask the password and code again. */
  envejecerSesion() {
    this.fresca = false;
  }

  /** The names of the calls made, in order. */
  get nombres() {
    return this.llamadas.map(({ metodo }) => metodo);
  }

  private anotar(metodo: string, args: unknown[]) {
    this.llamadas.push({ metodo, args });
  }

  private persona(cuenta: Cuenta): PersonaSesion {
    return {
      id: cuenta.id,
      nombre: cuenta.nombre,
      correo: cuenta.correo,
      rol: cuenta.rol,
      passkeys: cuenta.passkeys,
      codigosRestantes: cuenta.codigos.length,
    };
  }

  private respuestaSesion(cuenta: Cuenta): SesionRespuesta {
    return {
      persona: this.persona(cuenta),
      expira: '2026-11-29T12:30:00Z',
      expiraMaximo: '2026-11-30T00:00:00Z',
      reautenticadaHasta: this.fresca ? '2026-11-29T12:05:00Z' : null,
    };
  }

  /** The signed-in person, or 401. */
  private quien(): Cuenta {
    if (!this.sesion) throw new ApiError(401, 'Tu sesión terminó. Ingresa de nuevo.');
    return this.sesion;
  }

  /** The owner with a fresh sign-in, or the API's 403s. */
  private duenoFresco(): Cuenta {
    const cuenta = this.quien();
    if (cuenta.rol !== 'dueno') throw new ApiError(403, `Solo ${NOMBRE_ROL.dueno.toLowerCase()} de la tienda puede hacer esto.`);
    if (!this.fresca) throw new ApiError(403, MENSAJE_REAUTENTICAR);
    return cuenta;
  }

  private pedido(id: number): DetallePedidoBackoffice {
    const pedido = this.pedidos.find((uno) => uno.idVenta === id);
    if (!pedido) throw new ApiError(404, 'No existe ese pedido.');
    return pedido;
  }

  private mover(pedido: DetallePedidoBackoffice, estado: EstadoPedido, actor: string, nota = '') {
    if (!pedido.siguientes.includes(estado)) throw new ApiError(409, `El pedido ${pedido.idVenta} no puede pasar a ${estado}.`);
    pedido.estado = estado;
    pedido.siguientes = siguientesDe(estado, pedido.recojo);
    pedido.pasos = [...pedido.pasos, { estado, fecha: '2026-11-29T12:00:00Z', nota, actor }];
  }

  // People, sign-in and sessions.
  async signIn(correo: string, contrasena: string) {
    this.anotar('signIn', [correo, contrasena]);
    const cuenta = this.cuentas.find((uno) => uno.correo === correo && uno.activa);
    if (!cuenta || cuenta.contrasena !== contrasena) throw new ApiError(401, 'Correo o contraseña incorrectos.');
    const desafio = `desafio-${this.desafios.size + 1}`;
    this.desafios.set(desafio, cuenta);
    return { desafio, passkey: cuenta.passkeys > 0 };
  }

  async verifySignIn(desafio: string, codigo: string) {
    this.anotar('verifySignIn', [desafio, codigo]);
    const cuenta = this.desafios.get(desafio);
    if (!cuenta) throw new ApiError(401, 'Empieza de nuevo: el ingreso venció.');
    const recuperacion = cuenta.codigos.indexOf(codigo);
    if (codigo !== CODIGO_BUENO && recuperacion < 0) throw new ApiError(401, 'El código no es correcto.');
    if (recuperacion >= 0) cuenta.codigos.splice(recuperacion, 1);
    this.desafios.delete(desafio);
    this.sesion = cuenta;
    this.fresca = true;
    return this.respuestaSesion(cuenta);
  }

  async passkeySignInOptions(desafio: string) {
    this.anotar('passkeySignInOptions', [desafio]);
    return { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [], userVerification: 'preferred' as const };
  }

  async passkeySignIn(desafio: string, respuesta: unknown) {
    this.anotar('passkeySignIn', [desafio, respuesta]);
    const cuenta = this.desafios.get(desafio);
    if (!cuenta) throw new ApiError(401, 'Empieza de nuevo: el ingreso venció.');
    this.sesion = cuenta;
    return this.respuestaSesion(cuenta);
  }

  async session() {
    this.anotar('session', []);
    return this.respuestaSesion(this.quien());
  }

  async signOut() {
    this.anotar('signOut', []);
    this.sesion = null;
    return { mensaje: 'Cerraste sesión.' };
  }

  async signOutEverywhere() {
    this.anotar('signOutEverywhere', []);
    this.quien();
    this.sesion = null;
    return { mensaje: 'Cerramos tu sesión en todos los dispositivos.' };
  }

  async reauthenticate(contrasena: string, codigo: string) {
    this.anotar('reauthenticate', [contrasena, codigo]);
    const cuenta = this.quien();
    if (contrasena !== cuenta.contrasena || codigo !== CODIGO_BUENO) throw new ApiError(401, 'La contraseña o el código no son correctos.');
    this.fresca = true;
    return this.respuestaSesion(cuenta);
  }

  async invitation(token: string) {
    this.anotar('invitation', [token]);
    const invitacion = this.invitaciones.find((uno) => uno.token === token && !uno.usada);
    if (!invitacion) throw new ApiError(404, 'Esta invitación no existe, ya se usó o venció.');
    const cuenta = this.cuentas.find((una) => una.id === invitacion.personaId);
    return {
      correo: invitacion.correo,
      rol: invitacion.rol,
      expira: invitacion.expira,
      ...(cuenta ? { restablecimiento: true, nombre: cuenta.nombre } : {}),
    };
  }

  async acceptInvitation(token: string, datos: { nombre: string; contrasena: string }) {
    this.anotar('acceptInvitation', [token, datos]);
    await this.invitation(token);
    if (datos.contrasena.length < 12) throw new ApiError(400, 'La contraseña debe tener al menos 12 caracteres.');
    const inscripcion = `inscripcion-${this.inscripciones.size + 1}`;
    this.inscripciones.set(inscripcion, { token, ...datos });
    return {
      inscripcion,
      secreto: 'JBSWY3DPEHPK3PXPJBSWY3DP',
      uri: 'otpauth://totp/K-Beauty%20Per%C3%BA:nueva?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
      qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5"/></svg>',
    };
  }

  async confirmTotp(token: string, datos: { inscripcion: string; codigo: string }) {
    this.anotar('confirmTotp', [token, datos]);
    const alta = this.inscripciones.get(datos.inscripcion);
    const invitacion = this.invitaciones.find((uno) => uno.token === token && !uno.usada);
    if (!alta || alta.token !== token || !invitacion) throw new ApiError(404, 'Esta invitación no existe, ya se usó o venció.');
    if (datos.codigo !== CODIGO_BUENO) throw new ApiError(400, 'El código no es correcto. Revisa la hora de tu teléfono.');
    invitacion.usada = true;
    // A reset's link enrols the same account again; any other creates a new one.
    const cuenta =
      this.cuentas.find((una) => una.id === invitacion.personaId) ??
      this.agregarCuenta({ nombre: alta.nombre, correo: invitacion.correo, rol: invitacion.rol });
    cuenta.nombre = alta.nombre;
    delete cuenta.accesoPendiente;
    cuenta.contrasena = alta.contrasena;
    cuenta.codigos = Array.from({ length: 10 }, (_, indice) => `REC${indice}-${indice}${indice}${indice}${indice}`);
    this.sesion = cuenta;
    return { mensaje: 'Tu cuenta está lista.', persona: this.persona(cuenta), codigosRecuperacion: [...cuenta.codigos] };
  }

  async passkeyEnrolOptions() {
    this.anotar('passkeyEnrolOptions', []);
    this.quien();
    return {
      challenge: 'Y2hhbGxlbmdl',
      rp: { name: 'K-Beauty Perú', id: 'localhost' },
      user: { id: 'dXNlcg', name: 'ana@kbeauty.pe', displayName: 'Ana' },
      pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
    };
  }

  async enrolPasskey(respuesta: unknown, nombre?: string) {
    this.anotar('enrolPasskey', nombre === undefined ? [respuesta] : [respuesta, nombre]);
    const cuenta = this.quien();
    cuenta.passkeys += 1;
    cuenta.llaves.push({
      id: ++this.siguienteLlave,
      nombre: nombre ?? 'Passkey de este equipo',
      creada: '2026-11-29T12:00:00Z',
      ultimoUso: null,
    });
    return { mensaje: 'Agregamos tu llave de acceso.', persona: this.persona(cuenta) };
  }

  async staff() {
    this.anotar('staff', []);
    const cuenta = this.quien();
    if (cuenta.rol !== 'dueno') throw new ApiError(403, `Solo ${NOMBRE_ROL.dueno.toLowerCase()} de la tienda puede hacer esto.`);
    return {
      personas: this.cuentas.map(({ contrasena: _c, codigos: _r, passkeys: _p, llaves: _l, ...persona }) => persona),
      invitaciones: this.invitaciones
        .filter((uno) => !uno.usada)
        .map(({ token: _t, usada: _u, personaId: _p, ...invitacion }) => invitacion),
    };
  }

  async invite(datos: { correo: string; rol: Rol }) {
    this.anotar('invite', [datos]);
    const cuenta = this.duenoFresco();
    const invitacion = {
      id: this.invitaciones.length + 1,
      token: `token-${this.invitaciones.length + 1}`,
      usada: false,
      correo: datos.correo,
      rol: datos.rol,
      creada: '2026-11-29T12:00:00Z',
      expira: '2026-12-01T12:00:00Z',
      invitadaPor: cuenta.nombre,
    };
    this.invitaciones.push(invitacion);
    const { token, usada: _u, ...publica } = invitacion;
    return { mensaje: `Invitamos a ${datos.correo}.`, invitacion: publica, enlace: `http://localhost/admin/invitacion?token=${token}` };
  }

  async revokeInvitation(id: number) {
    this.anotar('revokeInvitation', [id]);
    this.duenoFresco();
    this.invitaciones = this.invitaciones.filter((uno) => uno.id !== id);
    return { mensaje: 'Anulamos la invitación.' };
  }

  async setPersonActive(id: number, activa: boolean) {
    this.anotar('setPersonActive', [id, activa]);
    this.duenoFresco();
    const cuenta = this.cuentas.find((uno) => uno.id === id)!;
    cuenta.activa = activa;
    return { mensaje: activa ? `Activamos a ${cuenta.nombre}.` : `Desactivamos a ${cuenta.nombre}.` };
  }

  async setPersonRole(id: number, rol: Rol) {
    this.anotar('setPersonRole', [id, rol]);
    this.duenoFresco();
    const cuenta = this.cuentas.find((uno) => uno.id === id)!;
    cuenta.rol = rol;
    return { mensaje: `${cuenta.nombre} ahora es ${NOMBRE_ROL[rol]}.` };
  }

  async apiKeys() {
    this.anotar('apiKeys', []);
    this.duenoFresco();
    return { claves: [...this.claves] };
  }

  async createApiKey(datos: { nombre: string; rol: Rol }) {
    this.anotar('createApiKey', [datos]);
    const cuenta = this.duenoFresco();
    const clave: ClaveApi = {
      id: this.claves.length + 1,
      nombre: datos.nombre,
      prefijo: `kbk_${this.claves.length + 1}abc…`,
      creada: '2026-11-29T12:00:00Z',
      creadaPor: cuenta.nombre,
      ultimoUso: null,
      revocada: null,
    };
    this.claves.push(clave);
    return { mensaje: `Creamos la clave «${datos.nombre}».`, clave, secreto: `kbk_${clave.id}abcsecreto` };
  }

  async revokeApiKey(id: number) {
    this.anotar('revokeApiKey', [id]);
    this.duenoFresco();
    this.claves.find((uno) => uno.id === id)!.revocada = '2026-11-29T12:00:00Z';
    return { mensaje: 'Revocamos la clave.' };
  }

  // A person's own account and the owner's reset.
  /** The signed-in person (any role) with a fresh sign-in, or the API's 401/403. */
  private fresco(): Cuenta {
    const cuenta = this.quien();
    if (!this.fresca) throw new ApiError(403, MENSAJE_REAUTENTICAR);
    return cuenta;
  }

  async changePassword(datos: { actual: string; nueva: string }) {
    this.anotar('changePassword', [datos]);
    const cuenta = this.fresco();
    if (datos.actual !== cuenta.contrasena) throw new ApiError(401, 'La contraseña actual no es correcta.');
    if (datos.nueva.length < 12) throw new ApiError(400, 'La contraseña debe tener al menos 12 caracteres.');
    if (datos.nueva === datos.actual) throw new ApiError(400, 'La nueva contraseña debe ser distinta de la actual.');
    cuenta.contrasena = datos.nueva;
    return { mensaje: 'Cambiaste tu contraseña. Cerramos tus otras 1 sesión(es).', persona: this.persona(cuenta) };
  }

  async regenerateRecoveryCodes() {
    this.anotar('regenerateRecoveryCodes', []);
    const cuenta = this.fresco();
    cuenta.codigos = Array.from({ length: 10 }, (_, indice) => `NUEV-${String(indice).padStart(4, '0')}`);
    return {
      mensaje: 'Estos son tus nuevos códigos de recuperación. Guárdalos ahora: no volverán a mostrarse y los anteriores ya no sirven.',
      codigosRecuperacion: [...cuenta.codigos],
      persona: this.persona(cuenta),
    };
  }

  async myPasskeys() {
    this.anotar('myPasskeys', []);
    return { passkeys: this.quien().llaves.map((llave) => ({ ...llave })) };
  }

  async removePasskey(id: number) {
    this.anotar('removePasskey', [id]);
    const cuenta = this.fresco();
    const llave = cuenta.llaves.find((una) => una.id === id);
    if (!llave) throw new ApiError(404, `No tienes una passkey N.° ${id}.`);
    cuenta.llaves = cuenta.llaves.filter((una) => una !== llave);
    cuenta.passkeys = cuenta.llaves.length;
    return { mensaje: `Quitamos la passkey "${llave.nombre}": ya no sirve para ingresar.`, persona: this.persona(cuenta) };
  }

  async resetAccess(id: number) {
    this.anotar('resetAccess', [id]);
    const dueno = this.duenoFresco();
    const cuenta = this.cuentas.find((una) => una.id === id);
    if (!cuenta) throw new ApiError(404, `No existe la persona N.° ${id}.`);
    if (cuenta === dueno)
      throw new ApiError(409, 'No puedes restablecer tu propio acceso: cambia tu contraseña o tus códigos en Mi cuenta.');
    if (!cuenta.activa) throw new ApiError(409, `La cuenta de ${cuenta.nombre} está desactivada: actívala antes de restablecer su acceso.`);
    cuenta.codigos = [];
    cuenta.llaves = [];
    cuenta.passkeys = 0;
    cuenta.contrasena = '';
    cuenta.accesoPendiente = true;
    for (const vieja of this.invitaciones) if (vieja.correo === cuenta.correo) vieja.usada = true;
    const invitacion = {
      id: this.invitaciones.length + 1,
      token: `token-${this.invitaciones.length + 1}`,
      usada: false,
      personaId: cuenta.id,
      correo: cuenta.correo,
      rol: cuenta.rol,
      creada: '2026-11-29T12:00:00Z',
      expira: '2026-12-01T12:00:00Z',
      invitadaPor: dueno.nombre,
    };
    this.invitaciones.push(invitacion);
    const { token, usada: _u, personaId: _p, ...publica } = invitacion;
    return {
      mensaje: `Restablecimos el acceso de ${cuenta.nombre}. Le enviamos un enlace nuevo que vence en 48 horas.`,
      invitacion: publica,
      enlace: `http://localhost/admin/invitacion?token=${token}`,
    };
  }

  // The orders desk and the home.
  async home() {
    this.anotar('home', []);
    this.quien();
    return this.inicio;
  }

  /** A row of the list as the desk shows it. */
  fila(pedido: DetallePedidoBackoffice): FilaPedido {
    return {
      idVenta: pedido.idVenta,
      fecha: pedido.fecha,
      estado: pedido.estado,
      cliente: `${pedido.cliente.nombre} ${pedido.cliente.apellido}`,
      correo: pedido.cliente.correo,
      total: pedido.total,
      recojo: pedido.recojo,
      metodo_envio: pedido.metodo_envio,
      productos: pedido.productos_comprados,
      metodo_pago: pedido.metodo_pago,
      documento: pedido.cliente.documento_numero,
      distrito: pedido.recojo ? '' : 'Miraflores',
      edadHoras: 30,
      atrasado: pedido.estado === 'PENDIENTE' && pedido.pagado,
      courier: pedido.seguimiento?.courier ?? null,
      guia: pedido.seguimiento?.guia ?? null,
      resumen: pedido.productos.map((linea) => `${linea.nombreProducto} ×${linea.cantidad}`).join(', '),
      ...(pedido.alerta ? { alerta: pedido.alerta } : {}),
    };
  }

  async ordersPage(filtro: FiltroPedidos) {
    this.anotar('ordersPage', [filtro]);
    this.quien();
    const q = filtro.q?.toLowerCase();
    const elegidos = this.pedidos.filter(
      (pedido) =>
        (!filtro.estado || filtro.estado.includes(pedido.estado)) &&
        (filtro.vista !== 'por-preparar' || (pedido.estado === 'PENDIENTE' && pedido.pagado)) &&
        (filtro.vista !== 'por-enviar' || (pedido.estado === 'EN PREPARACION' && !pedido.recojo)) &&
        (filtro.vista !== 'recojo' || pedido.recojo) &&
        (!filtro.entrega || pedido.recojo === (filtro.entrega === 'recojo')) &&
        (!filtro.metodo || pedido.metodo_pago === filtro.metodo) &&
        (!q ||
          String(pedido.idVenta) === q ||
          `${pedido.cliente.nombre} ${pedido.cliente.correo} ${pedido.cliente.documento_numero}`.toLowerCase().includes(q)),
    );
    const porPagina = filtro.porPagina ?? 25;
    const pagina = filtro.pagina ?? 1;
    return {
      pedidos: elegidos.slice((pagina - 1) * porPagina, pagina * porPagina).map((pedido) => this.fila(pedido)),
      total: elegidos.length,
      pagina,
      porPagina,
    };
  }

  async order(id: number) {
    this.anotar('order', [id]);
    this.quien();
    return { pedido: structuredClone(this.pedido(id)) };
  }

  async moveOrder(id: number, cambio: CambioEstadoPedido) {
    this.anotar('moveOrder', [id, cambio]);
    const cuenta = this.quien();
    const pedido = this.pedido(id);
    if (cambio.estado === 'CANCELADO' && pedido.pagado) throw new ApiError(409, 'Un pedido pagado se cancela con su reembolso.');
    this.mover(pedido, cambio.estado, cuenta.nombre, cambio.nota);
    if (cambio.estado === 'EN TRANSITO') pedido.seguimiento = { courier: cambio.courier!, guia: cambio.guia!, url: null };
    return { mensaje: `El pedido ${id} pasó a ${cambio.estado}.`, pedido: structuredClone(pedido) };
  }

  async moveOrders(lote: LotePedidos) {
    this.anotar('moveOrders', [lote]);
    const cuenta = this.quien();
    const resultados = lote.ids.map((idVenta) => {
      try {
        const pedido = this.pedido(idVenta);
        this.mover(pedido, lote.estado, cuenta.nombre);
        const envio = lote.envios?.find((uno) => uno.idVenta === idVenta);
        if (envio) pedido.seguimiento = { courier: envio.courier, guia: envio.guia, url: null };
        return { idVenta, ok: true, mensaje: 'Listo.' };
      } catch (error) {
        return { idVenta, ok: false, mensaje: (error as ApiError).message };
      }
    });
    return { mensaje: `${resultados.filter((uno) => uno.ok).length} de ${resultados.length} pedidos actualizados.`, resultados };
  }

  async correctTracking(id: number, cambio: { courier: string; guia: string; avisar?: boolean }) {
    this.anotar('correctTracking', [id, cambio]);
    this.quien();
    const pedido = this.pedido(id);
    pedido.seguimiento = { courier: cambio.courier, guia: cambio.guia, url: null };
    return { mensaje: 'Corregimos la guía.', pedido: structuredClone(pedido) };
  }

  async resendOrderEmail(id: number) {
    this.anotar('resendOrderEmail', [id]);
    this.quien();
    this.pedido(id);
    return { mensaje: 'Reenviamos el último correo al cliente.' };
  }

  async addOrderNote(id: number, texto: string) {
    this.anotar('addOrderNote', [id, texto]);
    const cuenta = this.quien();
    const pedido = this.pedido(id);
    const nota = { id: pedido.notasInternas.length + 1, fecha: '2026-11-29T12:00:00Z', autor: cuenta.nombre, texto };
    pedido.notasInternas = [...pedido.notasInternas, nota];
    return { mensaje: 'Guardamos la nota.', nota };
  }

  async packingSlips(ids: number[]) {
    this.anotar('packingSlips', [ids]);
    this.quien();
    return { pedidos: ids.map((id) => structuredClone(this.pedido(id))) };
  }

  // Refunds and returns.
  async refundOrder(id: number, datos: { motivo: string }) {
    this.anotar('refundOrder', [id, datos]);
    const cuenta = this.duenoFresco();
    const pedido = this.pedido(id);
    if (!pedido.acciones.includes('reembolsar')) throw new ApiError(409, 'Este pedido no se puede reembolsar.');
    pedido.estado = 'CANCELADO';
    pedido.siguientes = [];
    pedido.acciones = [];
    pedido.pasos = [...pedido.pasos, { estado: 'CANCELADO', fecha: '2026-11-29T12:00:00Z', nota: datos.motivo, actor: cuenta.nombre }];
    return { mensaje: `Reembolsamos S/ ${pedido.total.toFixed(2)}.`, pedido: structuredClone(pedido) };
  }

  async returnLines(id: number, devolucion: Devolucion) {
    this.anotar('returnLines', [id, devolucion]);
    this.duenoFresco();
    const pedido = this.pedido(id);
    if (!pedido.acciones.includes('devolver')) throw new ApiError(409, 'Este pedido no admite devoluciones.');
    return { mensaje: 'Registramos la devolución.', pedido: structuredClone(pedido) };
  }

  // Transfers.
  async confirmTransfer(id: number, datos: { operacion: string }) {
    this.anotar('confirmTransfer', [id, datos]);
    this.quien();
    const pedido = this.pedido(id);
    if (pedido.pagado) throw new ApiError(409, 'Este pedido ya está pagado.');
    pedido.pagado = true;
    pedido.acciones = pedido.acciones.filter((accion) => accion !== 'confirmar-transferencia');
    return { mensaje: 'Confirmamos el pago.', pedido: structuredClone(pedido) };
  }

  // The day's books: complaints, reviews, receipts and stock (sample data: libros-falsos.ts).
  reclamosHojas: ReclamoOperador[] = [];
  resenasLista: ResenaOperador[] = [];
  comprobantesLista: DetalleComprobanteOperador[] = [];
  productosStock: FilaStock[] = [];
  umbralStock = 3;

  private hoja(numero: string): ReclamoOperador {
    const hoja = this.reclamosHojas.find((uno) => uno.numero === numero);
    if (!hoja) throw new ApiError(404, `No existe la hoja de reclamación ${numero}.`);
    return hoja;
  }

  async reclamos(estado?: FiltroReclamo) {
    this.anotar('reclamos', [estado]);
    this.quien();
    const elegidas = this.reclamosHojas.filter((hoja) =>
      estado === 'vencido' ? hoja.alerta === 'vencido' : !estado || hoja.estado === estado,
    );
    return { reclamos: structuredClone(elegidas.sort((a, b) => a.plazo.localeCompare(b.plazo))) };
  }

  async reclamo(numero: string) {
    this.anotar('reclamo', [numero]);
    this.quien();
    return { reclamo: structuredClone(this.hoja(numero)) };
  }

  async answerReclamo(numero: string, texto: string) {
    this.anotar('answerReclamo', [numero, texto]);
    this.quien();
    const hoja = this.hoja(numero);
    if (texto.trim().length < 10) throw new ApiError(400, 'La respuesta es demasiado corta: escribe al menos 10 caracteres.');
    if (hoja.respuesta) throw new ApiError(409, `La hoja de reclamación ${numero} ya fue respondida: la respuesta no se cambia.`);
    Object.assign(hoja, {
      estado: 'respondido',
      respuesta: { texto: texto.trim(), fecha: '2026-11-29T12:00:00Z' },
      alerta: null,
      respondidoPor: this.quien().nombre,
    });
    return {
      mensaje: `Respuesta registrada en la hoja ${numero}. La enviaremos a ${hoja.consumidor.correo} por correo.`,
      reclamo: structuredClone(hoja),
    };
  }

  async reclamosCsv(estado?: FiltroReclamo) {
    this.anotar('reclamosCsv', [estado]);
    this.duenoFresco();
    const filas = this.reclamosHojas.filter((hoja) => !estado || hoja.estado === estado).map((hoja) => `${hoja.numero},${hoja.estado}`);
    return new TextEncoder().encode(`\uFEFFnumero,estado\n${filas.join('\n')}\n`);
  }

  /** The closes the screen reads, by period ('desde…hasta'); a period not set here is an empty close. */
  cierres = new Map<string, import('../../lib/api/cierre-schemas.ts').Cierre>();

  async cierre({ desde, hasta = desde }: import('../../lib/api/cierre-schemas.ts').ConsultaCierre) {
    this.anotar('cierre', [desde, hasta]);
    this.quien();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(desde)) throw new ApiError(400, 'Indica la fecha como AAAA-MM-DD (por ejemplo 2026-11-28).');
    return structuredClone(this.cierres.get(`${desde}…${hasta}`) ?? cierreVacio(desde, hasta));
  }

  async ventasPorDia(dias: number) {
    this.anotar('ventasPorDia', [dias]);
    this.quien();
    const hoy = '2026-11-29';
    const dia = (i: number) => new Date(Date.parse(`${hoy}T00:00:00Z`) - (dias - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return {
      desde: dia(0),
      hasta: hoy,
      dias: Array.from({ length: dias }, (_, i) => ({ dia: dia(i), pedidos: i % 3, total: (i % 3) * 4_590 })),
    };
  }

  async cierreCsv(
    tabla: import('../../lib/api/cierre-schemas.ts').TablaCierre,
    consulta: import('../../lib/api/cierre-schemas.ts').ConsultaCierre & { dias?: number },
  ) {
    this.anotar('cierreCsv', [tabla, consulta]);
    this.duenoFresco();
    return new TextEncoder().encode(`\uFEFFtabla\n${tabla}\n`);
  }

  private resenaDe(id: number): ResenaOperador {
    const resena = this.resenasLista.find((uno) => uno.id === id);
    if (!resena) throw new ApiError(404, `No existe la reseña N.° ${id}.`);
    return resena;
  }

  async resenas(estado?: EstadoResena) {
    this.anotar('resenas', [estado]);
    this.quien();
    const elegidas = this.resenasLista.filter((resena) => !estado || resena.estado === estado);
    return { resenas: structuredClone(elegidas.sort((a, b) => a.creada.localeCompare(b.creada) || a.id - b.id)) };
  }

  async moderateResena(id: number, accion: AccionResena, motivo?: string) {
    this.anotar('moderateResena', motivo === undefined ? [id, accion] : [id, accion, motivo]);
    const cuenta = this.quien();
    const resena = this.resenaDe(id);
    const hacia = ({ aprobar: 'APROBADA', rechazar: 'RECHAZADA', ocultar: 'OCULTA', mostrar: 'APROBADA' } as const)[accion];
    const palabra = { PENDIENTE: 'por moderar', APROBADA: 'publicada', RECHAZADA: 'rechazada', OCULTA: 'oculta' }[resena.estado];
    if (resena.estado === hacia) throw new ApiError(409, `La reseña N.° ${id} ya está ${palabra}.`);
    Object.assign(resena, {
      estado: hacia,
      moderada: '2026-11-29T12:00:00Z',
      operador: cuenta.nombre,
      motivo: motivo ?? null,
      foto: hacia === 'APROBADA' && resena.fotoOperador ? `/imagenes/resenas/r${id}.webp` : hacia === 'RECHAZADA' ? null : resena.foto,
      fotoOperador: hacia === 'RECHAZADA' ? null : resena.fotoOperador,
    });
    const mensajes = {
      aprobar: `Publicamos la reseña N.° ${id}.`,
      rechazar: `Rechazamos la reseña N.° ${id}: no se publicará.`,
      ocultar: `Ocultamos la reseña N.° ${id}.`,
      mostrar: `La reseña N.° ${id} se muestra de nuevo.`,
    };
    return { mensaje: mensajes[accion], resena: structuredClone(resena) };
  }

  private comprobanteDe(numero: string): DetalleComprobanteOperador {
    const comprobante = this.comprobantesLista.find((uno) => uno.numero === numero);
    if (!comprobante) throw new ApiError(404, `No existe el comprobante ${numero}.`);
    // What the operator may do follows its state, as the API says it each time.
    comprobante.acciones = accionesPermitidas(comprobante, comprobante.reemplazadoPor);
    return comprobante;
  }

  /** The list's filter over the fake's receipts (the dates by their UTC day: the fakes are issued mid-morning). */
  async comprobantesPage(filtro: FiltroComprobantes = {}) {
    this.anotar('comprobantesPage', [filtro]);
    this.quien();
    const cumple = (uno: DetalleComprobanteOperador) => {
      const dia = uno.emitido.slice(0, 10);
      const estado =
        filtro.estado === 'por-atender'
          ? uno.estado === 'pendiente' || (uno.estado === 'rechazado' && !uno.reemplazadoPor)
          : filtro.estado === 'observado'
            ? uno.estado === 'aceptado' && uno.observaciones !== null
            : filtro.estado === 'aceptado'
              ? uno.estado === 'aceptado' && uno.observaciones === null
              : !filtro.estado || uno.estado === filtro.estado;
      return (
        estado &&
        (!filtro.serie || uno.numero.startsWith(`${filtro.serie}-`)) &&
        (!filtro.tipo || uno.tipo === TIPOS_FILTRO_COMPROBANTE[filtro.tipo]) &&
        (!filtro.desde || dia >= filtro.desde) &&
        (!filtro.hasta || dia <= filtro.hasta)
      );
    };
    const elegidos = this.comprobantesLista
      .map((uno) => this.comprobanteDe(uno.numero))
      .filter(cumple)
      .sort((a, b) => b.emitido.localeCompare(a.emitido));
    const porPagina = filtro.porPagina ?? 200;
    const pagina = filtro.pagina ?? 1;
    return {
      comprobantes: structuredClone(elegidos.slice((pagina - 1) * porPagina, pagina * porPagina)),
      total: elegidos.length,
      pagina,
      porPagina,
    };
  }

  /** The month's register: the owner with a fresh sign-in, or the API's 403s. */
  async exportSalesRegister(mes: string): Promise<ArchivoExportado> {
    this.anotar('exportSalesRegister', [mes]);
    this.duenoFresco();
    const filas = this.comprobantesLista.filter((uno) => uno.emitido.startsWith(mes));
    const texto = [
      'Fecha de emisión,Serie,Número,Importe total',
      ...filas.map((uno) => `${uno.emitido},${uno.numero.replace('-', ',')},${uno.total}`),
    ];
    return { nombre: `registro-de-ventas-${mes}.csv`, datos: new Blob([`\uFEFF${texto.join('\r\n')}`], { type: 'text/csv' }) };
  }

  async comprobantes(estado?: EstadoComprobanteWire) {
    this.anotar('comprobantes', [estado]);
    this.quien();
    const elegidos = this.comprobantesLista.filter((uno) => !estado || uno.estado === estado);
    return {
      comprobantes: structuredClone(elegidos.sort((a, b) => b.emitido.localeCompare(a.emitido))).map(
        ({
          items: _i,
          gravada: _g,
          igv: _v,
          descuentos: _d,
          motivo: _m,
          notas: _n,
          clienteCorregido: _k,
          actualizado: _a,
          trabajos: _t,
          ...fila
        }) => ({
          ...fila,
          cliente: {
            tipoDocumento: fila.cliente.tipoDocumento,
            numeroDocumento: fila.cliente.numeroDocumento,
            denominacion: fila.cliente.denominacion,
          },
        }),
      ),
    };
  }

  async comprobante(numero: string) {
    this.anotar('comprobante', [numero]);
    this.quien();
    return { comprobante: structuredClone(this.comprobanteDe(numero)) };
  }

  async retryComprobante(numero: string) {
    this.anotar('retryComprobante', [numero]);
    this.quien();
    const comprobante = this.comprobanteDe(numero);
    if (comprobante.estado === 'aceptado') throw new ApiError(409, `El comprobante ${numero} ya fue aceptado por SUNAT: no se reintenta.`);
    if (comprobante.reemplazadoPor)
      throw new ApiError(409, `El comprobante ${numero} fue rechazado por SUNAT y ya lo reemplaza ${comprobante.reemplazadoPor}.`);
    if (comprobante.estado === 'pendiente') {
      comprobante.trabajos = [
        ...comprobante.trabajos,
        {
          clave: `emitir-comprobante:${numero}:reintento-1`,
          creado: '2026-11-29T12:00:00Z',
          intentos: 0,
          maxIntentos: 8,
          terminado: null,
          proximo: '2026-11-29T12:00:00Z',
          ultimoError: null,
        },
      ];
      return { mensaje: `Reenviamos el comprobante ${numero} con el mismo número.`, comprobante: structuredClone(comprobante) };
    }
    const [serie] = numero.split('-');
    const nuevo = `${serie}-${String(this.comprobantesLista.length + 100).padStart(8, '0')}`;
    comprobante.reemplazadoPor = nuevo;
    const reemplazo: DetalleComprobanteOperador = {
      ...structuredClone(comprobante),
      numero: nuevo,
      estado: 'pendiente',
      mensaje: null,
      reemplaza: numero,
      reemplazadoPor: null,
      cliente: { ...comprobante.cliente, ...(comprobante.clienteCorregido ?? {}) },
      clienteCorregido: null,
      trabajos: [],
    };
    this.comprobantesLista.push(reemplazo);
    return {
      mensaje: `El comprobante ${numero} se reemplaza con ${nuevo}, que enviamos a SUNAT.`,
      comprobante: structuredClone(reemplazo),
    };
  }

  async correctComprobanteCliente(numero: string, cliente: CorreccionClienteWire) {
    this.anotar('correctComprobanteCliente', [numero, cliente]);
    this.quien();
    const comprobante = this.comprobanteDe(numero);
    if (comprobante.estado !== 'rechazado' || comprobante.reemplazadoPor)
      throw new ApiError(409, `El comprobante ${numero} no está rechazado sin reemplazo: sus datos no se corrigen.`);
    if ('ruc' in cliente) {
      if (!/^(10|20)\d{9}$/.test(cliente.ruc)) throw new ApiError(400, 'El RUC debe tener 11 dígitos y empezar con 10 o 20.');
      comprobante.clienteCorregido = {
        ...comprobante.cliente,
        tipoDocumento: '6',
        numeroDocumento: cliente.ruc,
        denominacion: cliente.razon_social,
        direccion: cliente.direccion_fiscal ?? comprobante.cliente.direccion,
      };
    } else {
      if (cliente.documento_tipo === 'DNI' && !/^\d{8}$/.test(cliente.documento_numero))
        throw new ApiError(400, 'El DNI debe tener 8 dígitos.');
      const tipos = { DNI: '1', CARNET_EXTRANJERIA: '4', PASAPORTE: '7' } as const;
      comprobante.clienteCorregido = {
        ...comprobante.cliente,
        tipoDocumento: tipos[cliente.documento_tipo],
        numeroDocumento: cliente.documento_numero,
      };
    }
    return {
      mensaje: `Corregimos los datos del comprador del comprobante ${numero}. Reinténtalo para emitir su reemplazo.`,
      comprobante: structuredClone(comprobante),
    };
  }

  async stockProducts(filtro: { stock: FiltroStock; pagina?: number }) {
    this.anotar('stockProducts', [filtro]);
    this.quien();
    const pagina = filtro.pagina ?? 1;
    const porPagina = 50;
    const elegidos =
      filtro.stock === 'agotado'
        ? this.productosStock
            .filter((p) => p.stock === 0 && (p.visible || p.avisos > 0))
            .sort((a, b) => b.avisos - a.avisos || a.nombre.localeCompare(b.nombre))
        : this.productosStock
            .filter((p) => p.visible && p.stock > 0 && p.stock <= this.umbralStock)
            .sort((a, b) => a.stock - b.stock || a.nombre.localeCompare(b.nombre));
    return {
      filtro: filtro.stock,
      umbral: this.umbralStock,
      productos: structuredClone(elegidos.slice((pagina - 1) * porPagina, pagina * porPagina)),
      total: elegidos.length,
      pagina,
      porPagina,
    };
  }

  async updateProduct(ref: string, cambio: { stock: number }) {
    this.anotar('updateProduct', [ref, cambio]);
    this.quien();
    const producto = this.productosStock.find((p) => String(p.idProducto) === ref);
    if (!producto) throw new ApiError(404, `No existe el producto ${ref} (indica su idProducto o su SKU).`);
    if (!Number.isInteger(cambio.stock) || cambio.stock < 0) throw new ApiError(400, 'El stock debe ser un número entero de 0 o más.');
    const antes = producto.stock;
    producto.stock = cambio.stock;
    return {
      mensaje: `Producto ${ref} (${producto.nombre}): stock ${antes} → stock ${cambio.stock}.`,
      // Only what the Stock screen reads of the answer (its message); the rest of the product is the API's.
      producto: { idProducto: producto.idProducto, nombre: producto.nombre, stock: producto.stock } as unknown as ProductoOperador,
    };
  }

  // Catalogue: the product list, the form, archive, duplicate and export (issue 37).
  opcionesCatalogo: import('../../lib/api/productos-schemas.ts').OpcionesCatalogo = {
    marcas: [
      { id: 1, nombre: 'Anua' },
      { id: 2, nombre: 'COSRX' },
    ],
    lineas: [{ id: 1, nombre: 'Cuidado' }],
    categorias: [
      { id: 1, nombre: 'Limpieza', lineaId: 1 },
      { id: 2, nombre: 'Serúm', lineaId: 1 },
    ],
    hijas: [{ id: 1, nombre: 'Aceites limpiadores', categoriaId: 1 }],
  };
  catalogo: import('../../lib/api/productos-schemas.ts').ProductoEditable[] = [];
  /** Audit entries by product id, newest first. */
  auditoriaCatalogo = new Map<number, import('../../lib/api/productos-schemas.ts').EntradaAuditoriaProducto[]>();

  /** A product of the fake catalogue with sensible defaults. */
  agregarProducto(cambios: Partial<import('../../lib/api/productos-schemas.ts').ProductoEditable> = {}) {
    const idProducto = cambios.idProducto ?? Math.max(0, ...this.catalogo.map((p) => p.idProducto)) + 1;
    const producto = {
      sku: `SKU-${idProducto}`,
      nombre: `Producto ${idProducto}`,
      descripcion: '',
      precio: 50,
      descuento: 0,
      descuentoN: 0,
      descuentoDesde: null,
      descuentoHasta: null,
      fotos: [],
      newores: '',
      etiquetalogo: '',
      marca: 'Anua',
      linea: 'Cuidado',
      categoria: 'Limpieza',
      child: '',
      colores: '',
      tamaños: '',
      stock: 10,
      stock_total: 10,
      modouso: 'No especificado.',
      beneficios: 'No especificado.',
      ingredientes: 'No especificado.',
      fechaLlegada: null,
      sedes: '',
      tipo_piel: '',
      edad: '',
      inquietud_piel: '',
      esSet: false,
      visible: true,
      archivado: null,
      fechaAgregado: '2026-11-20T12:00:00Z',
      ...cambios,
      idProducto,
    };
    this.catalogo.push(producto);
    return producto;
  }

  private productoCatalogo(ref: number | string) {
    const producto = this.catalogo.find((p) => String(p.idProducto) === String(ref) || p.sku === String(ref));
    if (!producto) throw new ApiError(404, `No existe el producto ${ref} (indica su idProducto o su SKU).`);
    return producto;
  }

  private auditarProducto(id: number, accion: string, antes: Record<string, unknown> | null, despues: Record<string, unknown> | null) {
    const lista = this.auditoriaCatalogo.get(id) ?? [];
    lista.unshift({ id: lista.length + 1, fecha: '2026-11-29T12:00:00Z', operador: this.quien().nombre, accion, antes, despues });
    this.auditoriaCatalogo.set(id, lista);
  }

  /** The form's values on a product, or the API's per-field refusal (a few of the import's rules). */
  private aplicarFormulario(
    producto: import('../../lib/api/productos-schemas.ts').ProductoEditable,
    datos: import('../../lib/api/productos-schemas.ts').ProductoFormulario,
  ) {
    const errores: Record<string, string> = {};
    const texto = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
    if ('nombre' in datos && !texto(datos.nombre)) errores.nombre = 'Falta el nombre.';
    const precio = texto(datos.precio).replace(',', '.');
    if ('precio' in datos && !precio) errores.precio = 'Falta el precio.';
    else if ('precio' in datos && !/^\d+(\.\d{1,2})?$/.test(precio)) errores.precio = 'El precio debe ser un número (por ejemplo 49.90).';
    if ('marca' in datos && !texto(datos.marca)) errores.marca = 'Falta la marca.';
    if ('categoria' in datos && !texto(datos.categoria)) errores.categoria = 'Falta la categoría.';
    if (datos.stock !== undefined && datos.stockLeido !== undefined && datos.stockLeido !== producto.stock)
      throw new ErrorFormularioApi(409, `El stock cambió mientras editabas (ahora ${producto.stock}).`, {
        stock: `El stock cambió mientras editabas (ahora ${producto.stock}).`,
      });
    if (Object.keys(errores).length) throw new ErrorFormularioApi(400, Object.values(errores)[0], errores);
    const cambios: Record<string, unknown> = {};
    for (const [clave, valor] of Object.entries(datos)) {
      if (clave === 'stockLeido' || clave === 'motivoStock') continue;
      const numero = ['precio', 'descuento', 'descuentoN', 'stock', 'stock_total'].includes(clave);
      const nuevo = numero ? Number(texto(valor).replace(',', '.') || 0) : valor;
      const antes = (producto as unknown as Record<string, unknown>)[clave];
      // As the API reads a form: a blank date is none, a blank text 'No especificado.' where the shop writes it.
      const plano = (v: unknown) =>
        v === null || v === undefined || v === 'No especificado.' ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
      if (plano(antes) !== plano(nuevo)) cambios[clave] = nuevo;
    }
    Object.assign(producto, cambios);
    if (typeof cambios.stock === 'number' && producto.stock_total < cambios.stock) producto.stock_total = cambios.stock;
    return Object.keys(cambios);
  }

  async catalogueProducts(filtro: import('../../lib/api/catalogo-schemas.ts').FiltroCatalogoConsulta & { pagina?: number }) {
    this.anotar('catalogueProducts', [filtro]);
    this.quien();
    const plano = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const palabras = plano(filtro.q ?? '')
      .split(/\s+/)
      .filter(Boolean);
    const marca = this.opcionesCatalogo.marcas.find((m) => String(m.id) === filtro.marca)?.nombre;
    const elegidos = this.catalogo
      .filter((p) => (filtro.archivados === 'todos' ? true : filtro.archivados === 'solo' ? p.archivado !== null : p.archivado === null))
      .filter((p) => palabras.every((w) => plano(`${p.sku ?? ''} ${p.nombre} ${p.marca}`).includes(w)))
      .filter((p) => !filtro.marca || p.marca === marca)
      .filter((p) => filtro.stock !== 'agotado' || p.stock === 0)
      .filter((p) => filtro.stock !== 'bajo' || (p.stock > 0 && p.stock <= 3))
      .filter((p) => filtro.stock !== 'disponible' || p.stock > 3)
      .sort((a, b) => b.idProducto - a.idProducto);
    const pagina = filtro.pagina ?? 1;
    const porPagina = 50;
    return {
      productos: elegidos.slice((pagina - 1) * porPagina, pagina * porPagina).map((p) => ({
        idProducto: p.idProducto,
        sku: p.sku,
        nombre: p.nombre,
        marca: p.marca,
        categoria: p.categoria,
        child: p.child,
        img: p.fotos[0]?.url ?? '',
        precio: p.precio,
        descuento: p.descuento,
        descuentoN: p.descuentoN,
        descuentoDesde: p.descuentoDesde,
        descuentoHasta: p.descuentoHasta,
        stock: p.stock,
        stock_total: p.stock_total,
        newores: p.newores,
        visible: p.visible,
        archivado: p.archivado,
      })),
      total: elegidos.length,
      pagina,
      porPagina,
    };
  }

  async catalogueOptions() {
    this.anotar('catalogueOptions', []);
    this.quien();
    return structuredClone(this.opcionesCatalogo);
  }

  async catalogueProduct(ref: number | string) {
    this.anotar('catalogueProduct', [ref]);
    this.quien();
    return structuredClone(this.productoCatalogo(ref));
  }

  async createProduct(datos: import('../../lib/api/productos-schemas.ts').ProductoFormulario) {
    this.anotar('createProduct', [datos]);
    this.quien();
    const borrador = this.agregarProducto({ nombre: '' });
    this.catalogo.pop();
    this.aplicarFormulario(borrador, { nombre: '', precio: '', marca: '', categoria: '', ...datos });
    this.catalogo.push(borrador);
    this.auditarProducto(borrador.idProducto, 'producto.crear', null, { nombre: borrador.nombre, precio: borrador.precio });
    return { mensaje: `Producto ${borrador.idProducto} creado: ${borrador.nombre}.`, producto: structuredClone(borrador) };
  }

  async saveProduct(ref: number | string, datos: import('../../lib/api/productos-schemas.ts').ProductoFormulario) {
    this.anotar('saveProduct', [ref, datos]);
    this.quien();
    const producto = this.productoCatalogo(ref);
    const antes = structuredClone(producto) as unknown as Record<string, unknown>;
    const campos = this.aplicarFormulario(producto, datos);
    if (campos.length === 0)
      return { mensaje: `Sin cambios: el producto ${producto.idProducto} ya tenía esos valores.`, producto: structuredClone(producto) };
    const ahora = producto as unknown as Record<string, unknown>;
    this.auditarProducto(
      producto.idProducto,
      'producto.editar',
      Object.fromEntries(campos.map((c) => [c, antes[c]])),
      Object.fromEntries(campos.map((c) => [c, ahora[c]])),
    );
    return { mensaje: `Producto ${producto.idProducto} guardado (${campos.join(', ')}).`, producto: structuredClone(producto) };
  }

  async duplicateProduct(ref: number | string) {
    this.anotar('duplicateProduct', [ref]);
    this.quien();
    const original = this.productoCatalogo(ref);
    const copia = this.agregarProducto({
      ...structuredClone(original),
      idProducto: undefined,
      nombre: `${original.nombre} (copia)`,
      sku: null,
      stock: 0,
      stock_total: 0,
      visible: false,
    });
    this.auditarProducto(copia.idProducto, 'producto.duplicar', null, { de: `producto ${original.idProducto}` });
    return {
      mensaje: `Copia creada: producto ${copia.idProducto}, oculta en la tienda y sin stock; dale su sku y revísala.`,
      producto: structuredClone(copia),
    };
  }

  async archiveProduct(ref: number | string) {
    this.anotar('archiveProduct', [ref]);
    this.quien();
    const producto = this.productoCatalogo(ref);
    if (producto.archivado) throw new ApiError(409, `El producto ${producto.idProducto} ya está archivado.`);
    this.auditarProducto(producto.idProducto, 'producto.archivar', { archivado: null, visible: producto.visible }, { visible: false });
    Object.assign(producto, { archivado: '2026-11-29T12:00:00Z', visible: false });
    return {
      mensaje: `Producto ${producto.idProducto} archivado: ya no se muestra en la tienda; sus pedidos y comprobantes lo conservan.`,
      producto: structuredClone(producto),
    };
  }

  async restoreProduct(ref: number | string) {
    this.anotar('restoreProduct', [ref]);
    this.quien();
    const producto = this.productoCatalogo(ref);
    if (!producto.archivado) throw new ApiError(409, `El producto ${producto.idProducto} no está archivado.`);
    this.auditarProducto(producto.idProducto, 'producto.restaurar', { archivado: producto.archivado }, { archivado: null });
    producto.archivado = null;
    return {
      mensaje: `Producto ${producto.idProducto} restaurado: sigue oculto en la tienda hasta que lo marques visible.`,
      producto: structuredClone(producto),
    };
  }

  /** The shop's whole audit trail, newest first (the Auditoría screen filters it as the API does). */
  auditoriaTienda: import('../../lib/api/operator-schemas.ts').EntradaAuditoria[] = [];

  async auditTrail(consulta: import('../../lib/api/auditoria-schemas.ts').ConsultaAuditoria) {
    this.anotar('auditTrail', [consulta]);
    const cuenta = this.quien();
    if (cuenta.rol !== 'dueno') throw new ApiError(403, 'Solo dueña o dueño de la tienda puede hacer esto.');
    const limite = Number(consulta.limite ?? 50);
    const pagina = consulta.pagina ?? 1;
    const elegidas = this.auditoriaTienda.filter(
      (entrada) =>
        (!consulta.persona || entrada.operador === consulta.persona) &&
        (!consulta.accion || entrada.accion === consulta.accion) &&
        (!consulta.pedido || entrada.objetivo === `pedido ${consulta.pedido}`) &&
        (!consulta.producto || entrada.objetivo.startsWith(`producto ${consulta.producto}`)) &&
        (!consulta.desde || entrada.fecha.slice(0, 10) >= consulta.desde) &&
        (!consulta.hasta || entrada.fecha.slice(0, 10) <= consulta.hasta),
    );
    return {
      entradas: structuredClone(elegidas.slice((pagina - 1) * limite, pagina * limite)),
      total: elegidas.length,
      pagina,
      limite,
      personas: [...new Set(this.auditoriaTienda.map((entrada) => entrada.operador))].sort(),
      acciones: [...new Set(this.auditoriaTienda.map((entrada) => entrada.accion))].sort(),
    };
  }

  async productAudit(ref: number | string) {
    this.anotar('productAudit', [ref]);
    this.quien();
    const producto = this.productoCatalogo(ref);
    return { entradas: structuredClone(this.auditoriaCatalogo.get(producto.idProducto) ?? []) };
  }

  // Photos and the import in the browser (issue 37).
  /** Photos the fake store took, by URL (the API's re-encoding is tested in tests/api). */
  fotosSubidas = new Map<string, string>();
  /** File names whose upload the fake refuses, with the API's Spanish message. */
  fotosRechazadas = new Map<string, string>();
  /** While set, uploads wait for it (a test sees the progress). */
  subidaEnCurso: Promise<void> | undefined;

  async uploadPhoto(nombre: string, datos: string): Promise<FotoSubida> {
    this.anotar('uploadPhoto', [nombre, datos.length]);
    this.quien();
    await this.subidaEnCurso;
    const rechazo = this.fotosRechazadas.get(nombre);
    if (rechazo) throw new ApiError(400, `${nombre}: ${rechazo}`);
    // A URL that names the content, as the store's: a short stand-in hash of the bytes.
    let hash = 0;
    for (const letra of datos) hash = (hash * 31 + letra.charCodeAt(0)) >>> 0;
    const url = `/imagenes/${hash.toString(16).padStart(8, '0').repeat(8)}.jpg`;
    const nueva = !this.fotosSubidas.has(url);
    this.fotosSubidas.set(url, nombre);
    return { url, tipo: 'image/jpeg', ancho: 800, alto: 800, bytes: Math.floor((datos.length * 3) / 4), nueva };
  }

  /** The fake catalogue the import writes and the export reads: each product's values by SKU (the API's rules are tested in tests/api). */
  catalogoImportado = new Map<string, Record<string, unknown>>();
  /** While set, each import batch waits for it (a test sees the progress bar). */
  loteEnCurso: Promise<void> | undefined;

  async importBatch(filas: FilaImportacion[], simulacro: boolean): Promise<RespuestaImportacion> {
    this.anotar('importBatch', [filas.map(({ fila }) => fila), simulacro]);
    this.quien();
    await this.loteEnCurso;
    const marcas = new Set([...this.catalogoImportado.values()].map((valores) => String(valores.marca)));
    const nuevas: RespuestaImportacion['nuevas'] = { marcas: [], lineas: [], categorias: [], subcategorias: [] };
    const resultados = filas.map(({ fila, valores }): ResultadoFila => {
      const sku = String(valores.sku ?? '').trim();
      if (!sku) return { fila, resultado: 'rechazado', motivo: 'Falta el SKU.' };
      const precio = Number(valores.precio);
      if (valores.precio !== undefined && (!Number.isFinite(precio) || precio <= 0))
        return { fila, resultado: 'rechazado', motivo: 'El precio debe ser un número mayor que 0.' };
      const antes = this.catalogoImportado.get(sku);
      const idProducto = antes ? Number(antes.idProducto) : 1000 + this.catalogoImportado.size + 1;
      const cambios = Object.entries(valores)
        .filter(([columna, valor]) => columna !== 'sku' && String(antes?.[columna] ?? '') !== String(valor))
        .map(([columna]) => columna);
      if (antes && cambios.length === 0) return { fila, resultado: 'sin cambios', idProducto };
      const marca = String(valores.marca ?? '');
      if (marca && !marcas.has(marca) && !nuevas.marcas.includes(marca)) nuevas.marcas.push(marca);
      if (!simulacro) this.catalogoImportado.set(sku, { ...antes, ...valores, idProducto });
      return antes
        ? { fila, resultado: 'actualizado', idProducto, cambios }
        : { fila, resultado: 'creado', ...(simulacro ? {} : { idProducto }) };
    });
    return { resultados, nuevas };
  }

  async exportCatalogue(filtro: FiltroCatalogoConsulta, formato: FormatoExportacion): Promise<ArchivoExportado> {
    this.anotar('exportCatalogue', [filtro, formato]);
    this.quien();
    const filas = [...this.catalogoImportado.values()].map(({ idProducto: _id, ...valores }) => valores);
    const columnas = [...new Set(filas.flatMap((valores) => Object.keys(valores)))];
    const celda = (valor: unknown) =>
      /[",\n]/.test(String(valor ?? '')) ? `"${String(valor).replaceAll('"', '""')}"` : String(valor ?? '');
    const texto =
      formato === 'json'
        ? JSON.stringify(filas)
        : [columnas.join(','), ...filas.map((valores) => columnas.map((columna) => celda(valores[columna])).join(','))].join('\r\n');
    return {
      nombre: `catalogo-2026-11-29.${formato}`,
      datos: new Blob([texto], { type: formato === 'json' ? 'application/json' : 'text/csv' }),
    };
  }

  // Bulk changes and their undo (issue 37).
  /** The bulk grid's products, and the batches applied (newest last). */
  filasLote: FilaLote[] = [];
  lotesFalsos: { lote: LoteProductosResumen; filas: { idProducto: number; antes: Partial<FilaLote> }[] }[] = [];

  async bulkRows(filtro: FiltroCatalogoConsulta & { pagina?: number }) {
    this.anotar('bulkRows', [filtro]);
    this.quien();
    const q = (filtro.q ?? '').toLowerCase();
    const filas = this.filasLote.filter((fila) => !q || `${fila.nombre} ${fila.marca} ${fila.sku ?? ''}`.toLowerCase().includes(q));
    const pagina = filtro.pagina ?? 1;
    const marcas = [...new Set(this.filasLote.map((fila) => fila.marca))].map((nombre, i) => ({ idMarca: i + 1, nombre }));
    const marca = marcas.find((uno) => String(uno.idMarca) === filtro.marca)?.nombre;
    const elegidas = filas.filter((fila) => !marca || fila.marca === marca);
    return {
      productos: structuredClone(elegidas.slice((pagina - 1) * 50, pagina * 50)),
      marcas,
      total: elegidas.length,
      pagina,
      porPagina: 50,
    };
  }

  async bulkChange({ cambios, simulacro, descripcion }: { cambios: CambioLote[]; simulacro: boolean; descripcion?: string }) {
    this.anotar('bulkChange', [{ cambios, simulacro, descripcion }]);
    this.quien();
    const hechos = cambios.map((cambio, i) => {
      const fila = this.filasLote.find((uno) => uno.idProducto === cambio.idProducto);
      if (!fila) throw new ApiError(400, `Fila ${i + 1}: no existe el producto ${cambio.idProducto}.`);
      const { idProducto: _id, ...campos } = cambio;
      const despues = { ...fila, ...Object.fromEntries(Object.entries(campos).filter(([, v]) => v !== undefined)) } as FilaLote;
      if (despues.descuentoN >= despues.precio)
        throw new ApiError(
          400,
          `Fila ${i + 1}, producto ${fila.idProducto} (${fila.nombre}): El descuento en soles (S/ ${despues.descuentoN.toFixed(2)}) debe ser menor que el precio (S/ ${despues.precio.toFixed(2)}).`,
        );
      const claves = (Object.keys(campos) as (keyof FilaLote)[]).filter((k) => fila[k] !== despues[k]);
      return { fila, despues, claves };
    });
    const cambian = hechos.filter((h) => h.claves.length > 0);
    const agotados = cambian.filter((h) => h.despues.stock === 0 && h.fila.stock > 0).length;
    const resumen = `${cambian.length} ${cambian.length === 1 ? 'producto' : 'productos'}${agotados ? `, ${agotados} ${agotados === 1 ? 'queda agotado' : 'quedan agotados'}` : ''}`;
    const detalle = cambian.map(({ fila, despues, claves }) => ({
      idProducto: fila.idProducto,
      sku: fila.sku,
      nombre: fila.nombre,
      antes: Object.fromEntries(claves.map((k) => [k, fila[k]])),
      despues: Object.fromEntries(claves.map((k) => [k, despues[k]])),
    }));
    let idLote: number | null = null;
    const texto = descripcion ?? `Edición en bloque de ${resumen}`;
    if (!simulacro && cambian.length) {
      idLote = this.lotesFalsos.length + 1;
      this.lotesFalsos.push({
        lote: {
          idLote,
          fecha: '2026-11-29T12:00:00Z',
          operador: this.quien().nombre,
          descripcion: texto,
          productos: cambian.length,
          deshecho: null,
        },
        filas: detalle.map(({ idProducto, antes }) => ({ idProducto, antes })),
      });
      for (const { fila, despues } of cambian) Object.assign(fila, despues);
    }
    return {
      simulacro,
      resumen,
      productos: cambian.length,
      sinCambios: hechos.length - cambian.length,
      agotados,
      descripcion: texto,
      cambios: detalle,
      idLote,
      mensaje: simulacro
        ? `Vista previa: ${resumen}. Aún no se guardó nada.`
        : `Listo: ${resumen}. Cambio en bloque N.° ${idLote}; puedes deshacerlo.`,
    };
  }

  async bulkChangeByFilter(lote: LoteFiltroCuerpo) {
    this.anotar('bulkChangeByFilter', [lote]);
    const { filtro, simulacro, precioPorcentaje, ...campos } = lote;
    const filas = (await this.bulkRows({ ...filtro, pagina: 1 })).productos;
    if (filas.length === 0) throw new ApiError(400, 'Ningún producto cumple el filtro: no hay nada que cambiar.');
    const cambios = filas.map((fila) => ({
      idProducto: fila.idProducto,
      ...campos,
      ...(precioPorcentaje === undefined ? {} : { precio: Math.round(fila.precio * (100 + precioPorcentaje)) / 100 }),
    })) as CambioLote[];
    return this.bulkChange({ cambios, simulacro, descripcion: `Filtro ${JSON.stringify(filtro)}` });
  }

  async lastBulkChange() {
    this.anotar('lastBulkChange', []);
    this.quien();
    const ultimo = this.lotesFalsos.findLast((uno) => uno.lote.deshecho === null);
    return { lote: ultimo ? structuredClone(ultimo.lote) : null };
  }

  async undoBulkChange(id: number) {
    this.anotar('undoBulkChange', [id]);
    this.quien();
    const lote = this.lotesFalsos.find((uno) => uno.lote.idLote === id);
    if (!lote) throw new ApiError(404, `No existe el cambio en bloque N.° ${id}.`);
    if (lote.lote.deshecho) throw new ApiError(409, `El cambio en bloque N.° ${id} ya se deshizo.`);
    for (const { idProducto, antes } of lote.filas)
      Object.assign(
        this.filasLote.find((fila) => fila.idProducto === idProducto)!,
        antes,
      );
    lote.lote.deshecho = '2026-11-29T12:05:00Z';
    return {
      mensaje: `Se deshizo el cambio en bloque N.° ${id} (${lote.lote.descripcion}): ${lote.filas.length} productos volvieron a sus valores anteriores.`,
      lote: structuredClone(lote.lote),
    };
  }

  // Coupons and the stock history (issue 37).
  /** The shop's coupons (tests add their own with `cuponFalso`). */
  cupones: CuponBackoffice[] = [];
  /** Each product's stock history, newest first. */
  movimientos: Record<number, MovimientoStock[]> = {};

  async couponList() {
    this.anotar('couponList', []);
    this.quien();
    return { cupones: structuredClone(this.cupones) };
  }

  private cuponDe(codigo: string): CuponBackoffice {
    const cupon = this.cupones.find((c) => c.codigo.toLowerCase() === codigo.toLowerCase());
    if (!cupon) throw new ApiError(404, `No existe el cupón ${codigo}.`);
    return cupon;
  }

  async couponDetail(codigo: string) {
    this.anotar('couponDetail', [codigo]);
    this.quien();
    return { cupon: structuredClone(this.cuponDe(codigo)), pedidos: [] };
  }

  async saveCoupon(codigo: string | null, datos: CuponForm) {
    this.anotar('saveCoupon', [codigo, datos]);
    this.quien();
    const nuevoCodigo = datos.codigo.trim().toUpperCase();
    if (!/^[A-Z0-9][A-Z0-9_-]{2,39}$/.test(nuevoCodigo))
      throw new ApiError(400, 'El código debe tener de 3 a 40 letras, números, guiones o guiones bajos, sin espacios ni tildes.');
    const tipo = datos.tipo ?? 'porcentaje';
    if (tipo === 'monto' && !(datos.monto && datos.monto > 0))
      throw new ApiError(400, 'Indica el monto del descuento en soles, mayor que 0.');
    const otro = this.cupones.find((c) => c.codigo === nuevoCodigo);
    const actual = codigo === null ? null : this.cuponDe(codigo);
    if (otro && otro !== actual) throw new ApiError(409, `Ya existe el cupón ${nuevoCodigo}.`);
    const cupon = cuponFalso({
      ...(actual ?? { id: this.cupones.length + 1 }),
      codigo: nuevoCodigo,
      tipo,
      descuento: tipo === 'monto' ? 0 : (datos.descuento ?? 0),
      monto: tipo === 'monto' ? datos.monto! : 0,
      minimo: datos.minimo ?? 0,
      fecha_inicio: datos.fecha_inicio,
      fecha_fin: datos.fecha_fin,
      usos_maximos: datos.usos_maximos ?? null,
      uno_por_cliente: datos.uno_por_cliente ?? false,
      clientes: (datos.clientes ?? []).map((ref, i) => ({ idCliente: i + 1, nombre: String(ref), correo: String(ref) })),
    });
    if (actual) this.cupones[this.cupones.indexOf(actual)] = cupon;
    else this.cupones.push(cupon);
    return { mensaje: `Cupón ${nuevoCodigo} ${actual ? 'guardado' : 'creado'}.`, cupon: structuredClone(cupon) };
  }

  async pauseCoupon(codigo: string, pausar: boolean) {
    this.anotar('pauseCoupon', [codigo, pausar]);
    this.quien();
    const cupon = this.cuponDe(codigo);
    if (cupon.terminado)
      throw new ApiError(409, `El cupón ${cupon.codigo} está terminado: no se puede reanudar. Crea uno nuevo si lo necesitas.`);
    cupon.activo = !pausar;
    cupon.estado = pausar ? 'desactivado' : 'vigente';
    return {
      mensaje: `Cupón ${cupon.codigo} ${pausar ? 'desactivado: ya no se puede usar' : 'activado (vigente)'}.`,
      cupon: structuredClone(cupon),
    };
  }

  async endCoupon(codigo: string) {
    this.anotar('endCoupon', [codigo]);
    this.quien();
    const cupon = this.cuponDe(codigo);
    Object.assign(cupon, { activo: false, estado: 'terminado', terminado: '2026-11-28T12:00:00.000Z' });
    return {
      mensaje: `Cupón ${cupon.codigo} terminado: ya no se puede usar ni reanudar. Sus ${cupon.usos} uso(s) quedan en los pedidos.`,
      cupon: structuredClone(cupon),
    };
  }

  async stockHistory(ref: string | number, antes?: number) {
    this.anotar('stockHistory', [ref, antes]);
    this.quien();
    const todos = (this.movimientos[Number(ref)] ?? []).filter((m) => antes === undefined || m.id < antes);
    const pagina = todos.slice(0, 20);
    return { idProducto: Number(ref), movimientos: structuredClone(pagina), siguiente: todos.length > 20 ? pagina.at(-1)!.id : null };
  }

  // Home content, static pages and publishing (issue 37).
  /** What GET /admin/api/publicacion answers (tests change it to show a rebuild or a failure). */
  publicacion: import('../../lib/api/publicacion-schemas.ts').EstadoPublicacionRespuesta = {
    estado: 'al-dia',
    version: 7,
    versionPublicada: 7,
    publicadaEn: '2026-11-28T15:42:00Z',
    cambioEn: '2026-11-28T15:40:00Z',
    desde: null,
    error: null,
  };

  async publishingStatus() {
    this.anotar('publishingStatus', []);
    this.quien();
    return structuredClone(this.publicacion);
  }

  /** The home lists, in the API's order (the carousel shows banners reversed). */
  contenido: {
    [
      L in import('../../lib/api/contenido-schemas.ts').ListaProgramable
    ]: import('../../lib/api/operator-schemas.ts').ContenidoOperador[L][];
  } = {
    mensajes: [{ id: 1, orden: 1, mensaje: 'Envío gratis desde S/ 250', desde: null, hasta: null }],
    banners: [
      {
        id: 1,
        orden: 1,
        img_url: '/demo/banner-1.svg',
        img_movil_url: null,
        rutabutton: '/ofertas',
        alt: 'Ofertas de skincare',
        desde: null,
        hasta: null,
      },
      {
        id: 2,
        orden: 2,
        img_url: '/demo/banner-2.svg',
        img_movil_url: null,
        rutabutton: null,
        alt: 'Nuevos sérums',
        desde: null,
        hasta: null,
      },
    ],
    popups: [],
  };
  textos: import('../../lib/api/contenido-schemas.ts').TextosOperador = { ...textosPorDefecto(), editados: [] };
  private siguienteContenido = 100;

  /** Marks the storefront as waiting for a rebuild, as any content change does. */
  private cambioPublicable() {
    this.publicacion = { ...this.publicacion, estado: 'pendiente', version: this.publicacion.version + 1 };
  }

  async homeContent<L extends import('../../lib/api/contenido-schemas.ts').ListaProgramable>(lista: L) {
    this.anotar('homeContent', [lista]);
    this.quien();
    return structuredClone(this.contenido[lista]);
  }

  async saveHomeContent<L extends import('../../lib/api/contenido-schemas.ts').ListaProgramable>(
    lista: L,
    id: number | null,
    item: import('../../lib/api/contenido-schemas.ts').ItemProgramableBody[L],
  ) {
    this.anotar('saveHomeContent', [lista, id, item]);
    this.quien();
    const cuerpo = item as Record<string, unknown>;
    if (cuerpo.desde && cuerpo.hasta && String(cuerpo.hasta) <= String(cuerpo.desde))
      throw new ApiError(400, 'El fin (hasta) debe ser posterior al inicio (desde).');
    const lista_ = this.contenido[lista] as unknown as Record<string, unknown>[];
    const valores = { ...cuerpo, ...('visible' in cuerpo ? { visible: cuerpo.visible ? 1 : 0 } : {}) };
    if (id === null) {
      id = ++this.siguienteContenido;
      lista_.push({ id, orden: lista_.length + 1, img_movil_url: null, ...valores });
    } else {
      const existente = lista_.find((x) => x.id === id);
      if (!existente) throw new ApiError(404, `No existe el ${lista.slice(0, -1)} ${id}.`);
      Object.assign(existente, valores);
    }
    this.cambioPublicable();
    return { mensaje: `${lista === 'mensajes' ? 'Mensaje' : lista === 'banners' ? 'Banner' : 'Popup'} ${id} guardado.` };
  }

  async removeHomeContent(lista: import('../../lib/api/contenido-schemas.ts').ListaProgramable, id: number) {
    this.anotar('removeHomeContent', [lista, id]);
    this.quien();
    const lista_ = this.contenido[lista] as { id: number }[];
    lista_.splice(
      lista_.findIndex((x) => x.id === id),
      1,
    );
    this.cambioPublicable();
    return { mensaje: `Quitado: ${id}.` };
  }

  async moveHomeContent(lista: import('../../lib/api/contenido-schemas.ts').ListaProgramable, id: number, posicion: number) {
    this.anotar('moveHomeContent', [lista, id, posicion]);
    this.quien();
    const lista_ = this.contenido[lista] as { id: number; orden: number }[];
    const desde = lista_.findIndex((x) => x.id === id);
    lista_.splice(Math.min(posicion, lista_.length) - 1, 0, ...lista_.splice(desde, 1));
    lista_.forEach((x, i) => (x.orden = i + 1));
    this.cambioPublicable();
    return { mensaje: `Movido a la posición ${posicion}.` };
  }

  async uploadContentImage(nombre: string, datos: string) {
    this.anotar('uploadContentImage', [nombre, datos.length]);
    this.quien();
    return { url: `/imagenes/${'c'.repeat(64)}.png` };
  }

  async shopTexts() {
    this.anotar('shopTexts', []);
    this.quien();
    return structuredClone(this.textos);
  }

  async saveShopText(clave: import('../../lib/api/contenido-schemas.ts').ClaveTexto, contenido: unknown) {
    this.anotar('saveShopText', [clave, contenido]);
    this.quien();
    if (clave === 'tiendas') this.textos.tiendas = structuredClone(contenido) as typeof this.textos.tiendas;
    else if (clave === 'redes') this.textos.redes = structuredClone(contenido) as typeof this.textos.redes;
    else {
      const pagina = contenido as import('../../lib/api/contenido-schemas.ts').Pagina;
      if (pagina.secciones.length === 0) throw new ApiError(400, 'La página necesita al menos una sección.');
      this.textos.paginas[clave] = structuredClone(pagina);
    }
    if (!this.textos.editados.includes(clave)) this.textos.editados.push(clave);
    this.cambioPublicable();
    return { mensaje: 'Guardado. La tienda se actualiza en unos minutos.' };
  }

  async resetShopText(clave: import('../../lib/api/contenido-schemas.ts').ClaveTexto) {
    this.anotar('resetShopText', [clave]);
    this.quien();
    const original = textosPorDefecto();
    if (clave === 'tiendas') this.textos.tiendas = original.tiendas;
    else if (clave === 'redes') this.textos.redes = original.redes;
    else this.textos.paginas[clave] = original.paginas[clave];
    this.textos.editados = this.textos.editados.filter((c) => c !== clave);
    this.cambioPublicable();
    return { mensaje: 'Vuelve al texto original de la tienda.' };
  }

  // Shipping and the shop's own settings (issue 37).
  /** The shop's settings as the fake holds them (the code's demo company until a save). */
  ajustes: AjustesTiendaRespuesta = {
    ajustes: {
      ruc: PROVEEDOR.ruc,
      razonSocial: PROVEEDOR.razonSocial,
      direccion: PROVEEDOR.direccion,
      series: { boleta: 'B001', factura: 'F001', notaBoleta: 'BC01', notaFactura: 'FC01' },
      cuentas: [{ banco: 'BCP', cuenta: '193-1234567-0-12', cci: '00219300123456701215', titular: 'K-Beauty Perú S.A.C.' }],
      correoTienda: 'hola@kbeautyperu.pe',
      envioGratisDesde: 250,
      devolucionDias: 15,
      puntosRecojo: PUNTOS_RECOJO.map(({ metodo, direccion, horario, instrucciones }) => ({ metodo, direccion, horario, instrucciones })),
      diasNoLaborables: [],
    },
    actualizado: null,
    actualizadoPor: null,
    identidadDemo: true,
    avisos: [AVISO_IDENTIDAD_DEMO],
  };
  /** A few districts of two departments, with their tariffs. */
  distritosTarifa: TarifaDistrito[] = [
    ['Arequipa', 'Arequipa', 'Cayma', 12],
    ['Arequipa', 'Arequipa', 'Yanahuara', 12],
    ['Arequipa', 'Camaná', 'Camaná', 18],
    ['Lima', 'Lima', 'Miraflores', 8],
    ['Lima', 'Lima', 'San Isidro', 8],
    ['Lima', 'Huaral', 'Huaral', 15],
  ].map(([departamento, provincia, distrito, tarifa], i) => ({
    idDistrito: i + 1,
    ubigeo: String(10000 + i),
    distrito: String(distrito),
    idProvincia: { Arequipa: 1, Camaná: 2, Lima: 3, Huaral: 4 }[String(provincia)]!,
    provincia: String(provincia),
    idDepartamento: departamento === 'Arequipa' ? 1 : 2,
    departamento: String(departamento),
    tarifa: Number(tarifa),
  }));

  private dueno(): Cuenta {
    const cuenta = this.quien();
    if (cuenta.rol !== 'dueno') throw new ApiError(403, `Solo ${NOMBRE_ROL.dueno.toLowerCase()} de la tienda puede hacer esto.`);
    return cuenta;
  }

  async shopSettings() {
    this.anotar('shopSettings', []);
    this.dueno();
    return structuredClone(this.ajustes);
  }

  async saveShopSettings(entrada: AjustesTiendaEntrada) {
    this.anotar('saveShopSettings', [entrada]);
    const cuenta = this.duenoFresco();
    const parsed = ajustesTiendaSchema.safeParse(entrada);
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]!.message);
    const identidadDemo = esIdentidadDemo(parsed.data);
    this.ajustes = {
      ajustes: parsed.data,
      actualizado: '2026-11-29T12:00:00Z',
      actualizadoPor: cuenta.nombre,
      identidadDemo,
      avisos: identidadDemo ? [AVISO_IDENTIDAD_DEMO] : [],
    };
    return structuredClone(this.ajustes);
  }

  async tariffs(consulta: ConsultaTarifas) {
    this.anotar('tariffs', [consulta]);
    this.dueno();
    const q = (consulta.q ?? '').toLowerCase();
    const filas = this.distritosTarifa.filter(
      (fila) =>
        (!consulta.departamento || fila.idDepartamento === consulta.departamento) &&
        (!consulta.provincia || fila.idProvincia === consulta.provincia) &&
        fila.distrito.toLowerCase().includes(q),
    );
    const lugares = (clave: 'idDepartamento' | 'idProvincia', nombre: 'departamento' | 'provincia', de: TarifaDistrito[]) =>
      [...new Set(de.map((fila) => fila[clave]))].map((id) => {
        const suyas = de.filter((fila) => fila[clave] === id);
        const tarifas = suyas.map((fila) => fila.tarifa);
        return { id, nombre: suyas[0]![nombre], minima: Math.min(...tarifas), maxima: Math.max(...tarifas), distritos: suyas.length };
      });
    return {
      filas: structuredClone(filas),
      total: filas.length,
      pagina: consulta.pagina ?? 1,
      porPagina: 100,
      departamentos: lugares('idDepartamento', 'departamento', this.distritosTarifa),
      provincias: consulta.departamento
        ? lugares(
            'idProvincia',
            'provincia',
            this.distritosTarifa.filter((fila) => fila.idDepartamento === consulta.departamento),
          )
        : [],
    };
  }

  async changeTariffs(lote: LoteTarifas) {
    this.anotar('changeTariffs', [lote]);
    this.dueno();
    const { alcance, operacion, monto, simulacro = false } = lote;
    const elegidos = this.distritosTarifa.filter((fila) =>
      alcance.tipo === 'departamento'
        ? fila.idDepartamento === alcance.id
        : alcance.tipo === 'provincia'
          ? fila.idProvincia === alcance.id
          : alcance.ids.includes(fila.idDistrito),
    );
    const cambios = elegidos
      .map((fila) => ({ fila, despues: Math.max(0, operacion === 'fijar' ? monto : Math.round((fila.tarifa + monto) * 100) / 100) }))
      .filter(({ fila, despues }) => despues !== fila.tarifa);
    const ejemplos = cambios.map(({ fila, despues }) => ({
      idDistrito: fila.idDistrito,
      distrito: fila.distrito,
      antes: fila.tarifa,
      despues,
    }));
    if (!simulacro) for (const { fila, despues } of cambios) fila.tarifa = despues;
    const n = cambios.length;
    return {
      simulacro,
      distritos: elegidos.length,
      cambian: n,
      ejemplos,
      enCero: 0,
      mensaje: `${simulacro ? 'Se cambiarán' : 'Cambiaron'} ${n === 1 ? '1 distrito' : `${n} distritos`}.`,
    };
  }

  // Customers and their data rights (Ley 29733).
  clientesFalsos: DetalleCliente[] = [];

  private clienteFalso(id: number): DetalleCliente {
    const cliente = this.clientesFalsos.find((uno) => uno.cliente.id === id);
    if (!cliente) throw new ApiError(404, `No existe el cliente N.° ${id}.`);
    return cliente;
  }

  private atender(cliente: DetalleCliente, tipo: TipoSolicitud, detalle: string) {
    const quien = this.quien().nombre;
    const pendiente = cliente.solicitudes.find((uno) => uno.tipo === tipo && uno.atendida === null);
    const hecho = { atendida: '2026-11-29T12:00:00Z', atendidaPor: quien, detalle, diasHabilesRestantes: null };
    if (pendiente) Object.assign(pendiente, hecho);
    else cliente.solicitudes.unshift({ id: cliente.solicitudes.length + 1, tipo, recibida: '2026-11-29', plazo: '2026-12-14', ...hecho });
  }

  async customers(filtro: { q?: string; pagina?: number }): Promise<PaginaClientes> {
    this.anotar('customers', [filtro]);
    this.quien();
    const plano = (texto: string) => texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const palabras = plano(filtro.q ?? '')
      .split(/\s+/)
      .filter(Boolean);
    const elegidos = this.clientesFalsos.filter(({ cliente: c }) =>
      palabras.every((palabra) => plano(`${c.nombre} ${c.apellido} ${c.usuario} ${c.correo} ${c.documentoNumero}`).includes(palabra)),
    );
    const porPagina = 25;
    const pagina = filtro.pagina ?? 1;
    return {
      clientes: elegidos.slice((pagina - 1) * porPagina, pagina * porPagina).map(({ cliente: c, pedidos, solicitudes }) => ({
        id: c.id,
        nombre: [c.nombre, c.apellido].filter(Boolean).join(' '),
        correo: c.correo,
        documento: c.documentoTipo ? `${c.documentoTipo === 'DNI' ? 'DNI' : c.documentoTipo} ${c.documentoNumero}` : '',
        telefono: c.telefono,
        creado: c.creado,
        pedidos: pedidos.length,
        ultimoPedido: pedidos[0]?.fecha ?? null,
        solicitudesPendientes: solicitudes.filter((uno) => uno.atendida === null).length,
      })),
      total: elegidos.length,
      pagina,
      porPagina,
    };
  }

  async customer(id: number) {
    this.anotar('customer', [id]);
    this.quien();
    return structuredClone(this.clienteFalso(id));
  }

  async correctCustomer(id: number, correccion: CorreccionCliente) {
    this.anotar('correctCustomer', [id, correccion]);
    this.quien();
    const detalle = this.clienteFalso(id);
    const { recibida: _recibida, ...campos } = correccion;
    if (Object.values(campos).every((valor) => valor === undefined)) throw new ApiError(400, 'Indica al menos un dato que corregir.');
    if (campos.correo && this.clientesFalsos.some((otro) => otro !== detalle && otro.cliente.correo === campos.correo!.toLowerCase()))
      throw new ApiError(409, 'Ya existe otra cuenta con ese correo electrónico.');
    Object.assign(detalle.cliente, Object.fromEntries(Object.entries(campos).filter(([, valor]) => valor !== undefined)));
    this.atender(detalle, 'rectificacion', `Corregido: ${Object.keys(campos).join(', ')}.`);
    return { mensaje: 'Corregimos sus datos y registramos la solicitud de rectificación.', detalle: structuredClone(detalle) };
  }

  async recordDataRequest(id: number, solicitud: NuevaSolicitud) {
    this.anotar('recordDataRequest', [id, solicitud]);
    this.quien();
    const detalle = this.clienteFalso(id);
    detalle.solicitudes.unshift({
      id: detalle.solicitudes.length + 1,
      tipo: solicitud.tipo,
      recibida: solicitud.recibida ?? '2026-11-29',
      plazo: '2026-12-14',
      atendida: null,
      atendidaPor: null,
      detalle: '',
      diasHabilesRestantes: 10,
    });
    return { mensaje: 'Registramos la solicitud con su plazo.', detalle: structuredClone(detalle) };
  }

  async exportCustomer(id: number, solicitud: SolicitudAtendida = {}) {
    this.anotar('exportCustomer', [id, solicitud]);
    this.duenoFresco();
    const detalle = this.clienteFalso(id);
    this.atender(detalle, 'acceso', 'Datos exportados en JSON.');
    return {
      nombre: `cliente-${id}-datos-2026-11-29.json`,
      datos: new Blob([JSON.stringify({ tablas: { clientes: [detalle.cliente] } })]),
    };
  }

  async deleteCustomer(id: number, solicitud: SolicitudAtendida = {}) {
    this.anotar('deleteCustomer', [id, solicitud]);
    this.duenoFresco();
    const detalle = this.clienteFalso(id);
    this.clientesFalsos = this.clientesFalsos.filter((uno) => uno !== detalle);
    const conservados = { pedidos: detalle.pedidos.length, comprobantes: detalle.pedidos.length, reclamos: detalle.reclamos.length };
    return {
      mensaje: `Eliminamos la cuenta del cliente N.° ${id}.`,
      conservados,
      borrados: { resenas: detalle.resenas.length, avisos: detalle.avisos.length, cupones: 1 },
    };
  }
}

/** A shop coupon as the API lists it, with sensible defaults: 10 % all year, no limits, unused (issue 37). */
export function cuponFalso(cambios: Partial<CuponBackoffice> = {}): CuponBackoffice {
  return {
    id: 1,
    codigo: 'KBEAUTY10',
    descuento: 10,
    fecha_inicio: '2026-01-01',
    fecha_fin: '2026-12-31',
    activo: true,
    usado: false,
    assignedProducts: '',
    assignedBrands: '',
    estado: 'vigente',
    productos: [],
    marcas: [],
    tipo: 'porcentaje',
    monto: 0,
    minimo: 0,
    usos_maximos: null,
    uno_por_cliente: false,
    terminado: null,
    clientes: [],
    usos: 0,
    descontado: 0,
    ...cambios,
  };
}

/** The close of a period without sales. */
export function cierreVacio(desde: string, hasta = desde): import('../../lib/api/cierre-schemas.ts').Cierre {
  return {
    desde,
    hasta,
    ventas: { pedidos: 0, total: 0 },
    metodos: [],
    pedidos: [],
    reembolsos: { total: 0, filas: [] },
    notas: { total: 0, filas: [] },
    comprobantes: [],
    series: [],
    mercadoPago: { pedidos: 0, bruto: 0, comision: 0, neto: 0, sinDato: 0, brutoSinDato: 0 },
    productos: [],
    marcas: [],
  };
}
