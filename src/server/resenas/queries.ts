import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  ACCIONES_CON_MOTIVO,
  MENSAJES_RESENA,
  type AccionResena,
  type EstadoResena,
  type ResenaOperador,
  type ResenaPublica,
  type ResenasProducto,
  type ResenasPublicadas,
} from '../../lib/api/resenas-schemas.ts';
import { PEDIDOS, RESENAS } from '../../lib/tienda.ts';
import type { Db, Tx } from '../db/client.ts';
import { clientes, pedidoLineas, pedidos, productos, resenas, type Resena } from '../db/schema/index.ts';
import { fotoResenaUrl } from '../../lib/resenas/fotos.ts';
import { borrarFoto, guardarFoto, nuevaClave, type FotoProcesada } from './fotos.ts';
import { avisarResultado } from './jobs.ts';

/** Reviews only buyers can write (issue 25): who may write one, the writing, the public lists and the operator's moderation. */

/** The paid states before delivery: a buyer with only these is told to wait for the order. */
const ESTADOS_EN_CAMINO = ['EN PREPARACION', 'EN TRANSITO', 'LISTO PARA RECOGER'];

/**
 * The buyer's first name and last initial, as reviews show her: 'María G.'. Without a surname (the
 * profile's is optional) the second word of a full name typed as the name (Peru's 'Rosa Huamán Torres': the first surname) stands for it; a single name shows alone.
 */
export function autorDe(nombre: string, apellido: string): string {
  const nombres = nombre.trim().split(/\s+/).filter(Boolean);
  const apellidos = apellido.trim().split(/\s+/).filter(Boolean);
  const capital = (word: string) => word.charAt(0).toLocaleUpperCase('es-PE') + word.slice(1);
  const primero = capital(nombres[0] ?? 'Cliente');
  const inicial = (apellidos[0] ?? nombres[1] ?? '').charAt(0).toLocaleUpperCase('es-PE');
  return inicial ? `${primero} ${inicial}.` : primero;
}

/** Whether a customer may review a product: yes with the delivered order that proves it, or why not (status and Spanish message). */
export type Elegibilidad = { puede: true; pedidoId: number } | { puede: false; status: 403 | 404 | 409; mensaje: string };

/** A visible product's id and name, or undefined (a hidden product takes no reviews and shows none). */
export async function productoVisible(db: Db, id: number): Promise<{ id: number; nombre: string } | undefined> {
  const [row] = await db
    .select({ id: productos.id, nombre: productos.nombre })
    .from(productos)
    .where(and(eq(productos.id, id), eq(productos.visible, true)));
  return row;
}

/** Whether `clienteId` may review `productoId` now (one review per product, from an ENTREGADO order that contains it). */
export async function elegibilidad(db: Db, clienteId: number, productoId: number): Promise<Elegibilidad> {
  if (!(await productoVisible(db, productoId))) return { puede: false, status: 404, mensaje: MENSAJES_RESENA.noExiste };
  const [ya] = await db
    .select({ id: resenas.id })
    .from(resenas)
    .where(and(eq(resenas.productoId, productoId), eq(resenas.clienteId, clienteId)));
  if (ya) return { puede: false, status: 409, mensaje: MENSAJES_RESENA.yaResenado };
  const compras = await db
    .selectDistinct({ id: pedidos.id, estado: pedidos.estado })
    .from(pedidos)
    .innerJoin(pedidoLineas, eq(pedidoLineas.pedidoId, pedidos.id))
    .where(
      and(
        eq(pedidos.clienteId, clienteId),
        eq(pedidoLineas.productoId, productoId),
        inArray(pedidos.estado, ['ENTREGADO', ...ESTADOS_EN_CAMINO]),
      ),
    )
    .orderBy(desc(pedidos.id));
  const entregado = compras.find((pedido) => pedido.estado === 'ENTREGADO');
  if (entregado) return { puede: true, pedidoId: entregado.id };
  // The oldest order on its way is the first to arrive.
  const enCamino = compras.at(-1);
  if (enCamino) return { puede: false, status: 403, mensaje: MENSAJES_RESENA.noEntregado(enCamino.id) };
  return { puede: false, status: 403, mensaje: MENSAJES_RESENA.noComprado };
}

