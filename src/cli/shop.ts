import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { RECLAMOS } from '../lib/tienda.ts';
import { ESTADOS_PEDIDO, type EstadoPedido } from '../lib/api/checkout-schemas.ts';
import { foldAccents } from '../lib/text.ts';
import { respaldo, restaurar } from './backup.ts';
import { runCatalogueCommand } from './catalogue.ts';
import { runComprobantesCommand } from './comprobantes.ts';
import { cliClient, operatorTokenFile } from './client.ts';
import { CliError } from './errors.ts';
import type { ShopCliDeps } from './deps.ts';
import { importar } from './import.ts';
import { formatOrder, formatOrderTable } from './format.ts';
import { runPersonalCommand } from './personal.ts';
import { runReclamosCommand } from './reclamos.ts';
import { runResenasCommand } from './resenas.ts';

/**
 * `npm run shop`: the operator's command line, a client of the operator API of the running shop
 * (the embedded database admits one process); only `respaldo` with the shop stopped and `restaurar`
 * open the embedded database themselves.
 */

/** The command's usage, printed by --help and after a wrong command. */
export const USO = `Uso: npm run shop -- <comando>

Pedidos
  pedidos [--estado ESTADO]            Lista los pedidos más recientes (todos o los de un estado); ⚠ marca los
                                       que tienen pagos por revisar (devolución, contracargo, reclamo, pago doble).
  pedido <N.°>                         Muestra un pedido: cliente, entrega, productos, pagos e historial.
  pedido <N.°> <ESTADO> [--nota "…"]   Pasa el pedido a ESTADO y avisa al cliente por correo.
                                       La nota queda en el historial (en una cancelación, también se le dice al cliente).
                                       Un envío a domicilio pasa a EN TRANSITO con --courier (Olva, Shalom, Urbano,
                                       Servientrega o Tienda) y --guia N.°: el cliente los ve en Mis Compras y en el correo.
  pedidos confirmar-transferencia <N.°> <OPERACIÓN> [--banco BANCO]
                                       Registra la transferencia recibida (número de operación del banco): el pedido
                                       queda pagado (comprobante y correo al cliente). Solo una vez por pedido.

Catálogo (PRODUCTO es el idProducto o el SKU)
  importar ARCHIVO [--dry-run]         Importa productos de un .csv o .json (columnas en docs/operations.md; ejemplo en
                                       ejemplos/catalogo.csv) con sus fotos. --dry-run valida y cuenta sin escribir.
  producto PRODUCTO                    Muestra un producto: precio, descuento, stock, visibilidad.
  precio PRODUCTO PRECIO               Cambia el precio (en soles, por ejemplo 49.90).
  descuento PRODUCTO N [--soles]       Descuento de N % (o de S/ N con --soles); 0 lo quita.
  stock PRODUCTO N [--total N]         Stock de la web (y stock total, tiendas incluidas).
  ocultar PRODUCTO | mostrar PRODUCTO  Saca el producto de la tienda o lo vuelve a mostrar.

Cupones de tienda
  cupones                              Lista los cupones y si están vigentes, programados, vencidos o desactivados.
  cupon crear CODIGO --descuento N --desde FECHA --hasta FECHA [--productos 12,SKU-1] [--marcas "COSRX,Anua"]
  cupon desactivar CODIGO | cupon activar CODIGO

Portada (LISTA: mensajes, banners, popups, sociales; UNO: mensaje, banner, popup, social)
  LISTA                                Lista sus elementos en el orden de la tienda, con su id.
  mensaje agregar "TEXTO"              Agrega un mensaje a la franja superior.
  banner agregar IMAGEN [--ruta /Serúm] [--alt "…"]    IMAGEN: un archivo (se sube a la tienda) o una ruta de la tienda.
  popup agregar IMAGEN [--ruta …] [--alt …] [--oculto] ; popup mostrar ID | popup ocultar ID
  social agregar IMAGEN|VIDEO [--tipo video]
  UNO quitar ID | UNO mover ID POSICIÓN

Libro de Reclamaciones (N.°: el número de la hoja, por ejemplo LR-2026-000001)
  reclamos [--estado ESTADO]           Lista las hojas (todas, pendiente o respondido) por plazo de respuesta
                                       (${RECLAMOS.plazoDiasHabiles} días hábiles); ⚠ marca las que vencen en ${RECLAMOS.avisoDiasHabiles} días hábiles o ya vencieron.
  reclamos --csv ARCHIVO [--estado …]  Exporta el libro (todas las hojas, o las de un estado) como CSV.
  reclamo <N.°>                        Muestra una hoja: consumidor, bien, detalle, pedido, plazo y respuesta.
  reclamo <N.°> responder --texto "…"  Registra la respuesta (una sola vez) y se la envía al consumidor por correo.

Reseñas (N.°: el número de la reseña; solo quienes recibieron el producto pueden escribirla)
  resenas [--pendientes | --estado ESTADO]  Lista las reseñas (todas, o pendiente, aprobada, rechazada u oculta);
                                       las pendientes esperan tu aprobación para publicarse, la más antigua primero.
  resena <N.°>                         Muestra una reseña: producto, autor, pedido, estrellas, texto y foto.
  resena <N.°> aprobar | rechazar MOTIVO
                                       La publica en la página del producto (o la rechaza con su motivo); a quien
                                       la escribió se le avisa por correo. El promedio y la página estática se
                                       actualizan solos.
  resena <N.°> ocultar MOTIVO | mostrar
                                       Saca de la página una reseña publicada (o la vuelve a mostrar).

Comprobantes electrónicos (NÚMERO: serie y correlativo, por ejemplo B001-00000042 o B001-42)
  comprobantes [--estado ESTADO]       Lista los comprobantes más recientes (todos, pendiente, rechazado o aceptado);
                                       ⚠ marca los rechazados (con el mensaje de SUNAT) y los pendientes con su último error.
  comprobante <NÚMERO>                 Muestra un comprobante: cliente, líneas, totales, estado, enlaces y envíos a SUNAT.
  comprobante <N.° DE PEDIDO>          Muestra los comprobantes de un pedido (su boleta o factura y su nota de crédito).
  comprobante <NÚMERO> reintentar      Vuelve a enviar a SUNAT un comprobante pendiente, con el mismo número; uno que SUNAT
                                       rechazó (códigos 2000–3999) ya usó su número: lo reemplaza uno nuevo, con el
                                       siguiente número de la serie.
  comprobante <NÚMERO> cliente --dni N | --ce N | --pasaporte N | --ruc N --razon-social "…" [--direccion-fiscal "…"]
                                       Corrige el comprador de un comprobante rechazado (para su reemplazo) o devuelto
                                       por el proveedor sin llegar a SUNAT (se reenvía con su número).

Personas y claves de API (solo la dueña o el dueño)
  personal invitar CORREO --rol dueno|personal  Crea una invitación de un solo uso a la administración (/admin/),
                                       que vence en 48 horas: muestra el enlace y la tienda lo envía por correo.
  personal restablecer CORREO          Restablece el acceso de una persona que perdió su celular: cierra sus sesiones,
                                       anula su código, passkeys y códigos de recuperación, y le envía un enlace nuevo (48 horas).
  personal lista                       Las personas (rol, activa o no, último ingreso) y las invitaciones pendientes.
  claves crear NOMBRE --rol dueno|personal  Crea una clave de API con nombre (para scripts y este comando: SHOP_API_KEY);
                                       se muestra una sola vez.
  claves lista | claves revocar N.°    Lista las claves (sin su secreto) o revoca una: deja de abrir la API al instante.

Registro y respaldo
  auditoria [--limite N]               Los últimos cambios hechos por operadores: quién, cuándo y qué.
  respaldo [ARCHIVO]                   Escribe un respaldo de la base de datos embebida (por defecto
                                       respaldo-AAAA-MM-DD-HHMM.tar.gz), a través de la tienda si está en marcha.
  restaurar ARCHIVO                    Restaura un respaldo en la carpeta de datos (DATA_DIR), que debe estar vacía.

Estados: ${ESTADOS_PEDIDO.join(', ')} (sin tildes; "en transito" o en-transito también valen).
Habla con la tienda en marcha: SHOP_URL, o la que tiene abierta la base de datos de DATA_DIR, con la clave de API
de SHOP_API_KEY (kbk_…; los cambios quedan a nombre de la clave) o, si no está definida, con el token de
SHOP_ADMIN_TOKEN o el de $DATA_DIR/operador.token que escribe \`npm start\` (los cambios quedan a nombre de
"token de operador (SHOP_OPERADOR)"; por defecto, el usuario del sistema). Si la tienda no está en marcha, abre
la base de datos (DATABASE_URL o la de DATA_DIR) y hace el cambio ella misma.`;

