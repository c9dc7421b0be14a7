import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { toSoles } from '../../lib/pricing/money.ts';
import type { Db } from '../db/client.ts';
import { pagosPrueba, reembolsosPrueba } from '../db/schema/index.ts';
import { ReembolsoRechazado, type PagoRemoto, type PagoYape, type Pasarela, type SolicitudReembolso } from './gateway.ts';
import { yapeDePrueba } from './yape.ts';

/** A payment id the provider does not know (a 404 of its API). */
export class PagoDesconocido extends Error {}

/** The test-mode checkout page, where the shopper chooses the outcome. */
export const paginaDePrueba = (preferenciaId: string) => `/pago-de-prueba?preference_id=${encodeURIComponent(preferenciaId)}`;

/**
 * The offline test mode ('Modo de prueba'): preferences lead to the shop's own test page and its
 * payments live in `pagos_prueba`, answered in the shape of Mercado Pago's payment resource.
 */
export function pruebaPasarela(db: Db): Pasarela {
  return {
    nombre: 'prueba',
    sandbox: true,
    async crearPreferencia() {
      const id = `prueba-${randomUUID()}`;
      return { id, initPoint: paginaDePrueba(id) };
    },
    async obtenerPago(id: string): Promise<PagoRemoto> {
      const [pago] = /^\d{1,15}$/.test(id)
        ? await db
            .select()
            .from(pagosPrueba)
            .where(eq(pagosPrueba.id, Number(id)))
        : [];
      if (!pago) throw new PagoDesconocido(`No existe el pago ${id}.`);
      return {
        id: String(pago.id),
        status: pago.estado,
        status_detail: pago.detalle,
        external_reference: pago.referenciaExterna,
        currency_id: pago.moneda,
        transaction_amount: toSoles(pago.monto),
        payment_type_id: pago.tipo,
        payment_method_id: pago.metodo,
      };
    },
    pagarConYape: (pago: PagoYape) => yapeDePrueba(db, pago),
    reembolsar: (solicitud: SolicitudReembolso) => reembolsoDePrueba(db, solicitud),
  };
}

/**
 * The prueba's refund (issue 36), as Mercado Pago's refunds API would answer: an approved payment of its
 * own, at most what is left of it; once per idempotency key (the same key answers the same refund).
 */
async function reembolsoDePrueba(db: Db, { pagoId, monto, idempotencyKey }: SolicitudReembolso) {
  const [hecho] = await db.select().from(reembolsosPrueba).where(eq(reembolsosPrueba.claveIdempotencia, idempotencyKey));
  if (hecho) return { id: String(hecho.id), status: 'approved', monto: hecho.monto };
  const [pago] = /^\d{1,15}$/.test(pagoId)
    ? await db
        .select()
        .from(pagosPrueba)
        .where(eq(pagosPrueba.id, Number(pagoId)))
    : [];
  if (!pago || pago.estado !== 'approved')
    throw new ReembolsoRechazado(`El pago ${pagoId} no existe o no está aprobado: no se puede reembolsar.`);
  const previos = await db.select({ monto: reembolsosPrueba.monto }).from(reembolsosPrueba).where(eq(reembolsosPrueba.pagoId, pagoId));
  const queda = pago.monto - previos.reduce((suma, r) => suma + r.monto, 0);
  if (monto <= 0 || monto > queda)
    throw new ReembolsoRechazado(`El pago ${pagoId} tiene ${toSoles(queda)} soles por reembolsar: no se reembolsan ${toSoles(monto)}.`);
  const [nuevo] = await db
    .insert(reembolsosPrueba)
    .values({ pagoId, monto, claveIdempotencia: idempotencyKey })
    .onConflictDoNothing()
    .returning();
  if (!nuevo) return reembolsoDePrueba(db, { pagoId, monto, idempotencyKey });
  return { id: String(nuevo.id), status: 'approved', monto: nuevo.monto };
}
