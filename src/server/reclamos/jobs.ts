import { TIENDA } from '../../lib/tienda.ts';
import type { Db } from '../db/client.ts';
import type { Handlers } from '../jobs/queue.ts';
import type { HojaReclamacion } from '../../lib/api/reclamos-schemas.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { avisoReclamoEmail, copiaReclamoEmail, respuestaReclamoEmail } from './emails.ts';
import { hojaDe, reclamoPorId, TRABAJOS_RECLAMO } from './queries.ts';

/** The background jobs of the Libro de Reclamaciones: the consumer's copy, the shop's notice (to `correoTienda`, SHOP_EMAIL) and the answer. */
export function reclamoJobs({ db, mailer, correoTienda = TIENDA.correo }: { db: Db; mailer: Mailer; correoTienda?: string }): Handlers {
  /** Sends the e-mail `build` makes of the job's sheet. */
  const enviar = (build: (hoja: HojaReclamacion) => MailMessage) => async (datos: Record<string, unknown>) => {
    const row = await reclamoPorId(db, Number(datos.id));
    if (row) await mailer.send(build(hojaDe(row)));
  };
  return {
    [TRABAJOS_RECLAMO.copia]: enviar(copiaReclamoEmail),
    [TRABAJOS_RECLAMO.aviso]: enviar((hoja) => avisoReclamoEmail(hoja, correoTienda)),
    [TRABAJOS_RECLAMO.respuesta]: enviar(respuestaReclamoEmail),
  };
}