/**
 * Whether `clienteId` may review some product now, before the request's body (and so the product) is
 * read: a customer with no delivered, visible, unreviewed product is refused without reading a photo
 * she sends (issue 34). The refusal says why as elegibilidad would for most products: the oldest order
 * on its way, else that only buyers may.
 */
export async function elegibilidadPrevia(db: Db, clienteId: number): Promise<Elegibilidad | { puede: true }> {
  const compras = await db
    .selectDistinct({ id: pedidos.id, estado: pedidos.estado })
    .from(pedidos)
    .innerJoin(pedidoLineas, eq(pedidoLineas.pedidoId, pedidos.id))
    .innerJoin(productos, and(eq(productos.id, pedidoLineas.productoId), eq(productos.visible, true)))
    .leftJoin(resenas, and(eq(resenas.productoId, pedidoLineas.productoId), eq(resenas.clienteId, clienteId)))
    .where(and(eq(pedidos.clienteId, clienteId), inArray(pedidos.estado, ['ENTREGADO', ...ESTADOS_EN_CAMINO]), isNull(resenas.id)))
    .orderBy(asc(pedidos.id));
  if (compras.some((pedido) => pedido.estado === 'ENTREGADO')) return { puede: true };
  if (compras[0]) return { puede: false, status: 403, mensaje: MENSAJES_RESENA.noEntregado(compras[0].id) };
  return { puede: false, status: 403, mensaje: MENSAJES_RESENA.noComprado };
}

/** What a review is written with (validated at the edge; the photo re-encoded, stored with the review). */
export interface ResenaEscrita {
  productoId: number;
  clienteId: number;
  pedidoId: number;
  estrellas: number;
  titulo: string;
  texto: string;
  foto: FotoProcesada | null;
}

/**
 * Stores a review, PENDIENTE, with its photo's copies; undefined when the customer already has one of
 * that product (the unique index decides, so two simultaneous requests make one row).
 */
export async function crearResena(db: Db, { foto, ...resena }: ResenaEscrita): Promise<{ id: number; estado: EstadoResena } | undefined> {
  const [cliente] = await db
    .select({ nombre: clientes.nombre, apellido: clientes.apellido })
    .from(clientes)
    .where(eq(clientes.id, resena.clienteId));
  const clave = foto ? nuevaClave() : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(resenas)
      .values({ ...resena, foto: clave ? fotoResenaUrl(clave) : null, autor: autorDe(cliente?.nombre ?? '', cliente?.apellido ?? '') })
      .onConflictDoNothing({ target: [resenas.productoId, resenas.clienteId] })
      .returning({ id: resenas.id, estado: resenas.estado });
    if (row && foto && clave) await guardarFoto(tx, row.id, clave, foto);
    return row && { id: row.id, estado: row.estado as EstadoResena };
  });
}

const publicaColumns = {
  id: resenas.id,
  productoId: resenas.productoId,
  estrellas: resenas.estrellas,
  titulo: resenas.titulo,
  texto: resenas.texto,
  autor: resenas.autor,
  moderada: resenas.moderada,
  creada: resenas.creada,
  foto: resenas.foto,
};

type FilaPublica = Pick<Resena, 'id' | 'productoId' | 'estrellas' | 'titulo' | 'texto' | 'autor' | 'moderada' | 'creada' | 'foto'>;

const publica = (row: FilaPublica): ResenaPublica => ({
  id: row.id,
  estrellas: row.estrellas,
  titulo: row.titulo,
  texto: row.texto,
  autor: row.autor,
  fecha: new Date(row.moderada ?? row.creada).toISOString(),
  foto: row.foto,
  compraVerificada: true,
});

/** The average of `suma` over `cantidad` stars to one decimal; 0 with none. */
export const promedio = (suma: number, cantidad: number) => (cantidad > 0 ? Math.round((suma / cantidad) * 10) / 10 : 0);

