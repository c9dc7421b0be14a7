import { and, asc, eq, inArray, isNotNull, isNull, lt, notExists, sql } from 'drizzle-orm';
import { fechaLima } from '../../lib/dates.ts';
import { plazoHabil, type NoLaborable } from '../../lib/dias-habiles.ts';
import { AVISOS_TIENDA } from '../../lib/tienda.ts';
import type { ServerConfig } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { avisosTienda, pedidos, personas, reclamos, type Pedido } from '../db/schema/index.ts';
import { enqueue, type Handlers } from '../jobs/queue.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { calendarioVigente } from '../reclamos/calendario.ts';
import { reclamoOperador } from '../reclamos/queries.ts';
import { pedidoPagadoEmail, reclamoPlazoEmail, reclamoVencidoEmail, resumenPedidosEmail, sinEnviarEmail } from './emails.ts';
import { correoDeTienda } from '../tienda/ajustes.ts';

/**
 * The shop's notices to SHOP_EMAIL (issue 36, docs/decisions/0180-avisos-tienda.md): each new paid order
 * (or the hour's digest, AVISO_PEDIDOS=resumen), a complaint with 3 working days left or fewer, a complaint
 * past its deadline unanswered (to the shop's owners too: docs/decisions/0207-reclamo-vencido.md), a paid order
 * not shipped one working day after its payment. Each notice is a row of `avisos_tienda` (one per kind
 * and subject, so it is decided once) sent by a job of the queue under the row's lock and marked sent in
 * the same transaction: a restart loses nothing (the row and its job are in the database) and two server
 * processes never send one twice (the job's key, SKIP LOCKED, and the row's `enviado`).
 */

/** The kinds of notice. */
export const TIPOS_AVISO = {
  pedido: 'pedido-pagado',
  reclamo: 'reclamo-plazo',
  reclamoVencido: 'reclamo-vencido',
  sinEnviar: 'pedido-sin-enviar',
} as const;
type TipoAviso = (typeof TIPOS_AVISO)[keyof typeof TIPOS_AVISO];

/** Jobs: a paid order to note (enqueued by the order's life when it is paid), one notice to send, the hour's digest. */
export const TRABAJOS_AVISO_TIENDA = {
  pedidoPagado: 'aviso-tienda-pedido',
  envio: 'aviso-tienda-envio',
  resumen: 'aviso-tienda-resumen',
} as const;

const HORA_MS = 3_600_000;

/** The start of the hour of `now` (UTC hours are Lima's hours too: a whole-hour offset); the digest goes once that hour's orders are all in. */
const horaDe = (now: Date) => new Date(Math.floor(now.getTime() / HORA_MS) * HORA_MS);

/** Notes a notice (once per kind and subject) and queues its sending; false when it was noted before. */
async function anotar(db: Tx, tipo: TipoAviso, objetivoId: number, enviarAhora = true): Promise<boolean> {
  const [row] = await db.insert(avisosTienda).values({ tipo, objetivoId }).onConflictDoNothing().returning({ id: avisosTienda.id });
  if (!row) return false;
  if (enviarAhora) await enqueue(db, TRABAJOS_AVISO_TIENDA.envio, { id: row.id }, { clave: `${TRABAJOS_AVISO_TIENDA.envio}:${row.id}` });
  return true;
}

/**
 * The moment a paid order is late: one working day (Lima's calendar, `noLaborable`'s holidays) after
 * its payment, at the same time of day (from the next working day's start when paid on a day off).
 */
export const atrasadoDesde = (pagado: Date, noLaborable: NoLaborable, dias: number = AVISOS_TIENDA.sinEnviarDiasHabiles): Date =>
  plazoHabil(pagado, dias, noLaborable);

/**
 * The periodic part (runBackgroundOnce): notes the complaints with few working days left and the paid
 * orders late to ship, each once; with AVISO_PEDIDOS=resumen, makes sure paid orders not yet in a digest
 * have the current hour's.
 */
