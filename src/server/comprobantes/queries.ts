import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  TIPOS_FILTRO_COMPROBANTE,
  type ComprobanteOperador,
  type ComprobantePedido,
  type DetalleComprobanteOperador,
  type EstadoComprobanteWire,
  type EstadoFiltroComprobante,
  type FiltroComprobantes,
  type IntentoEmisionOperador,
  type NotaVinculada,
} from '../../lib/api/comprobantes-schemas.ts';
import { leerNumeroComprobante, NOMBRES_COMPROBANTE, numeroComprobante } from '../../lib/comprobantes/numero.ts';
import { accionesPermitidas } from '../../lib/comprobantes/acciones.ts';
import { codigoDeObservacion, explicarCodigoSunat } from '../../lib/comprobantes/sunat-codigos.ts';
import { toSoles } from '../../lib/pricing/money.ts';
import { PEDIDOS } from '../../lib/tienda.ts';
import type { Db } from '../db/client.ts';
import { comprobantes, trabajos, type Comprobante } from '../db/schema/index.ts';

/**
 * The read side of the electronic receipts (issue 23): the operator's list, one receipt by number or
 * by the key of its printable page, an order's receipts, and their wire shapes in soles. Writing
 * them (numbering, issuing) is emision.ts's.
 */

/** The job kind that issues a receipt (emision.ts), keyed `emitir-comprobante:{id}` (and `…:reintento-N`). */
export const TRABAJO_EMISION = 'emitir-comprobante';

/** A receipt's printable page on the shop's site (the key is the capability). */
/** The path of a receipt's printable page on the API. */
export const rutaComprobante = (clave: string) => `/api/comprobantes/${encodeURIComponent(clave)}`;
export const urlComprobante = (siteUrl: string, clave: string) => `${siteUrl.replace(/\/+$/, '')}${rutaComprobante(clave)}`;

/** The receipt's number as printed: B001-00000042. */
export const numeroDe = (row: Pick<Comprobante, 'serie' | 'correlativo'>) => numeroComprobante(row.serie, row.correlativo);

/** The shape of a key of a printable page: anything else is answered as unknown without asking the database. */
export const CLAVE_VALIDA = /^[A-Za-z0-9_-]{8,128}$/;

/** The instant a Lima day (AAAA-MM-DD) begins, and the one the day after it begins. */
const inicioDiaLima = (dia: string) => new Date(`${dia}T00:00:00-05:00`);
const finDiaLima = (dia: string) => new Date(inicioDiaLima(dia).getTime() + 24 * 60 * 60 * 1000);

/** A rejected receipt no other replaces yet (the operator's to act on). */
const sinReemplazo = sql`NOT EXISTS (SELECT 1 FROM comprobantes AS r WHERE r.reemplaza_id = ${comprobantes.id})`;

/** Each of the list's states as a condition (decision 0210): `aceptado` is accepted without observations, `observado` with them. */
const CONDICION_ESTADO: Record<EstadoFiltroComprobante, SQL> = {
  pendiente: eq(comprobantes.estado, 'pendiente'),
  aceptado: and(eq(comprobantes.estado, 'aceptado'), isNull(comprobantes.observaciones))!,
  observado: and(eq(comprobantes.estado, 'aceptado'), isNotNull(comprobantes.observaciones))!,
  rechazado: eq(comprobantes.estado, 'rechazado'),
  'por-atender': or(eq(comprobantes.estado, 'pendiente'), and(eq(comprobantes.estado, 'rechazado'), sinReemplazo))!,
};

/** A row's state as the list's filter names it: its SUNAT state, an accepted one with observations `observado`. */
export const estadoDeFila = (row: Pick<Comprobante, 'estado' | 'observaciones'>): Exclude<EstadoFiltroComprobante, 'por-atender'> =>
  row.estado === 'aceptado' && row.observaciones !== null ? 'observado' : row.estado;