/** The operator's name for the audit trail: SHOP_OPERADOR, else the system user. */
export function operatorLabel(env: Record<string, string | undefined> = process.env): string {
  const fromEnv = env.SHOP_OPERADOR?.trim();
  if (fromEnv) return fromEnv;
  try {
    return userInfo().username || 'operador';
  } catch {
    return env.USER || 'operador';
  }
}

/** Where the command finds the shop and its operator token, from the environment (and the token file). */
export function cliSettings(env: Record<string, string | undefined> = process.env): Pick<ShopCliDeps, 'baseUrl' | 'token' | 'tokenFile'> {
  const baseUrl = (env.SHOP_URL || `http://localhost:${env.PORT || 4321}`).replace(/\/+$/, '');
  const tokenFile = operatorTokenFile(env.DATA_DIR || '.data');
  // A named API key first (its name is what the audit trail records), then the break-glass token.
  let token = env.SHOP_API_KEY?.trim() || env.SHOP_ADMIN_TOKEN?.trim() || undefined;
  if (!token) {
    try {
      token = readFileSync(tokenFile, 'utf8').trim() || undefined;
    } catch {
      token = undefined;
    }
  }
  return { baseUrl, token, tokenFile };
}

/** A state as the operator may type it ("en transito", en-transito, EN TRÁNSITO), or undefined. */
export function parseEstado(input: string): EstadoPedido | undefined {
  const key = foldAccents(input)
    .toUpperCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
  return ESTADOS_PEDIDO.find((estado) => estado === key);
}

