import { Hono } from 'hono';
import type { Emision } from '../comprobantes/emision.ts';
import type { Db } from '../db/client.ts';
import { logError } from '../db/errors.ts';
import { clientError } from '../http/errors.ts';
import { enqueue, type Handlers } from '../jobs/queue.ts';
import { applyPayment } from './aplicar.ts';
import type { Pasarela } from './gateway.ts';
import { PagoDesconocido } from './prueba.ts';
import { verifySignature } from './signature.ts';

export interface WebhookDeps {
  db: Db;
  pasarela: Pasarela | null;
  webhookSecret: () => Promise<string>;
  toleranceSeconds: number;
  /** The receipts' settings: an approved payment numbers its order's receipt. */
  emision: Emision;
}

/**
 * Looks a payment up on the provider and applies it. A provider that cannot be reached leaves a job
 * that tries again later, so a notification is never lost; an unknown payment is ignored.
 */
export async function processPayment(
  { db, pasarela, emision }: Pick<WebhookDeps, 'db' | 'pasarela' | 'emision'>,
  id: string,
): Promise<void> {
  if (!pasarela) return;
  try {
    const pago = await pasarela.obtenerPago(id);
    await applyPayment(db, pago, pasarela.nombre, emision);
  } catch (error) {
    if (error instanceof PagoDesconocido || isNotFound(error)) {
      console.warn(`Notificación de un pago que ${pasarela.nombre} no conoce: ${id}.`);
      return;
    }
    throw error;
  }
}

/** The background job of payments: a look-up the webhook could not make, tried again (`procesar-pago`). */
export function paymentJobs(deps: Pick<WebhookDeps, 'db' | 'pasarela' | 'emision'>): Handlers {
  return { 'procesar-pago': (datos) => processPayment(deps, String(datos.id)) };
}

const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

/**
 * POST /webhooks/mercadopago: Mercado Pago's payment notifications. The x-signature must verify
 * (401 and nothing changes otherwise); the payment's outcome comes from the provider's API, never
 * from the notification; the answer is a quick 200 (a failed look-up is retried from the job queue).
 */
export function webhookRoutes(deps: WebhookDeps) {
  return new Hono().post('/mercadopago', async (c) => {
    const dataId = c.req.query('data.id') ?? c.req.query('id') ?? '';
    const ok = verifySignature(
      await deps.webhookSecret(),
      c.req.header('x-signature'),
      { dataId, requestId: c.req.header('x-request-id') ?? '' },
      deps.toleranceSeconds,
    );
    if (!ok) throw clientError(401, 'Firma de la notificación inválida.');
    const tipo = c.req.query('type') ?? c.req.query('topic') ?? '';
    if (tipo !== 'payment') return c.json({ recibido: true });
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(dataId)) throw clientError(400, 'La notificación no indica un pago válido.');
    try {
      await processPayment(deps, dataId);
    } catch (error) {
      logError(`No se pudo procesar el pago ${dataId}; se reintentará`, error);
      await enqueue(deps.db, 'procesar-pago', { id: dataId });
    }
    return c.json({ recibido: true });
  });
}