export async function programarAvisosTienda(
  db: Db,
  config: Pick<ServerConfig, 'avisosTienda' | 'reclamos'>,
  now = new Date(),
): Promise<void> {
  const noLaborable = await calendarioVigente(db, config.reclamos.diasNoLaborables);
  const hoy = fechaLima(now);
  const yaAvisado = (tipo: TipoAviso, id: typeof pedidos.id | typeof reclamos.id) =>
    notExists(
      db
        .select({ id: avisosTienda.id })
        .from(avisosTienda)
        .where(and(eq(avisosTienda.tipo, tipo), eq(avisosTienda.objetivoId, id))),
    );

  // Complaints still unanswered and not yet noticed as overdue: past the deadline, the overdue notice (once per
  // sheet); within its last working days, the warning (once, and not when the sheet is already overdue).
  const pendientes = await db
    .select({ row: reclamos, sinAdvertir: yaAvisado(TIPOS_AVISO.reclamo, reclamos.id).mapWith(Boolean) })
    .from(reclamos)
    .where(and(isNull(reclamos.respuesta), yaAvisado(TIPOS_AVISO.reclamoVencido, reclamos.id)))
    .orderBy(asc(reclamos.plazo))
    .limit(200);
  for (const { row, sinAdvertir } of pendientes) {
    const { alerta, diasHabilesRestantes } = reclamoOperador(row, hoy, noLaborable);
    if (alerta === 'vencido') await db.transaction((tx) => anotar(tx, TIPOS_AVISO.reclamoVencido, row.id));
    else if (sinAdvertir && diasHabilesRestantes <= AVISOS_TIENDA.reclamoDiasHabiles)
      await db.transaction((tx) => anotar(tx, TIPOS_AVISO.reclamo, row.id));
  }

  // Paid orders still EN PREPARACION at least a day after their payment: late once a working day has passed.
  const enPreparacion = await db
    .select({ id: pedidos.id, pagado: pedidos.pagado })
    .from(pedidos)
    .where(
      and(
        eq(pedidos.estado, 'EN PREPARACION'),
        isNotNull(pedidos.pagado),
        lt(pedidos.pagado, new Date(now.getTime() - 24 * HORA_MS)),
        yaAvisado(TIPOS_AVISO.sinEnviar, pedidos.id),
      ),
    )
    .orderBy(asc(pedidos.pagado))
    .limit(200);
  for (const { id, pagado } of enPreparacion) {
    if (now >= atrasadoDesde(pagado!, noLaborable)) await db.transaction((tx) => anotar(tx, TIPOS_AVISO.sinEnviar, id));
  }

  // The digest: once the hour of the oldest paid order not yet in one is over, one digest this hour (its key) takes them all.
  if (config.avisosTienda.pedidos === 'resumen') {
    const hora = horaDe(now);
    const [sinResumen] = await db
      .select({ id: avisosTienda.id })
      .from(avisosTienda)
      .where(and(eq(avisosTienda.tipo, TIPOS_AVISO.pedido), isNull(avisosTienda.enviado), lt(avisosTienda.creado, hora)))
      .limit(1);
    if (sinResumen)
      await enqueue(
        db,
        TRABAJOS_AVISO_TIENDA.resumen,
        { hora: hora.toISOString() },
        { clave: `${TRABAJOS_AVISO_TIENDA.resumen}:${hora.toISOString()}` },
      );
  }
}

/** The addresses of the shop's active owners (role dueno), lowercased, each once. */
async function correosDeDuenos(db: Db | Tx): Promise<string[]> {
  const filas = await db
    .select({ correo: personas.correo })
    .from(personas)
    .where(and(eq(personas.rol, 'dueno'), eq(personas.activa, true)))
    .orderBy(asc(personas.id));
  return [...new Set(filas.map((fila) => fila.correo.trim().toLowerCase()))];
}