const estadoOrFail = (input: string) => {
  const estado = parseEstado(input);
  if (!estado) throw new CliError(`"${input}" no es un estado. Estados: ${ESTADOS_PEDIDO.join(', ')}.`);
  return estado;
};

/** Runs one command; answers the process's exit code (0 done, 1 refused or failed). */
export async function runShop(args: string[], deps: ShopCliDeps): Promise<number> {
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        options: {
          estado: { type: 'string' },
          nota: { type: 'string' },
          help: { type: 'boolean', short: 'h' },
          'dry-run': { type: 'boolean' },
          simulacro: { type: 'boolean' },
          total: { type: 'string' },
          soles: { type: 'boolean' },
          ruta: { type: 'string' },
          alt: { type: 'string' },
          oculto: { type: 'boolean' },
          descuento: { type: 'string' },
          desde: { type: 'string' },
          hasta: { type: 'string' },
          productos: { type: 'string' },
          marcas: { type: 'string' },
          limite: { type: 'string' },
          tipo: { type: 'string' },
          csv: { type: 'string' },
          texto: { type: 'string' },
          courier: { type: 'string' },
          guia: { type: 'string' },
          banco: { type: 'string' },
          pendientes: { type: 'boolean' },
          dni: { type: 'string' },
          ce: { type: 'string' },
          pasaporte: { type: 'string' },
          ruc: { type: 'string' },
          'razon-social': { type: 'string' },
          'direccion-fiscal': { type: 'string' },
          rol: { type: 'string' },
        },
      });
    } catch (error) {
      throw new CliError(`Argumentos no válidos: ${(error as Error).message}\n\n${USO}`);
    }
    const { values, positionals } = parsed;
    const [comando, id, ...estado] = positionals;
    if (values.help || !comando || comando === 'ayuda') {
      (values.help || comando === 'ayuda' ? deps.out : deps.err)(USO);
      return values.help || comando === 'ayuda' ? 0 : 1;
    }
    const cliente = cliClient(deps);
    if (comando === 'importar') {
      if (estado.length > 0) throw new CliError(`importar admite un solo archivo.\n\n${USO}`);
      const resumen = await importar(id, Boolean(values['dry-run'] || values.simulacro), cliente, deps);
      return resumen.rechazados > 0 ? 1 : 0;
    }
    if (await runCatalogueCommand(comando, positionals.slice(1), values, cliente, deps.out)) return 0;
    if (await runReclamosCommand(comando, positionals.slice(1), values, { cliente, out: deps.out })) return 0;
    if (await runComprobantesCommand(comando, positionals.slice(1), values, { cliente, out: deps.out })) return 0;
    if (await runResenasCommand(comando, positionals.slice(1), values, { cliente, out: deps.out })) return 0;
    if (await runPersonalCommand(comando, positionals.slice(1), values, { cliente, out: deps.out })) return 0;
    if (comando === 'pedidos' && id === 'confirmar-transferencia') {
      const [pedido, operacion, ...resto] = estado;
      if (!pedido || !/^[1-9]\d{0,8}$/.test(pedido.replace(/^N\.?°?/i, '')) || !operacion || resto.length > 0)
        throw new CliError(
          'Indica el pedido y el número de operación, por ejemplo: npm run shop -- pedidos confirmar-transferencia 12 0012345678',
        );
      const { mensaje } = await cliente.confirmTransfer(pedido.replace(/^N\.?°?/i, ''), {
        operacion,
        ...(values.banco ? { banco: values.banco } : {}),
      });
      deps.out(mensaje);
      return 0;
    }
    if (comando === 'pedidos') {
      const filtro = values.estado === undefined ? undefined : estadoOrFail(values.estado);
      const { pedidos } = await cliente.orders(filtro);
      deps.out(formatOrderTable(pedidos, filtro));
      return 0;
    }
    if (comando === 'respaldo' || comando === 'restaurar') {
      if (estado.length > 0) throw new CliError(`${comando} admite un solo archivo.\n\n${USO}`);
      await (comando === 'respaldo' ? respaldo : restaurar)(id, deps);
      return 0;
    }
    if (comando !== 'pedido') throw new CliError(`Comando desconocido: ${comando}.\n\n${USO}`);
    if (!id || !/^[1-9]\d{0,8}$/.test(id.replace(/^N\.?°?/i, '')))
      throw new CliError('Indica el número de pedido, por ejemplo: npm run shop -- pedido 12');
    const numero = id.replace(/^N\.?°?/i, '');
    if (estado.length === 0) {
      const { pedido } = await cliente.order(numero);
      deps.out(formatOrder(pedido));
      return 0;
    }
    const body = {
      estado: estadoOrFail(estado.join(' ')),
      ...(values.nota ? { nota: values.nota } : {}),
      ...(values.courier ? { courier: values.courier } : {}),
      ...(values.guia ? { guia: values.guia } : {}),
    };
    const { mensaje } = await cliente.moveOrder(numero, body);
    deps.out(mensaje);
    return 0;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    deps.err(error.message);
    return 1;
  }
}