/** The WHERE of a filter: every condition it names, ANDed (the dates are Lima days on the date of issue, both included). */
export function condicionComprobantes(filtro: Omit<FiltroComprobantes, 'pagina' | 'porPagina'>): SQL | undefined {
  return and(
    filtro.serie ? eq(comprobantes.serie, filtro.serie.toUpperCase()) : undefined,
    filtro.tipo ? eq(comprobantes.tipo, TIPOS_FILTRO_COMPROBANTE[filtro.tipo]) : undefined,
    filtro.estado ? CONDICION_ESTADO[filtro.estado] : undefined,
    filtro.desde ? gte(comprobantes.emitido, inicioDiaLima(filtro.desde)) : undefined,
    filtro.hasta ? lt(comprobantes.emitido, finDiaLima(filtro.hasta)) : undefined,
  );
}

/**
 * One page of the operator's list: the newest first (those to act on, `por-atender`, the rejected first and
 * then the pending, each the oldest first), with how many match in all.
 */
export async function paginaComprobantes(db: Db, filtro: FiltroComprobantes): Promise<{ rows: Comprobante[]; total: number }> {
  const porPagina = filtro.porPagina ?? PEDIDOS.listaOperadorMaxima;
  const pagina = filtro.pagina ?? 1;
  const donde = condicionComprobantes(filtro);
  const orden =
    filtro.estado === 'por-atender'
      ? [sql`(${comprobantes.estado} = 'rechazado') DESC`, asc(comprobantes.emitido), asc(comprobantes.id)]
      : [desc(comprobantes.emitido), desc(comprobantes.id)];
  const [rows, [cuenta]] = await Promise.all([
    db
      .select()
      .from(comprobantes)
      .where(donde)
      .orderBy(...orden)
      .limit(porPagina)
      .offset((pagina - 1) * porPagina),
    db.select({ total: count() }).from(comprobantes).where(donde),
  ]);
  return { rows, total: Number(cuenta?.total ?? 0) };
}

/** A receipt by its number as typed (B001-00000042, b001-42); undefined when there is none or it is not a number. */
export async function comprobantePorNumero(db: Db, numero: string): Promise<Comprobante | undefined> {
  const leido = leerNumeroComprobante(numero);
  if (!leido) return undefined;
  const [row] = await db
    .select()
    .from(comprobantes)
    .where(and(eq(comprobantes.serie, leido.serie), eq(comprobantes.correlativo, leido.correlativo)));
  return row;
}

/** A receipt by the key of its printable page; undefined for an unknown or malformed key. */
export async function comprobantePorClave(db: Db, clave: string): Promise<Comprobante | undefined> {
  if (!CLAVE_VALIDA.test(clave)) return undefined;
  const [row] = await db.select().from(comprobantes).where(eq(comprobantes.clave, clave));
  return row;
}

/** An order's receipts, oldest first (the sale receipt, then its credit note). */
export async function comprobantesDePedido(db: Db, pedidoId: number): Promise<Comprobante[]> {
  return db.select().from(comprobantes).where(eq(comprobantes.pedidoId, pedidoId)).orderBy(asc(comprobantes.emitido), asc(comprobantes.id));
}

/** A sale receipt by id (the one a credit note modifies). */
export async function comprobantePorId(db: Db, id: number): Promise<Comprobante | undefined> {
  const [row] = await db.select().from(comprobantes).where(eq(comprobantes.id, id));
  return row;
}

/** The receipts these rows point to or are pointed to by: the numbers of what a credit note modifies and of what a replacement replaces (by id), and of each rejected row's replacement (by the rejected id). */
interface Vinculos {
  numeros: Map<number, string>;
  reemplazos: Map<number, string>;
}

