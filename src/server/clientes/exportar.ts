import { sql, type SQL } from 'drizzle-orm';
import { TIENDA } from '../../lib/tienda.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Cliente } from '../db/schema/index.ts';
import { documentoDe } from './queries.ts';

/**
 * Her data as one JSON document (Ley 29733's right of access): every row of every table that mentions
 * her, with every column (SELECT *: a column added later is exported without touching this file), but the
 * secrets (a password's hash, unsubscribe and reset keys), which are the shop's locks, not her data.
 * tests/api/clientes.test.ts reads the database's catalogue and fails when a table with a customer, an
 * e-mail or an order column is neither here nor in NO_INCLUIDAS.
 */

/** Her ids the WHERE clauses need: the account, her orders, her reviews, her returns. */
interface Suyos {
  cliente: Cliente;
  pedidos: SQL;
  resenas: SQL;
  devoluciones: SQL;
}

const porCliente = (s: Suyos) => sql`cliente_id = ${s.cliente.id}`;
const porPedido = (s: Suyos) => sql`pedido_id IN (${s.pedidos})`;

/** The rows limites_solicitudes keeps about her account: login and recovery attempts counted by her id (auth/routes.ts, recovery.ts) or by the address she typed. */
export const limitesDe = (cliente: Cliente) =>
  sql`(clave LIKE ${`%:id:${cliente.id}`} OR clave LIKE ${`%:id:${cliente.id}:%`} OR lower(clave) LIKE ${`%:nombre:${cliente.correo.toLowerCase()}%`} OR lower(clave) LIKE ${`%:nombre:${cliente.usuario.toLowerCase()}%`})`;

/** Each table with her rows, and which rows. The order is the file's: her account first. */
export const TABLAS_DEL_CLIENTE: Record<string, (s: Suyos) => SQL> = {
  clientes: (s) => sql`id = ${s.cliente.id}`,
  solicitudes_datos: porCliente,
  codigos_recuperacion: porCliente,
  limites_solicitudes: (s) => limitesDe(s.cliente),
  cupones_usuario: porCliente,
  cupones_clientes: porCliente,
  pedidos: porCliente,
  pedido_lineas: porPedido,
  pedido_historial: porPedido,
  pedido_notas: porPedido,
  pagos: porPedido,
  intentos_yape: porPedido,
  transferencias: porPedido,
  comprobantes: porPedido,
  devoluciones: porPedido,
  devolucion_lineas: (s) => sql`devolucion_id IN (${s.devoluciones})`,
  reembolsos: porPedido,
  movimientos_stock: porPedido,
  resenas: porCliente,
  resena_fotos: (s) => sql`resena_id IN (${s.resenas})`,
  reclamos: (s) => {
    const { numero } = documentoDe(s.cliente);
    return sql`(cliente_id = ${s.cliente.id} OR lower(correo) = ${s.cliente.correo.toLowerCase()}${numero ? sql` OR upper(documento_numero) = ${numero.toUpperCase()}` : sql``})`;
  },
  avisos_stock: (s) => sql`(cliente_id = ${s.cliente.id} OR lower(correo) = ${s.cliente.correo.toLowerCase()})`,
};

/** Tables with an e-mail, customer or order column that hold no customer's data, and why. */
export const NO_INCLUIDAS: Record<string, string> = {
  personas: 'Cuentas del personal de la tienda, no de clientes.',
  invitaciones_personal: 'Invitaciones al personal de la tienda, no a clientes.',
};

/** Columns never exported: locks of the shop, not her data. */
const SECRETOS: Record<string, string[]> = {
  clientes: ['password_hash', 'clave_correos', 'busqueda'],
  codigos_recuperacion: ['codigo_hash'],
  avisos_stock: ['clave'],
  comprobantes: ['clave'],
  pedidos: ['busqueda'],
  // The photo once (its larger view); the thumbnails are copies of it.
  resena_fotos: ['clave', 'miniatura', 'miniatura_2x'],
};

/** What the shop does not keep on its server, said in the file so she knows it was not forgotten. */
const NO_GUARDADO = {
  carrito: 'El carrito vive en su navegador (almacenamiento local); la tienda no lo guarda.',
  sesiones:
    'Sus sesiones son fichas firmadas que guarda su navegador; la tienda solo guarda la versión de sesión de la cuenta (sesion_version en clientes), que invalida las anteriores al cambiar la contraseña.',
  dispositivos: 'La cookie que recuerda sus navegadores vive en el navegador; la tienda no guarda una lista de dispositivos.',
};

/** A value as JSON: bytes as base64, big integers as text. */
function valorJson(valor: unknown): unknown {
  if (typeof valor === 'bigint') return valor.toString();
  if (valor instanceof Uint8Array) return Buffer.from(valor).toString('base64');
  return valor;
}

/** Her whole data: the document and the number of rows of each table. */
export async function exportarCliente(db: Db | Tx, cliente: Cliente, ahora = new Date()) {
  const suyos: Suyos = {
    cliente,
    pedidos: sql`SELECT id FROM pedidos WHERE cliente_id = ${cliente.id}`,
    resenas: sql`SELECT id FROM resenas WHERE cliente_id = ${cliente.id}`,
    devoluciones: sql`SELECT id FROM devoluciones WHERE pedido_id IN (SELECT id FROM pedidos WHERE cliente_id = ${cliente.id})`,
  };
  const tablas: Record<string, Record<string, unknown>[]> = {};
  for (const [tabla, donde] of Object.entries(TABLAS_DEL_CLIENTE)) {
    const resultado = await db.execute(sql`SELECT * FROM ${sql.identifier(tabla)} WHERE ${donde(suyos)}`);
    const ocultas = new Set(SECRETOS[tabla] ?? []);
    tablas[tabla] = (resultado as unknown as { rows: Record<string, unknown>[] }).rows.map((fila) =>
      Object.fromEntries(Object.entries(fila).flatMap(([columna, valor]) => (ocultas.has(columna) ? [] : [[columna, valorJson(valor)]]))),
    );
  }
  return {
    tienda: TIENDA.nombre,
    ley: 'Ley 29733, Ley de Protección de Datos Personales: derecho de acceso.',
    exportado: ahora.toISOString(),
    cliente: cliente.id,
    tablas,
    noGuardado: NO_GUARDADO,
    noIncluidas: NO_INCLUIDAS,
  };
}
