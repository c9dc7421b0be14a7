import { comprobantePedido, comprobantesDePedido, urlComprobante } from '../comprobantes/queries.ts';
import type { Db } from '../db/client.ts';
import type { Handlers } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { TIENDA } from '../../lib/tienda.ts';
import { confirmationEmail, statusEmail, type AvisoEstado } from './emails.ts';
import { shopAlert } from './payment-alerts.ts';
import { orderWithLines } from './queries.ts';
import { ajustesPublicos, correoDeTienda } from '../tienda/ajustes.ts';

/**
 * The background jobs of orders: the customer's e-mails and the shop's alerts about payments and
 * comprobantes (to `correoTienda`, SHOP_EMAIL). Payment look-ups to retry are payments' (`paymentJobs`).
 */
export function orderJobs({
  db,
  mailer,
  correoTienda = TIENDA.correo,
  siteUrl,
}: {
  db: Db;
  mailer: Mailer;
  correoTienda?: string;
  /** The shop's public URL: the confirmation links the sale receipt's printable page there (no receipt in it without one). */
  siteUrl?: string;
}): Handlers {
  return {
    'correo-confirmacion': async (datos) => {
      const found = await orderWithLines(db, Number(datos.pedidoId));
      if (!found) return;
      // The receipt is numbered in the transaction that recorded the payment, so it exists by now.
      // The sale receipt in force: a rejected one's replacement, when SUNAT rejected the first.
      const ventas = siteUrl === undefined ? [] : (await comprobantesDePedido(db, found.pedido.id)).filter((row) => row.tipo !== '07');
      const venta = ventas.findLast((row) => row.estado !== 'rechazado') ?? ventas[0];
      await mailer.send(
        confirmationEmail(found.pedido, found.lineas, venta && { ...comprobantePedido(venta), url: urlComprobante(siteUrl!, venta.clave) }),
      );
    },
    'correo-estado': async (datos) => {
      const found = await orderWithLines(db, Number(datos.pedidoId));
      if (!found) return;
      await mailer.send(
        statusEmail(found.pedido, found.lineas, datos as unknown as AvisoEstado, (await ajustesPublicos(db)).devolucionDias),
      );
    },
    'correo-tienda': async (datos) => {
      const mail = await shopAlert(db, await correoDeTienda(db, correoTienda), datos);
      if (mail) await mailer.send(mail);
    },
  };
}
