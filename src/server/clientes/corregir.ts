import { and, eq, ne, sql } from 'drizzle-orm';
import type { CorreccionClienteValida } from '../../lib/api/clientes-schemas.ts';
import type { DocType } from '../../lib/api/account-rules.ts';
import type { NoLaborable } from '../../lib/dias-habiles.ts';
import { audit } from '../admin/audit.ts';
import { uniqueViolation } from '../auth/accounts.ts';
import type { DerechosDatosConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { clientes, type Cliente } from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';
import { atenderSolicitud, clientePorId, documentoDe } from './queries.ts';

/** The account's column of each document type (a customer keeps one: saving one clears the others, as her profile does). */
const COLUMNA_DOCUMENTO = { DNI: 'dni', PASAPORTE: 'pasaporte', 'CARNET EXTRANJERIA': 'carnetExtranjeria' } as const satisfies Record<
  DocType,
  keyof Cliente
>;

export const CORREO_TOMADO = 'Ya existe otra cuenta con ese correo electrónico.';

/** How the request's record and the audit name each field. */
const NOMBRE_CAMPO: Record<string, string> = {
  nombre: 'nombre',
  apellido: 'apellido',
  telefono: 'celular',
  correo: 'correo',
  documento: 'documento',
};

/**
 * Corrects her account (Ley 29733's rectificación) in one transaction: only the fields that differ,
 * the e-mail unique among accounts, audited with the values before and after, and recorded as a
 * rectification request answered now (the request's record names the fields, never the values).
 */
export async function corregirCliente(
  db: Db,
  id: number,
  { recibida, ...datos }: CorreccionClienteValida,
  { operador, ahora = new Date() }: { operador: string; ahora?: Date },
  config: DerechosDatosConfig,
  noLaborable: NoLaborable,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const cliente = await clientePorId(tx, id, true);
      if (!cliente) throw clientError(404, `No existe el cliente N.° ${id}.`);
      const antes: Record<string, string> = {};
      const despues: Record<string, string> = {};
      const cambios: Partial<Record<'nombre' | 'apellido' | 'telefono' | 'correo' | 'dni' | 'pasaporte' | 'carnetExtranjeria', string>> =
        {};
      for (const campo of ['nombre', 'apellido', 'telefono', 'correo'] as const) {
        const nuevo = datos[campo];
        if (nuevo === undefined || nuevo === cliente[campo]) continue;
        antes[campo] = cliente[campo];
        despues[campo] = nuevo;
        cambios[campo] = nuevo;
      }
      if (datos.documentoTipo && datos.documentoNumero !== undefined) {
        const actual = documentoDe(cliente);
        if (actual.tipo !== datos.documentoTipo || actual.numero !== datos.documentoNumero) {
          antes.documento = actual.tipo ? `${actual.tipo} ${actual.numero}` : '';
          despues.documento = `${datos.documentoTipo} ${datos.documentoNumero}`;
          Object.assign(cambios, {
            dni: '',
            pasaporte: '',
            carnetExtranjeria: '',
            [COLUMNA_DOCUMENTO[datos.documentoTipo]]: datos.documentoNumero,
          });
        }
      }
      const campos = Object.keys(despues);
      if (campos.length === 0) throw clientError(400, 'Estos datos ya son los de la cuenta: no hay nada que corregir.');
      if (cambios.correo !== undefined) {
        const [otra] = await tx
          .select({ id: clientes.id })
          .from(clientes)
          .where(and(sql`lower(${clientes.correo}) = ${cambios.correo}`, ne(clientes.id, id)));
        if (otra) throw clientError(409, CORREO_TOMADO);
      }
      await tx.update(clientes).set(cambios).where(eq(clientes.id, id));
      await audit(tx, operador, [{ accion: 'cliente.corregir', objetivo: `cliente ${id}`, antes, despues }]);
      await atenderSolicitud(
        tx,
        {
          clienteId: id,
          tipo: 'rectificacion',
          recibida,
          operador,
          detalle: `Corregido: ${campos.map((campo) => NOMBRE_CAMPO[campo] ?? campo).join(', ')}.`,
          ahora,
        },
        config,
        noLaborable,
      );
    });
  } catch (error) {
    // Two corrections racing for the same address: the unique index decides.
    if (uniqueViolation(error)?.includes('correo')) throw clientError(409, CORREO_TOMADO);
    throw error;
  }
}