/** The jobs of the shop's notices, sent to `config.correoTienda`. */
export function avisosTiendaJobs({
  db,
  mailer,
  config,
}: {
  db: Db;
  mailer: Mailer;
  config: Pick<ServerConfig, 'correoTienda' | 'avisosTienda' | 'reclamos'>;
}): Handlers {
  // SHOP_EMAIL until the owner saves the shop's e-mail in Tienda (the settings are read at each send).
  const para = (tx: Tx) => correoDeTienda(tx, config.correoTienda);

  /** The e-mail of a notice row, or undefined when its subject is gone or no longer calls for it. */
  async function correoDe(tx: Tx, tipo: string, objetivoId: number): Promise<MailMessage | undefined> {
    if (tipo === TIPOS_AVISO.reclamo || tipo === TIPOS_AVISO.reclamoVencido) {
      const [row] = await tx.select().from(reclamos).where(eq(reclamos.id, objetivoId));
      if (!row || row.respuesta !== null) return undefined;
      const noLaborable = await calendarioVigente(tx, config.reclamos.diasNoLaborables);
      const reclamo = reclamoOperador(row, fechaLima(new Date()), noLaborable);
      if (tipo === TIPOS_AVISO.reclamo) return reclamoPlazoEmail(await para(tx), reclamo);
      const tienda = await para(tx);
      const duenos = await correosDeDuenos(tx);
      const copia = duenos.filter((correo) => correo !== tienda.trim().toLowerCase());
      return reclamoVencidoEmail(tienda, copia.length > 0 ? copia.join(', ') : undefined, reclamo);
    }
    const [pedido] = await tx.select().from(pedidos).where(eq(pedidos.id, objetivoId));
    if (!pedido) return undefined;
    if (tipo === TIPOS_AVISO.sinEnviar) return pedido.estado === 'EN PREPARACION' ? sinEnviarEmail(await para(tx), pedido) : undefined;
    return pedidoPagadoEmail(await para(tx), pedido);
  }

  return {
    // The order's life queues this when an order is paid: the notice is noted, then sent now or in the next digest.
    [TRABAJOS_AVISO_TIENDA.pedidoPagado]: async (datos) => {
      await db.transaction((tx) => anotar(tx, TIPOS_AVISO.pedido, Number(datos.pedidoId), config.avisosTienda.pedidos !== 'resumen'));
    },
    [TRABAJOS_AVISO_TIENDA.envio]: async (datos) => {
      await db.transaction(async (tx) => {
        const [aviso] = await tx
          .select()
          .from(avisosTienda)
          .where(and(eq(avisosTienda.id, Number(datos.id)), isNull(avisosTienda.enviado)))
          .for('update', { skipLocked: true });
        if (!aviso) return;
        const correo = await correoDe(tx, aviso.tipo, aviso.objetivoId);
        // Sent inside the row's lock: a failure rolls `enviado` back and the job is retried.
        if (correo) await mailer.send(correo);
        await tx.update(avisosTienda).set({ enviado: new Date() }).where(eq(avisosTienda.id, aviso.id));
      });
    },
    [TRABAJOS_AVISO_TIENDA.resumen]: async () => {
      await db.transaction(async (tx) => {
        const filas = await tx
          .select()
          .from(avisosTienda)
          .where(and(eq(avisosTienda.tipo, TIPOS_AVISO.pedido), isNull(avisosTienda.enviado)))
          .orderBy(asc(avisosTienda.objetivoId))
          .for('update', { skipLocked: true });
        if (filas.length === 0) return;
        const lista: Pedido[] = await tx
          .select()
          .from(pedidos)
          .where(
            inArray(
              pedidos.id,
              filas.map((fila) => fila.objetivoId),
            ),
          )
          .orderBy(asc(pedidos.id));
        if (lista.length > 0) await mailer.send(resumenPedidosEmail(await para(tx), lista));
        await tx
          .update(avisosTienda)
          .set({ enviado: sql`now()` })
          .where(
            inArray(
              avisosTienda.id,
              filas.map((fila) => fila.id),
            ),
          );
      });
    },
  };
}
