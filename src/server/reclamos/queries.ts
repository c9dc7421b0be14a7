import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { RECLAMOS } from '../../lib/tienda.ts';
import { emisorVigente } from '../tienda/ajustes.ts';
import { fechaLima } from '../../lib/dates.ts';
import { diasHabilesEntre, sumarDiasHabiles, type NoLaborable } from '../../lib/dias-habiles.ts';
import { toCentimos, toSoles } from '../../lib/pricing/money.ts';
import {
  leerNumeroReclamo,
  numeroReclamo,
  type Apoderado,
  type FiltroReclamo,
  type HojaReclamacion,
  type ReclamoOperador,
  type ReclamoValidado,
} from '../../lib/api/reclamos-schemas.ts';
import type { DocType } from '../../lib/api/account-rules.ts';
import type { Db, Tx } from '../db/client.ts';
import { clientes, reclamos, reclamosCorrelativos, type Reclamo } from '../db/schema/index.ts';
import { enqueue } from '../jobs/queue.ts';
import { noLaborables } from './calendario.ts';
import { cupoDeCopia, type TopesCopias } from './topes.ts';

/**
 * The Libro de Reclamaciones' rows: filing a sheet (its yearly correlative drawn in the same
 * transaction, its e-mails queued with it), reading sheets as the consumer and the operator see
 * them, and recording the shop's answer once.
 */

/** The job kinds of the book's e-mails (reclamos/jobs.ts handles them). */
export const TRABAJOS_RECLAMO = {
  copia: 'reclamo-copia',
  enlace: 'reclamo-copia-enlace',
  aviso: 'reclamo-aviso-tienda',
  respuesta: 'reclamo-respuesta',
  tope: 'reclamo-tope-copias',
} as const;

/** How the consumer got their copy by e-mail: in full (their own account's address), as its number and link (any other), or not at all (a daily cap). */
export type EnvioCopia = 'completa' | 'enlace' | 'no-enviada';

/** Whether `correo` is the address of the account `clienteId` (so the shop may send it the consumer's own text). */
export async function esCorreoDeLaCuenta(db: Db | Tx, clienteId: number | null, correo: string): Promise<boolean> {
  if (clienteId === null) return false;
  const [cuenta] = await db.select({ correo: clientes.correo }).from(clientes).where(eq(clientes.id, clienteId));
  return cuenta !== undefined && cuenta.correo.trim().toLowerCase() === correo.trim().toLowerCase();
}

/** A stored row as the sheet the consumer, the e-mails and the CSV show. */
export function hojaDe(row: Reclamo): HojaReclamacion {
  return {
    numero: numeroReclamo(row.anio, row.correlativo),
    fecha: row.fecha.toISOString(),
    proveedor: row.proveedor as HojaReclamacion['proveedor'],
    tipo: row.tipo as HojaReclamacion['tipo'],
    consumidor: {
      nombre: row.nombre,
      documentoTipo: row.documentoTipo as DocType,
      documentoNumero: row.documentoNumero,
      direccion: row.direccion,
      telefono: row.telefono,
      correo: row.correo,
      menorDeEdad: row.menorDeEdad,
      apoderado: (row.apoderado as Apoderado | null) ?? null,
    },
    bien: { tipo: row.bienTipo as HojaReclamacion['bien']['tipo'], descripcion: row.bienDescripcion, pedido: row.pedido },
    monto: row.monto === null ? null : toSoles(row.monto),
    detalle: row.detalle,
    pedidoConsumidor: row.pedidoConsumidor,
    plazo: row.plazo,
    estado: row.respuesta === null ? 'pendiente' : 'respondido',
    respuesta: row.respuesta === null ? null : { texto: row.respuesta, fecha: row.respondido!.toISOString() },
  };
}

