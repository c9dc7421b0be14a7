import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { toSoles } from '../../lib/pricing/money.ts';
import type { Db } from '../db/client.ts';
import { pagosPrueba } from '../db/schema/index.ts';
import type { PagoRemoto, PagoYape, Pasarela } from './gateway.ts';
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
  };
}
