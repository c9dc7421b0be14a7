import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { generatedSecret } from '../db/secrets.ts';
import type { Pasarela } from './gateway.ts';
import { mercadoPagoPasarela } from './mercadopago.ts';
import { pruebaPasarela } from './prueba.ts';

export interface Pagos {
  /** The payment provider; null without Mercado Pago credentials when the test mode is off (checkout refuses). */
  pasarela: Pasarela | null;
  /** The secret webhook signatures are checked with. */
  webhookSecret: () => Promise<string>;
}

/**
 * Mercado Pago Checkout Pro when MP_ACCESS_TOKEN is set (MP_WEBHOOK_SECRET then required); otherwise
 * the offline pago de prueba when the configuration turned it on (config.pagoPrueba: never on a public site),
 * or none: checkout then answers 503, payments are unavailable.
 */
export function createPagos(db: Db, config: ServerConfig, pasarela?: Pasarela): Pagos {
  if (config.mpAccessToken && !config.mpWebhookSecret) {
    throw new Error('MP_WEBHOOK_SECRET es obligatorio con MP_ACCESS_TOKEN: sin él no se pueden verificar las notificaciones de pago.');
  }
  const chosen =
    pasarela ??
    (config.mpAccessToken
      ? mercadoPagoPasarela({ accessToken: config.mpAccessToken, siteUrl: config.siteUrl, publicKey: config.mpPublicKey })
      : config.pagoPrueba
        ? pruebaPasarela(db)
        : null);
  let secret: Promise<string> | undefined;
  return {
    pasarela: chosen,
    webhookSecret: () => (secret ??= config.mpWebhookSecret ? Promise.resolve(config.mpWebhookSecret) : generatedSecret(db, 'mp-webhook')),
  };
}
