import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { profileUpdateSchema, type AccountResponse } from '../../lib/api/account-schemas.ts';
import { findCliente, findClienteById, toClienteApi, uniqueViolation } from '../auth/accounts.ts';
import { ownUserId, requireAuth, type AuthDeps, type AuthEnv } from '../auth/context.ts';
import { clientes } from '../db/schema/index.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';

const DOC_COLUMN = { DNI: 'dni', PASAPORTE: 'pasaporte', 'CARNET EXTRANJERIA': 'carnetExtranjeria' } as const;

/** GET and PUT /web/clientes/{userId}: only the token's own user (checkout §7, DESIGN.md). */
export function customerRoutes({ db, secret }: AuthDeps) {
  return new Hono<AuthEnv>()
    .use('/clientes/*', requireAuth(secret))
    .get('/clientes/:userId', async (c) => {
      const cliente = await findClienteById(db, ownUserId(c));
      if (!cliente) throw clientError(404, 'No se encontró el usuario.');
      return c.json([toClienteApi(cliente)]);
    })
    .put('/clientes/:userId', async (c) => {
      const id = ownUserId(c);
      const data = await parseBody(c, profileUpdateSchema, { id: 0 });
      const cliente = await findClienteById(db, id);
      if (!cliente) throw clientError(404, 'No se encontró el usuario.', { id: 0 });
      if (data.correo !== undefined && data.correo.toLowerCase() !== cliente.correo.toLowerCase()) {
        throw clientError(400, 'El correo electrónico no se puede modificar.', { id: 0 });
      }
      if (data.usuario && data.usuario.toLowerCase() !== cliente.usuario.toLowerCase()) {
        const other = await findCliente(db, data.usuario);
        if (other && other.id !== id) throw clientError(409, 'El nombre de usuario ya está en uso. Elige otro.', { id: 0 });
      }
      const { docType, docNumber, correo: _correo, ...fields } = data;
      // A customer keeps one identity document: saving one clears the others.
      const documento = docType ? { dni: '', pasaporte: '', carnetExtranjeria: '', [DOC_COLUMN[docType]]: docNumber!.toUpperCase() } : {};
      const cambios = Object.fromEntries(Object.entries({ ...fields, ...documento }).filter(([, value]) => value !== undefined));
      if (Object.keys(cambios).length === 0) throw clientError(400, 'No hay datos para actualizar.', { id: 0 });
      try {
        await db.update(clientes).set(cambios).where(eq(clientes.id, id));
      } catch (error) {
        if (uniqueViolation(error)) throw clientError(409, 'El nombre de usuario ya está en uso. Elige otro.', { id: 0 });
        throw error;
      }
      return c.json({ id: 1, mensaje: '¡Datos actualizados!' } satisfies AccountResponse);
    });
}
