import { TIENDA } from '../../lib/tienda.ts';
import type { Db } from '../db/client.ts';
import type { Handlers } from '../jobs/queue.ts';
import type { HojaReclamacion } from '../../lib/api/reclamos-schemas.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { avisoReclamoEmail, copiaReclamoEmail, enlaceReclamoEmail, respuestaReclamoEmail, topeCopiasEmail } from './emails.ts';
import { rutaHoja, urlHoja } from './enlace.ts';
import { esCorreoDeLaCuenta, hojaDe, reclamoPorId, TRABAJOS_RECLAMO } from './queries.ts';
import type { Reclamo } from '../db/schema/index.ts';
import { correoDeTienda } from '../tienda/ajustes.ts';

/**
 * The background jobs of the Libro de Reclamaciones: the consumer's copy (in full or as its link),
 * the shop's notice (to `correoTienda`, SHOP_EMAIL), the answer, and the alert of the day's cap of
 * copies. Links to a sheet's page start with `siteUrl`.
 */
export function reclamoJobs({
  db,
  mailer,
  correoTienda = TIENDA.correo,
  siteUrl,
}: {
  db: Db;
  mailer: Mailer;
  correoTienda?: string;
  siteUrl: string;
}): Handlers {
  /** Sends the e-mail `build` makes of the job's sheet, given its page's address. */
  const enviar =
    (build: (hoja: HojaReclamacion, url: string, row: Reclamo) => MailMessage | Promise<MailMessage>) =>
    async (datos: Record<string, unknown>) => {
      const row = await reclamoPorId(db, Number(datos.id));
      if (!row) return;
      const hoja = hojaDe(row);
      await mailer.send(await build(hoja, urlHoja(siteUrl, await rutaHoja(db, hoja.numero)), row));
    };
  return {
    [TRABAJOS_RECLAMO.copia]: enviar(copiaReclamoEmail),
    [TRABAJOS_RECLAMO.enlace]: enviar(enlaceReclamoEmail),
    [TRABAJOS_RECLAMO.aviso]: enviar(async (hoja) => avisoReclamoEmail(hoja, await correoDeTienda(db, correoTienda))),
    // The answer is the shop's own words; the sheet goes with it only to the account's own address, checked when it is sent.
    [TRABAJOS_RECLAMO.respuesta]: enviar(async (hoja, url, row) =>
      respuestaReclamoEmail(hoja, url, await esCorreoDeLaCuenta(db, row.clienteId, row.correo)),
    ),
    [TRABAJOS_RECLAMO.tope]: async (datos) =>
      mailer.send(topeCopiasEmail(await correoDeTienda(db, correoTienda), String(datos.dia), Number(datos.tope))),
  };
}