async function vinculos(db: Db, rows: Comprobante[]): Promise<Vinculos> {
  const ids = [...new Set(rows.flatMap((row) => [row.modificaId, row.reemplazaId]).filter((id): id is number => id !== null))];
  const rechazados = rows.filter((row) => row.estado === 'rechazado').map((row) => row.id);
  const [referidos, reemplazos] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({ id: comprobantes.id, serie: comprobantes.serie, correlativo: comprobantes.correlativo })
          .from(comprobantes)
          .where(inArray(comprobantes.id, ids)),
    rechazados.length === 0
      ? []
      : db
          .select({ reemplazaId: comprobantes.reemplazaId, serie: comprobantes.serie, correlativo: comprobantes.correlativo })
          .from(comprobantes)
          .where(inArray(comprobantes.reemplazaId, rechazados)),
  ]);
  return {
    numeros: new Map(referidos.map((row) => [row.id, numeroDe(row)])),
    reemplazos: new Map(reemplazos.map((row) => [row.reemplazaId!, numeroDe(row)])),
  };
}

/** What a row's links say, as the operator's shape carries them. */
const enlazados = (row: Comprobante, { numeros, reemplazos }: Vinculos) => ({
  modifica: row.modificaId === null ? null : (numeros.get(row.modificaId) ?? null),
  reemplaza: row.reemplazaId === null ? null : (numeros.get(row.reemplazaId) ?? null),
  reemplazadoPor: reemplazos.get(row.id) ?? null,
});

/** The issuing jobs of these receipts, oldest first, by receipt id. */
export async function trabajosDeEmision(db: Db, ids: number[]): Promise<Map<number, IntentoEmisionOperador[]>> {
  const porId = new Map<number, IntentoEmisionOperador[]>();
  if (ids.length === 0) return porId;
  const rows = await db
    .select()
    .from(trabajos)
    .where(and(eq(trabajos.tipo, TRABAJO_EMISION), inArray(sql<string>`${trabajos.datos}->>'comprobanteId'`, ids.map(String))))
    .orderBy(asc(trabajos.creado), asc(trabajos.id));
  for (const row of rows) {
    const id = Number((row.datos as { comprobanteId?: unknown }).comprobanteId);
    const agotado = row.intentos >= row.maxIntentos;
    const lista = porId.get(id) ?? [];
    lista.push({
      clave: row.clave ?? `${TRABAJO_EMISION}:${id}`,
      creado: row.creado.toISOString(),
      intentos: row.intentos,
      maxIntentos: row.maxIntentos,
      terminado: row.terminado?.toISOString() ?? null,
      proximo: row.terminado || agotado ? null : row.ejecutarEn.toISOString(),
      ultimoError: row.ultimoError,
    });
    porId.set(id, lista);
  }
  return porId;
}

/** The last failure of the newest job, unless that job has since succeeded. */
const ultimoErrorDe = (lista: IntentoEmisionOperador[] | undefined) => {
  const ultimo = lista?.at(-1);
  return ultimo && !ultimo.terminado ? ultimo.ultimoError : null;
};

/** Only the provider's http(s) links are shown (a stored value is never trusted as a URL scheme). */
export const enlaceSeguro = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/** A receipt as the shopper sees it on their order: its page as a path of the API (the storefront prefixes its API base). */
export function comprobantePedido(row: Comprobante): ComprobantePedido {
  return {
    tipo: row.tipo,
    nombre: NOMBRES_COMPROBANTE[row.tipo],
    numero: numeroDe(row),
    estado: row.estado as EstadoComprobanteWire,
    url: rutaComprobante(row.clave),
    pdf: enlaceSeguro(row.enlacePdf),
    prueba: row.proveedor === 'prueba',
  };
}