/** Page `pagina` of a visible product's approved reviews, newest first, with their average and count; undefined for no such product. */
export async function resenasDeProducto(db: Db, productoId: number, pagina: number): Promise<ResenasProducto | undefined> {
  const [producto] = await db
    .select({ cantidad: productos.resenasCantidad, suma: productos.resenasSuma })
    .from(productos)
    .where(and(eq(productos.id, productoId), eq(productos.visible, true)));
  if (!producto) return undefined;
  const rows = await db
    .select(publicaColumns)
    .from(resenas)
    .where(and(eq(resenas.productoId, productoId), eq(resenas.estado, 'APROBADA')))
    .orderBy(desc(resenas.moderada), desc(resenas.id))
    .limit(RESENAS.porPagina)
    .offset((pagina - 1) * RESENAS.porPagina);
  return {
    idProducto: productoId,
    promedio: promedio(producto.suma, producto.cantidad),
    cantidad: producto.cantidad,
    pagina,
    paginas: Math.max(1, Math.ceil(producto.cantidad / RESENAS.porPagina)),
    resenas: rows.map(publica),
  };
}

/** The build's snapshot: the newest RESENAS.enPagina approved reviews of each visible product that has any. */
export async function resenasPublicadas(db: Db): Promise<ResenasPublicadas> {
  const numeradas = db
    .select({
      ...publicaColumns,
      n: sql<number>`row_number() over (partition by ${resenas.productoId} order by ${resenas.moderada} desc, ${resenas.id} desc)`.as('n'),
    })
    .from(resenas)
    .innerJoin(productos, eq(productos.id, resenas.productoId))
    .where(and(eq(resenas.estado, 'APROBADA'), eq(productos.visible, true)))
    .as('numeradas');
  const rows = await db
    .select()
    .from(numeradas)
    .where(sql`${numeradas.n} <= ${RESENAS.enPagina}`)
    .orderBy(asc(numeradas.productoId), asc(numeradas.n));
  const porProducto = new Map<number, ResenaPublica[]>();
  for (const row of rows) porProducto.set(row.productoId, [...(porProducto.get(row.productoId) ?? []), publica(row)]);
  return { productos: [...porProducto].map(([idProducto, lista]) => ({ idProducto, resenas: lista })) };
}

const operadorColumns = {
  resena: resenas,
  producto: productos.nombre,
  correo: clientes.correo,
  pedidoFecha: pedidos.creado,
};

type FilaOperador = { resena: Resena; producto: string; correo: string; pedidoFecha: Date };

const operador = ({ resena: r, producto, correo, pedidoFecha }: FilaOperador): ResenaOperador => ({
  id: r.id,
  estado: r.estado as EstadoResena,
  producto: { idProducto: r.productoId, nombre: producto },
  cliente: { id: r.clienteId, correo },
  autor: r.autor,
  pedido: r.pedidoId,
  pedidoFecha: pedidoFecha.toISOString(),
  estrellas: r.estrellas,
  titulo: r.titulo,
  texto: r.texto,
  foto: r.foto,
  fotoOperador: r.foto ? `/admin/api/resenas/${r.id}/foto` : null,
  creada: r.creada.toISOString(),
  moderada: r.moderada?.toISOString() ?? null,
  operador: r.operador,
  motivo: r.motivo,
});

const conProductoYCliente = (db: Db | Tx) =>
  db
    .select(operadorColumns)
    .from(resenas)
    .innerJoin(productos, eq(productos.id, resenas.productoId))
    .innerJoin(clientes, eq(clientes.id, resenas.clienteId))
    .innerJoin(pedidos, eq(pedidos.id, resenas.pedidoId));

/** The operator's list: those in `estado` (the pending ones oldest first, a queue) or all, newest first; at most PEDIDOS.listaOperadorMaxima. */
export async function resenasOperador(db: Db, estado?: EstadoResena): Promise<ResenaOperador[]> {
  const query = conProductoYCliente(db).where(estado ? eq(resenas.estado, estado) : undefined);
  const rows = await query
    .orderBy(estado === 'PENDIENTE' ? asc(resenas.creada) : desc(resenas.creada), asc(resenas.id))
    .limit(PEDIDOS.listaOperadorMaxima);
  return rows.map(operador);
}