/** A row as the operator sees it on `hoy` (Lima's date): its working days left (by `noLaborable`'s calendar) and, while pending, its flag. */
export function reclamoOperador(row: Reclamo, hoy: string, noLaborable: NoLaborable = noLaborables()): ReclamoOperador {
  const hoja = hojaDe(row);
  const diasHabilesRestantes = diasHabilesEntre(hoy, hoja.plazo, noLaborable);
  const alerta =
    hoja.estado === 'respondido'
      ? null
      : hoy > hoja.plazo
        ? 'vencido'
        : diasHabilesRestantes <= RECLAMOS.avisoDiasHabiles
          ? 'vence-pronto'
          : null;
  return {
    ...hoja,
    clienteId: row.clienteId,
    diasHabilesRestantes,
    alerta,
    respondidoPor: row.respuesta === null ? null : row.respondidoPor,
  };
}

/** Draws the next correlative of `anio`, locking the year's counter row until the caller's transaction ends. */
async function siguienteCorrelativo(tx: Tx, anio: number): Promise<number> {
  const [row] = await tx
    .insert(reclamosCorrelativos)
    .values({ anio, ultimo: 1 })
    .onConflictDoUpdate({ target: reclamosCorrelativos.anio, set: { ultimo: sql`${reclamosCorrelativos.ultimo} + 1` } })
    .returning({ ultimo: reclamosCorrelativos.ultimo });
  return row!.ultimo;
}

/**
 * Files a sheet at `ahora`: its number (the Lima year's next correlative), the provider as it stands,
 * its deadline (working days by `noLaborable`'s calendar), and the consumer's copy and the shop's
 * notice queued in the same transaction, keyed by the sheet so each is sent once. The copy is the
 * full sheet only when the consumer's address is their signed-in account's; any other address gets
 * the number and the link; none past the day's `topes` (the first copy the global cap refuses queues
 * one alert to the shop). A failure rolls the correlative back with the rest: none is skipped.
 */
export async function registrarReclamo(
  db: Db,
  datos: ReclamoValidado,
  {
    clienteId = null,
    ahora = new Date(),
    noLaborable = noLaborables(),
    topes = RECLAMOS,
  }: { clienteId?: number | null; ahora?: Date; noLaborable?: NoLaborable; topes?: TopesCopias } = {},
): Promise<HojaReclamacion & { copia: EnvioCopia }> {
  const dia = fechaLima(ahora);
  const anio = Number(dia.slice(0, 4));
  const { consumidor, bien } = datos;
  const row = await db.transaction(async (tx) => {
    const correlativo = await siguienteCorrelativo(tx, anio);
    const [inserted] = await tx
      .insert(reclamos)
      .values({
        anio,
        correlativo,
        fecha: ahora,
        clienteId,
        // The company the shop's settings name now (the sheet keeps it, as the law asks).
        proveedor: await emisorVigente(tx),
        tipo: datos.tipo,
        nombre: consumidor.nombre,
        documentoTipo: consumidor.documentoTipo,
        documentoNumero: consumidor.documentoNumero,
        direccion: consumidor.direccion,
        telefono: consumidor.telefono,
        correo: consumidor.correo,
        menorDeEdad: consumidor.menorDeEdad,
        apoderado: consumidor.apoderado,
        bienTipo: bien.tipo,
        bienDescripcion: bien.descripcion,
        pedido: bien.pedido,
        monto: datos.monto === null ? null : toCentimos(datos.monto),
        detalle: datos.detalle,
        pedidoConsumidor: datos.pedidoConsumidor,
        plazo: sumarDiasHabiles(dia, RECLAMOS.plazoDiasHabiles, noLaborable),
      })
      .returning();
    const numero = numeroReclamo(anio, correlativo);
    const cupo = await cupoDeCopia(tx, consumidor.correo, topes, ahora);
    const copia: EnvioCopia = !cupo.enviar
      ? 'no-enviada'
      : (await esCorreoDeLaCuenta(tx, clienteId, consumidor.correo))
        ? 'completa'
        : 'enlace';
    if (copia !== 'no-enviada') {
      const tipo = copia === 'completa' ? TRABAJOS_RECLAMO.copia : TRABAJOS_RECLAMO.enlace;
      await enqueue(tx, tipo, { id: inserted!.id }, { clave: `${TRABAJOS_RECLAMO.copia}:${numero}` });
    }
    if (cupo.topeAlcanzado)
      await enqueue(tx, TRABAJOS_RECLAMO.tope, { dia, tope: topes.copiasPorDia }, { clave: `${TRABAJOS_RECLAMO.tope}:${dia}` });
    await enqueue(tx, TRABAJOS_RECLAMO.aviso, { id: inserted!.id }, { clave: `${TRABAJOS_RECLAMO.aviso}:${numero}` });
    return { row: inserted!, copia };
  });
  return { ...hojaDe(row.row), copia: row.copia };
}

