import type { Db } from '../db/client.ts';
import type { Handlers } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Pasarela } from '../payments/gateway.ts';
import { processPayment } from '../payments/webhook.ts';
import { confirmationEmail, statusEmail, type AvisoEstado } from './emails.ts';
import { orderWithLines } from './queries.ts';

/** The background jobs of orders and payments: the customer's e-mails and payment look-ups to retry. */
export function orderJobs({ db, mailer, pasarela }: { db: Db; mailer: Mailer; pasarela: Pasarela | null }): Handlers {
  return {
    'correo-confirmacion': async (datos) => {
      const found = await orderWithLines(db, Number(datos.pedidoId));
      if (!found) return;
      await mailer.send(confirmationEmail(found.pedido, found.lineas));
    },
    'correo-estado': async (datos) => {
      const found = await orderWithLines(db, Number(datos.pedidoId));
      if (!found) return;
      await mailer.send(statusEmail(found.pedido, found.lineas, datos as unknown as AvisoEstado));
    },
    'procesar-pago': (datos) => processPayment({ db, pasarela }, String(datos.id)),
  };
}
