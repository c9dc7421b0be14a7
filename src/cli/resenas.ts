import type { OperatorClient } from '../lib/api/operator-client.ts';
import {
  ACCIONES_CON_MOTIVO,
  ACCIONES_RESENA,
  ESTADOS_RESENA,
  type EstadoResena,
  type ResenaOperador,
} from '../lib/api/resenas-schemas.ts';
import { foldAccents } from '../lib/text.ts';
import { CliError } from './errors.ts';
import { columns } from './format.ts';

/**
 * The reviews' commands of `npm run shop` (issue 25): the list (all, the pending ones or those in a
 * state), one review, and its moderation (aprobar, rechazar MOTIVO, ocultar MOTIVO, mostrar).
 */

/** The options these commands read (parsed by shop.ts). */
export interface OpcionesResenas {
  estado?: string;
  pendientes?: boolean;
}

const EJEMPLO = 'npm run shop -- resena 12';

const fecha = (iso: string) =>
  new Intl.DateTimeFormat('es-PE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Lima' }).format(new Date(iso));
const corto = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const una = (text: string) => text.replace(/\s+/g, ' ').trim();
const estrellas = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(Math.max(0, 5 - n))}`;

/** A review state as typed (pendientes, Aprobada, rechazadas…), or a refusal naming the valid ones. */
export function estadoResenaArg(texto: string): EstadoResena {
  const clave = foldAccents(texto).trim().toUpperCase().replace(/S$/, '');
  const estado = ESTADOS_RESENA.find((valor) => valor === clave);
  if (!estado)
    throw new CliError(`"${texto}" no es un estado de las reseñas. Estados: ${ESTADOS_RESENA.map((e) => e.toLowerCase()).join(', ')}.`);
  return estado;
}

/** Reviews as a table: number, date, product, stars, author, title and state. */
export function formatResenas(resenas: ResenaOperador[], estado?: EstadoResena): string {
  if (resenas.length === 0) return estado ? `No hay reseñas en estado ${estado.toLowerCase()}.` : 'Todavía no hay reseñas.';
  const titulo = `${resenas.length} reseña(s)${estado ? ` en estado ${estado.toLowerCase()}` : ''}${estado === 'PENDIENTE' ? ', la más antigua primero' : ''}:`;
  const rows = resenas.map((r) => [
    String(r.id),
    fecha(r.creada),
    corto(`${r.producto.idProducto} ${r.producto.nombre}`, 36),
    estrellas(r.estrellas),
    corto(r.autor, 16),
    corto(una(r.titulo), 40),
    r.estado.toLowerCase(),
  ]);
  const ejemplo = `npm run shop -- resena ${resenas[0]!.id}`;
  const pie =
    estado === 'PENDIENTE'
      ? `\n\nLee una con: ${ejemplo}; publícala con: ${ejemplo} aprobar (o recházala con: ${ejemplo} rechazar "motivo").`
      : '';
  return `${titulo}\n\n${columns([['N.°', 'Fecha', 'Producto', 'Estrellas', 'Autor', 'Título', 'Estado'], ...rows])}${pie}`;
}

/** One review in full: product, buyer, order, stars, texts, photo and its moderation. */
export function formatResena(r: ResenaOperador): string {
  const moderacion = r.moderada
    ? [`Moderada: ${fecha(r.moderada)}${r.operador ? ` por ${r.operador}` : ''}${r.motivo ? ` · motivo: ${una(r.motivo)}` : ''}`]
    : [];
  const comando = `npm run shop -- resena ${r.id}`;
  const siguiente = {
    PENDIENTE: `Publícala con: ${comando} aprobar (o recházala con: ${comando} rechazar "motivo").`,
    APROBADA: `Para ocultarla: ${comando} ocultar "motivo"`,
    RECHAZADA: `Para publicarla después de todo: ${comando} aprobar`,
    OCULTA: `Para mostrarla de nuevo: ${comando} mostrar`,
  }[r.estado];
  return [
    `Reseña N.° ${r.id} · ${r.estado.toLowerCase()} · ${estrellas(r.estrellas)} (${r.estrellas} de 5)`,
    `Producto: ${r.producto.idProducto} ${r.producto.nombre}`,
    `Autor: ${r.autor} · cliente ${r.cliente.id} (${r.cliente.correo}) · pedido N.° ${r.pedido} del ${fecha(r.pedidoFecha)}`,
    `Escrita: ${fecha(r.creada)}`,
    ...moderacion,
    '',
    `Título: ${r.titulo}`,
    ...r.texto.split(/\r?\n/).map((line) => `  ${line}`),
    // A photo is public only once approved; before, the operator API shows it (issue 34).
    ...(r.fotoOperador
      ? ['', `Foto: ${r.fotoOperador} (API del operador, con tu token)${r.estado === 'APROBADA' && r.foto ? `; pública en ${r.foto}` : ''}`]
      : []),
    '',
    siguiente,
  ].join('\n');
}

/** Runs `resenas …` or `resena …`; false when `comando` is neither. */
export async function runResenasCommand(
  comando: string,
  args: string[],
  opciones: OpcionesResenas,
  { cliente, out }: { cliente: OperatorClient; out: (text: string) => void },
): Promise<boolean> {
  if (comando === 'resenas' || comando === 'reseñas') {
    if (args.length > 0) throw new CliError('resenas no lleva argumentos (usa --pendientes o --estado ESTADO).');
    if (opciones.pendientes && opciones.estado !== undefined) throw new CliError('Usa --pendientes o --estado, no los dos.');
    const estado = opciones.pendientes ? 'PENDIENTE' : opciones.estado === undefined ? undefined : estadoResenaArg(opciones.estado);
    const { resenas } = await cliente.resenas(estado);
    out(formatResenas(resenas, estado));
    return true;
  }
  if (comando !== 'resena' && comando !== 'reseña') return false;
  const [numero, accion, ...resto] = args;
  const id = numero?.trim().replace(/^N\.?°?\s*/i, '');
  if (!id || !/^[1-9]\d{0,8}$/.test(id)) throw new CliError(`Indica el número de la reseña, por ejemplo: ${EJEMPLO}`);
  if (accion === undefined) {
    const { resena } = await cliente.resena(id);
    out(formatResena(resena));
    return true;
  }
  const movimiento = ACCIONES_RESENA.find((valor) => valor === accion);
  if (!movimiento)
    throw new CliError(
      `"${[accion, ...resto].join(' ')}" no es una acción de la reseña: usa aprobar, rechazar, ocultar o mostrar, por ejemplo: ${EJEMPLO} aprobar`,
    );
  const conMotivo = ACCIONES_CON_MOTIVO.includes(movimiento);
  if (conMotivo && resto.length === 0)
    throw new CliError(`Indica el motivo, por ejemplo: ${EJEMPLO} ${movimiento} "No habla del producto"`);
  if (!conMotivo && resto.length > 0) throw new CliError(`${movimiento} no lleva más argumentos, por ejemplo: ${EJEMPLO} ${movimiento}`);
  const { mensaje } = await cliente.moderateResena(id, movimiento, conMotivo ? resto.join(' ') : undefined);
  out(mensaje);
  return true;
}
