import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { clientes } from '../db/schema/index.ts';

/**
 * The one-click unsubscribe from marketing e-mails (issue 25; the review invitation is one): each
 * customer's unguessable key, made when her first such e-mail is sent, and the change it makes. No
 * sign-in: the key in the link is the capability.
 */

/** The link of `clave`: GET shows the page, POST is RFC 8058's one-click (List-Unsubscribe-Post). */
export const urlBajaCorreos = (siteUrl: string, clave: string) => `${siteUrl.replace(/\/+$/, '')}/api/resenas/baja/${clave}`;

/** A well-formed key: 32 lower-case hex digits. */
const CLAVE_CORREOS = /^[0-9a-f]{32}$/;

/** The customer's key, made now when she has none. */
export async function claveCorreos(db: Db, clienteId: number): Promise<string> {
  const [row] = await db
    .update(clientes)
    .set({ claveCorreos: sql`coalesce(${clientes.claveCorreos}, ${randomBytes(16).toString('hex')})` })
    .where(eq(clientes.id, clienteId))
    .returning({ clave: clientes.claveCorreos });
  return row!.clave!;
}

/** Turns marketing e-mails off for the customer of `clave` (again harmlessly); false for an unknown key. */
export async function darDeBajaCorreos(db: Db, clave: string): Promise<boolean> {
  if (!CLAVE_CORREOS.test(clave)) return false;
  const rows = await db
    .update(clientes)
    .set({ aceptaMarketing: false })
    .where(eq(clientes.claveCorreos, clave))
    .returning({ id: clientes.id });
  return rows.length > 0;
}

/** The page the link answers. */
export const paginaBaja = (hecho: boolean) =>
  hecho
    ? {
        titulo: 'Listo: no te escribiremos más',
        mensaje: 'Ya no recibirás correos de novedades ni invitaciones a reseñar. Los correos de tus pedidos te seguirán llegando.',
        status: 200 as const,
      }
    : { titulo: 'Enlace no válido', mensaje: 'No encontramos esa suscripción. Revisa el enlace que te enviamos.', status: 404 as const };
