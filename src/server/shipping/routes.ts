import { and, asc, eq, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { searchKey } from '../../lib/shipping/place-key.ts';
import type { Db } from '../db/client.ts';
import { departamentos, distritos, provincias } from '../db/schema/index.ts';
import { parseNombre } from '../http/params.ts';
import { ajustesPublicos } from '../tienda/ajustes.ts';

/** A department or province named by its id or its name (any case, with or without accents). */
const byIdOrName = (
  column:
    | { id: typeof departamentos.id; busqueda: typeof departamentos.busqueda }
    | { id: typeof provincias.id; busqueda: typeof provincias.busqueda },
  value: string,
): SQL => (/^\d{1,9}$/.test(value) ? eq(column.id, Number(value)) : eq(column.busqueda, searchKey(value)));

/** The places a path names, as a message names each. */
const LUGARES = { department: 'el departamento', province: 'la provincia', district: 'el distrito' } as const;

/** The place a path segment names (an id or a name, trimmed), or a 400 naming it. */
const lugar = (c: Context, param: keyof typeof LUGARES) => parseNombre(c.req.param(param), LUGARES[param]);

/** Location lists and tariffs of the cart's province delivery (checkout §7). */
export function shippingRoutes(db: Db) {
  return (
    new Hono()
      // The free-shipping threshold, the return window and the pickup points the owner set (issue 37): the cart and the checkout price with them, as the server does.
      .get('/tienda-ajustes', async (c) => {
        c.header('Cache-Control', 'no-cache');
        return c.json(await ajustesPublicos(db));
      })
      .get('/departamentos-tarifas', async (c) =>
        c.json(
          await db
            .select({ id_departamento: departamentos.id, nombre_departamento: departamentos.nombre })
            .from(departamentos)
            .orderBy(asc(departamentos.busqueda)),
        ),
      )
      .get('/ciudades-tarifas/:department', async (c) => {
        const department = lugar(c, 'department');
        return c.json(
          await db
            .select({ id_provincia: provincias.id, nombre_provincia: provincias.nombre })
            .from(provincias)
            .innerJoin(departamentos, eq(provincias.departamentoId, departamentos.id))
            .where(byIdOrName(departamentos, department))
            .orderBy(asc(provincias.busqueda)),
        );
      })
      .get('/distritos-tarifas/:department/:province', async (c) => {
        const department = lugar(c, 'department');
        const province = lugar(c, 'province');
        return c.json(
          await db
            .select({ id_distrito: distritos.id, nombre_distrito: distritos.nombre })
            .from(distritos)
            .innerJoin(provincias, eq(distritos.provinciaId, provincias.id))
            .innerJoin(departamentos, eq(provincias.departamentoId, departamentos.id))
            .where(and(byIdOrName(departamentos, department), byIdOrName(provincias, province)))
            .orderBy(asc(distritos.busqueda)),
        );
      })
      .get('/ListTarifa/:province/:district', async (c) => {
        const province = lugar(c, 'province');
        const district = lugar(c, 'district');
        const rows = await db
          .select({ tarifa: distritos.tarifa })
          .from(distritos)
          .innerJoin(provincias, eq(distritos.provinciaId, provincias.id))
          .where(and(eq(provincias.busqueda, searchKey(province)), eq(distritos.busqueda, searchKey(district))))
          .orderBy(asc(distritos.id))
          .limit(1);
        // PRECIO travels as text (checkout §3): the storefront extracts the number.
        return c.json(rows.map((row) => ({ PRECIO: Number(row.tarifa).toFixed(2) })));
      })
  );
}
