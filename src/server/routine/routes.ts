import { Hono } from 'hono';
import {
  filtrarProductosPielSchema,
  rutinaRecomendadaSchema,
  type FiltrosPielValidos,
  type RutinaRecomendada,
} from '../../lib/api/routine-schemas.ts';
import { NIVELES_RUTINA, nivelPorPasos, pasosDeNivel, PRODUCTOS_POR_PASO } from '../../lib/routine/pasos.ts';
import { foldText } from '../../lib/text.ts';
import type { Db } from '../db/client.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { filtrarProductos, listasDePiel, productosPorPaso } from './queries.ts';

/** The routine builder's calls under /api (checkout §7): filter lists, skin filter and recommended routine. */
export function routineRoutes(db: Db) {
  return new Hono()
    .get('/tipos-piel', async (c) =>
      c.json({ success: true, data: (await listasDePiel(db)).tiposPiel, message: 'Tipos de piel obtenidos correctamente.' }),
    )
    .get('/grupos-edad', async (c) =>
      c.json({ success: true, data: (await listasDePiel(db)).gruposEdad, message: 'Grupos de edad obtenidos correctamente.' }),
    )
    .get('/inquietudes-piel', async (c) =>
      c.json({ success: true, data: (await listasDePiel(db)).inquietudes, message: 'Inquietudes de la piel obtenidas correctamente.' }),
    )
    .post('/filtrar-productos-piel', async (c) => {
      const { limit, ...filtros } = await parseBody(c, filtrarProductosPielSchema);
      await checkKnownValues(db, filtros);
      const { total, data } = await filtrarProductos(db, filtros, limit);
      return c.json({ success: true, total, data });
    })
    .post('/rutina-recomendada', async (c) => {
      const { pasosRutina, ...filtros } = await parseBody(c, rutinaRecomendadaSchema);
      await checkKnownValues(db, filtros);
      const nivelRutina = nivelPorPasos(pasosRutina)!;
      const pasos = pasosDeNivel(nivelRutina);
      const byPaso = await productosPorPaso(db, filtros, pasos, PRODUCTOS_POR_PASO);
      const data = Object.fromEntries(pasos.map((paso) => [paso.nombre, byPaso.get(paso) ?? []]));
      const body: RutinaRecomendada = {
        success: true,
        data,
        pasosRutina,
        totalCategorias: pasos.length,
        categoriasIncluidas: pasos.map((paso) => paso.nombre),
        categoriasDeshabilitadas: pasos.filter((paso) => data[paso.nombre]!.length === 0).map((paso) => paso.nombre),
        nivelRutina,
        descuentoRutina: NIVELES_RUTINA[nivelRutina].descuento,
      };
      return c.json(body);
    });
}

/** A skin type, age group or concern must be one the catalogue carries (accent- and case-insensitively): else 400. */
async function checkKnownValues(db: Db, filtros: FiltrosPielValidos): Promise<void> {
  const { tiposPiel, gruposEdad, inquietudes } = await listasDePiel(db);
  const checks = [
    [filtros.tipoPiel, tiposPiel, 'El tipo de piel'],
    [filtros.grupoEdad, gruposEdad, 'El grupo de edad'],
    [filtros.inquietudPiel, inquietudes, 'La inquietud de la piel'],
  ] as const;
  for (const [value, known, campo] of checks) {
    if (value && !known.some((option) => foldText(option) === foldText(value)))
      throw clientError(400, `${campo} "${value}" no está en la lista. Elige una de las opciones.`);
  }
}