/** The condition that picks the sheet of a number ('LR-2026-000001'); undefined when it is not one. */
function porNumero(numero: string) {
  const leido = leerNumeroReclamo(numero);
  return leido ? and(eq(reclamos.anio, leido.anio), eq(reclamos.correlativo, leido.correlativo)) : undefined;
}

/** The row of a sheet number, or undefined (also for a malformed number). */
export async function reclamoPorNumero(db: Db | Tx, numero: string): Promise<Reclamo | undefined> {
  const condicion = porNumero(numero);
  if (!condicion) return undefined;
  const [row] = await db.select().from(reclamos).where(condicion);
  return row;
}

/** The row of a stored id (the jobs carry it). */
export async function reclamoPorId(db: Db, id: number): Promise<Reclamo | undefined> {
  const [row] = await db.select().from(reclamos).where(eq(reclamos.id, id));
  return row;
}

/** Every sheet (or those in `estado`; 'vencido': pending past its deadline on `hoy`, Lima), oldest deadline first, then by number. */
export async function listarReclamos(db: Db, estado?: FiltroReclamo, hoy = fechaLima(new Date())): Promise<Reclamo[]> {
  const filtro =
    estado === 'pendiente'
      ? isNull(reclamos.respuesta)
      : estado === 'respondido'
        ? isNotNull(reclamos.respuesta)
        : estado === 'vencido'
          ? and(isNull(reclamos.respuesta), lt(reclamos.plazo, hoy))
          : undefined;
  return db.select().from(reclamos).where(filtro).orderBy(asc(reclamos.plazo), asc(reclamos.anio), asc(reclamos.correlativo));
}

/** What recording an answer came to. */
export type ResultadoRespuesta =
  { resultado: 'respondido'; row: Reclamo } | { resultado: 'sin-reclamo' } | { resultado: 'ya-respondido'; row: Reclamo };

/**
 * Records the shop's answer to a pending sheet, once: the row is taken only while it has none, and
 * `enTransaccion` (the audit entry) and the consumer's e-mail are written in the same transaction.
 */
export async function responderReclamo(
  db: Db,
  numero: string,
  { texto, operador, ahora = new Date() }: { texto: string; operador: string; ahora?: Date },
  enTransaccion: (tx: Tx, row: Reclamo) => Promise<void>,
): Promise<ResultadoRespuesta> {
  const condicion = porNumero(numero);
  if (!condicion) return { resultado: 'sin-reclamo' };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reclamos)
      .set({ respuesta: texto, respondido: ahora, respondidoPor: operador })
      .where(and(condicion, isNull(reclamos.respuesta)))
      .returning();
    if (!row) {
      const existente = await reclamoPorNumero(tx, numero);
      return existente ? { resultado: 'ya-respondido', row: existente } : { resultado: 'sin-reclamo' };
    }
    await enTransaccion(tx, row);
    const clave = `${TRABAJOS_RECLAMO.respuesta}:${numeroReclamo(row.anio, row.correlativo)}`;
    await enqueue(tx, TRABAJOS_RECLAMO.respuesta, { id: row.id }, { clave });
    return { resultado: 'respondido', row };
  });
}
