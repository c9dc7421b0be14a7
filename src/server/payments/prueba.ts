import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { toSoles } from '../../lib/pricing/money.ts';
import type { Db } from '../db/client.ts';
import { pagosPrueba } from '../db/schema/index.ts';
import { TIENDA } from '../../lib/tienda.ts';
import { toCentimos } from '../../lib/pricing/money.ts';
import { YapeSinToken, type PagoRemoto, type PagoYape, type Pasarela } from './gateway.ts';

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
      const [pago] = /^\d{1,15}$/.test(id) ? await db.select().from(pagosPrueba).where(eq(pagosPrueba.id, Number(id))) : [];
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
    async pagarConYape(pago: PagoYape): Promise<PagoRemoto> {
      const detalle = yapeDePrueba(pago);
      const estado = detalle === 'accredited' ? 'approved' : 'rejected';
      const [row] = await db
        .insert(pagosPrueba)
        .values({ preferenciaId: `yape-${pago.idVenta}`, referenciaExterna: String(pago.idVenta), estado, detalle, monto: toCentimos(pago.total), moneda: TIENDA.moneda, tipo: 'debit_card', metodo: 'yape' })
        .returning({ id: pagosPrueba.id });
      return { id: String(row!.id), status: estado, status_detail: detalle, external_reference: String(pago.idVenta), currency_id: TIENDA.moneda, transaction_amount: pago.total, payment_type_id: 'debit_card', payment_method_id: 'yape' };
    },
  };
}

/** Mercado Pago's test phones for Yape (issue 24), all with the approval code 123456, and what each one's payment does. */
export const TELEFONOS_YAPE_PRUEBA: Record<string, string> = {
  '111111111': 'accredited',
  '111111112': 'cc_rejected_call_for_authorize',
  '111111113': 'cc_amount_rate_limit_exceeded',
  '111111114': 'cc_unsupported_unsupported',
  '111111115': 'cc_rejected_card_type_not_allowed',
  '111111116': 'cc_rejected_max_attempts',
  '111111117': 'cc_rejected_bad_filled_security_code',
  '111111118': 'cc_rejected_form_error',
};
export const CODIGO_YAPE_PRUEBA = '123456';

/** The test mode's Yape: a test phone with code 123456 pays as its row says; another code gets no token; another phone is refused. */
function yapeDePrueba({ celular, codigo }: PagoYape): string {
  if (codigo !== CODIGO_YAPE_PRUEBA) throw new YapeSinToken('cc_rejected_bad_filled_security_code');
  return TELEFONOS_YAPE_PRUEBA[celular] ?? 'cc_rejected_form_error';
}
