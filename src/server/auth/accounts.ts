import { eq, sql } from 'drizzle-orm';
import type { ClienteApi } from '../../lib/api/account-schemas.ts';
import type { Db } from '../db/client.ts';
import { clientes, type Cliente } from '../db/schema/index.ts';

/** The customer whose usuario or correo is `identifier`, case-insensitively. */
export async function findCliente(db: Db, identifier: string): Promise<Cliente | undefined> {
  const value = identifier.trim().toLowerCase();
  const [cliente] = await db
    .select()
    .from(clientes)
    .where(sql`lower(${clientes.usuario}) = ${value} or lower(${clientes.correo}) = ${value}`)
    .limit(1);
  return cliente;
}

/** The customer with that id, or undefined. */
export async function findClienteById(db: Db, id: number): Promise<Cliente | undefined> {
  const [cliente] = await db.select().from(clientes).where(eq(clientes.id, id));
  return cliente;
}

/** A customer as the API shows it: never the password hash. */
export const toClienteApi = (cliente: Cliente): ClienteApi => ({
  id: cliente.id,
  idUsuario: cliente.id,
  nombre: cliente.nombre,
  apellido: cliente.apellido,
  usuario: cliente.usuario,
  correo: cliente.correo,
  telefono: cliente.telefono,
  ciudad: cliente.ciudad,
  direccion: cliente.direccion,
  dni: cliente.dni,
  pasaporte: cliente.pasaporte,
  carnetExtranjeria: cliente.carnetExtranjeria,
});

/** Whether a database error is a unique-constraint violation, and on which index. */
export function uniqueViolation(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const { code, constraint } = (cause ?? {}) as { code?: string; constraint?: string };
  return code === '23505' ? (constraint ?? 'unique') : undefined;
}