/** One review as the operator sees it, or undefined. */
export async function resenaOperador(db: Db | Tx, id: number): Promise<ResenaOperador | undefined> {
  const [row] = await conProductoYCliente(db).where(eq(resenas.id, id));
  return row && operador(row);
}

/** The state each move leads to, and the states it may start from. */
export const MOVIMIENTOS: Record<AccionResena, { hacia: EstadoResena; desde: readonly EstadoResena[] }> = {
  aprobar: { hacia: 'APROBADA', desde: ['PENDIENTE', 'RECHAZADA'] },
  rechazar: { hacia: 'RECHAZADA', desde: ['PENDIENTE', 'APROBADA', 'OCULTA'] },
  ocultar: { hacia: 'OCULTA', desde: ['APROBADA'] },
  mostrar: { hacia: 'APROBADA', desde: ['OCULTA'] },
};

/** What a moderation did: done (with the review before), already in that state, not a move from its state, or no such review. */
export type Moderacion =
  | { resultado: 'hecho'; antes: EstadoResena; resena: ResenaOperador }
  | { resultado: 'ya'; resena: ResenaOperador }
  | { resultado: 'no-permitida'; antes: EstadoResena; resena: ResenaOperador }
  | { resultado: 'sin-resena' };

/**
 * Moves a review (MOVIMIENTOS) and recomputes its product's count and star sum from the APROBADA rows,
 * in one transaction (approving then rejecting one review leaves the product as before). The product is
 * locked first, so two moderations of one product's reviews count each other, and the review itself, so a
 * double click or a second process finds the move done ('ya'). A rejection or a hiding keeps `motivo`;
 * aprobar and rechazar queue the buyer's e-mail (jobs.ts), once per review and outcome. `alModerar` runs
 * in the same transaction (the operator's audit entry).
 */
export async function moderar(
  db: Db,
  id: number,
  accion: AccionResena,
  operadorNombre: string,
  { motivo = null, alModerar }: { motivo?: string | null; alModerar?: (tx: Tx, antes: EstadoResena) => Promise<void> } = {},
): Promise<Moderacion> {
  const { hacia, desde } = MOVIMIENTOS[accion];
  return db.transaction(async (tx) => {
    const [fila] = await tx.select({ productoId: resenas.productoId }).from(resenas).where(eq(resenas.id, id));
    if (!fila) return { resultado: 'sin-resena' };
    await tx.select({ id: productos.id }).from(productos).where(eq(productos.id, fila.productoId)).for('update');
    const [actual] = await tx.select({ estado: resenas.estado }).from(resenas).where(eq(resenas.id, id)).for('update');
    const antes = actual!.estado as EstadoResena;
    if (antes === hacia) return { resultado: 'ya', resena: (await resenaOperador(tx, id))! };
    if (!desde.includes(antes)) return { resultado: 'no-permitida', antes, resena: (await resenaOperador(tx, id))! };
    await tx
      .update(resenas)
      .set({ estado: hacia, moderada: new Date(), operador: operadorNombre, motivo: ACCIONES_CON_MOTIVO.includes(accion) ? motivo : null })
      .where(eq(resenas.id, id));
    // A rejected review's photo is not kept (issue 34): a later approval publishes the text alone. A hidden one keeps it.
    if (hacia === 'RECHAZADA') await borrarFoto(tx, id);
    await tx
      .update(productos)
      .set({
        resenasCantidad: sql`(SELECT count(*) FROM ${resenas} WHERE ${resenas.productoId} = ${fila.productoId} AND ${resenas.estado} = 'APROBADA')`,
        resenasSuma: sql`(SELECT coalesce(sum(${resenas.estrellas}), 0) FROM ${resenas} WHERE ${resenas.productoId} = ${fila.productoId} AND ${resenas.estado} = 'APROBADA')`,
      })
      .where(eq(productos.id, fila.productoId));
    if (accion === 'aprobar') await avisarResultado(tx, id, 'publicada');
    if (accion === 'rechazar') await avisarResultado(tx, id, 'rechazada');
    await alModerar?.(tx, antes);
    return { resultado: 'hecho', antes, resena: (await resenaOperador(tx, id))! };
  });
}