/** A receipt as the operator lists it; `modifica` is the number of a credit note's receipt, `reemplaza` and `reemplazadoPor` those of a rejected receipt's replacement chain. */
export function comprobanteOperador(
  row: Comprobante,
  {
    siteUrl,
    modifica = null,
    reemplaza = null,
    reemplazadoPor = null,
    ultimoError = null,
  }: { siteUrl: string; modifica?: string | null; reemplaza?: string | null; reemplazadoPor?: string | null; ultimoError?: string | null },
): ComprobanteOperador {
  return {
    numero: numeroDe(row),
    tipo: row.tipo,
    nombre: NOMBRES_COMPROBANTE[row.tipo],
    pedido: row.pedidoId,
    emitido: row.emitido.toISOString(),
    cliente: {
      tipoDocumento: row.cliente.tipoDocumento,
      numeroDocumento: row.cliente.numeroDocumento,
      denominacion: row.cliente.denominacion,
    },
    total: toSoles(row.total),
    estado: row.estado as EstadoComprobanteWire,
    mensaje: row.mensaje,
    proveedor: row.proveedor,
    modifica,
    url: urlComprobante(siteUrl, row.clave),
    pdf: enlaceSeguro(row.enlacePdf),
    xml: enlaceSeguro(row.enlaceXml),
    cdr: enlaceSeguro(row.enlaceCdr),
    ultimoError,
    prueba: row.proveedor === 'prueba',
    reemplaza,
    reemplazadoPor,
    observaciones: row.observaciones,
    porCorregir: row.porCorregir,
    codigoSunat: row.codigoSunat,
    explicacion: explicarCodigoSunat(row.codigoSunat),
    explicacionObservaciones: explicarCodigoSunat(codigoDeObservacion(row.observaciones)),
    acciones: accionesPermitidas(row, reemplazadoPor),
  };
}

/** Rows as the operator lists them, with the numbers they modify and their jobs' last failures. */
export async function comprobantesOperador(db: Db, rows: Comprobante[], siteUrl: string): Promise<ComprobanteOperador[]> {
  const [enlaces, jobs] = await Promise.all([
    vinculos(db, rows),
    trabajosDeEmision(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => comprobanteOperador(row, { siteUrl, ...enlazados(row, enlaces), ultimoError: ultimoErrorDe(jobs.get(row.id)) }));
}

/** One receipt in full for the operator: buyer, lines and totals in soles, and every attempt to issue it. */
export async function detalleComprobanteOperador(db: Db, row: Comprobante, siteUrl: string): Promise<DetalleComprobanteOperador> {
  const [enlaces, jobs, notas] = await Promise.all([vinculos(db, [row]), trabajosDeEmision(db, [row.id]), notasDe(db, row.id)]);
  const lista = jobs.get(row.id) ?? [];
  return {
    ...comprobanteOperador(row, { siteUrl, ...enlazados(row, enlaces), ultimoError: ultimoErrorDe(lista) }),
    cliente: { ...row.cliente },
    items: row.items.map((item) => ({
      codigo: item.codigo,
      descripcion: item.descripcion,
      unidad: item.unidad,
      cantidad: item.cantidad,
      valorUnitario: valorUnitario(item),
      precioUnitario: toSoles(item.precioUnitario),
      descuento: toSoles(item.descuento),
      valor: toSoles(item.valor),
      igv: toSoles(item.igv),
      total: toSoles(item.total),
    })),
    gravada: toSoles(row.gravada),
    igv: toSoles(row.igv),
    descuentos: toSoles(row.descuentos),
    motivo: row.motivo,
    notas,
    clienteCorregido: row.clienteCorregido ? { ...row.clienteCorregido } : null,
    actualizado: row.actualizado.toISOString(),
    trabajos: lista,
  };
}

/** The credit notes that modify a receipt, oldest first (a refund's, a return's, a cancellation's). */
async function notasDe(db: Db, id: number): Promise<NotaVinculada[]> {
  const rows = await db
    .select()
    .from(comprobantes)
    .where(and(eq(comprobantes.modificaId, id), eq(comprobantes.tipo, '07')))
    .orderBy(asc(comprobantes.emitido), asc(comprobantes.id));
  return rows.map((nota) => ({
    numero: numeroDe(nota),
    estado: nota.estado as EstadoComprobanteWire,
    emitido: nota.emitido.toISOString(),
    total: toSoles(nota.total),
    motivo: nota.motivo,
  }));
}

/** One unit without IGV, in soles to two decimals: the line's value before its discount over its quantity. */
export const valorUnitario = (item: { valorBruto: number; cantidad: number }) =>
  toSoles(Math.round(item.valorBruto / Math.max(item.cantidad, 1)));
