import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { secretos } from './schema/index.ts';

/**
 * A secret generated once and kept in the database (so in `.data/` for the embedded default),
 * shared by every instance on that database: for settings that are optional outside production.
 */
export async function generatedSecret(db: Db, nombre: string): Promise<string> {
  await db
    .insert(secretos)
    .values({ nombre, valor: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ valor: secretos.valor }).from(secretos).where(eq(secretos.nombre, nombre));
  return row!.valor;
}
