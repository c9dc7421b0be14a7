import { Hono } from 'hono';
import { consultaCatalogoSchema } from '../../../lib/api/catalogo-schemas.ts';
import { consultaSinVacios } from '../../../lib/api/pedidos-backoffice-schemas.ts';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { clientError } from '../../http/errors.ts';
import type { OperatorEnv } from '../audit.ts';
import { FORMATOS_EXPORTACION, productoFormularioSchema, type RespuestaProductoEditable } from '../../../lib/api/productos-schemas.ts';
import { OPERACIONES } from '../../../lib/tienda.ts';
import { parseBody } from '../../http/body.ts';
import { audit, operadorDe } from '../audit.ts';
import { exportarCatalogo } from './exportar.ts';
import { validarFormulario } from './formulario.ts';
import { archivarProducto, crearProducto, duplicarProducto, editarProducto, errorFormulario } from './guardar.ts';
import { auditoriaProducto, idPorReferencia, opcionesCatalogo, paginaCatalogo, productoEditable } from './lista.ts';

/** What the catalogue's calls need. */
export interface CatalogoDeps {
  db: Db;
  config: Pick<ServerConfig, 'mesa'>;
}

/** The query of the list and the export: the filter and its page, or a 400 naming what is wrong. */
export function leerConsulta(query: Record<string, string>) {
  const parsed = consultaCatalogoSchema.safeParse(consultaSinVacios(query));
  if (!parsed.success) throw clientError(400, parsed.error.issues[0]?.message ?? 'La consulta no es válida.');
  const { pagina = 1, ...filtro } = parsed.data;
  return { filtro, pagina };
}

/**
 * The back office's catalogue (issue 37): the product list with its search and filters, the selects'
 * options, the product form (create, full edit, duplicate, archive, restore), the export and a product's
 * audit trail.
 */
export function catalogoRoutes({ db, config }: CatalogoDeps) {
  return new Hono<OperatorEnv>()
    .get('/catalogo/productos', async (c) => {
      const { filtro, pagina } = leerConsulta(c.req.query());
      return c.json(await paginaCatalogo(db, filtro, pagina, { umbralBajo: config.mesa.stockBajo }));
    })
    .get('/catalogo/opciones', async (c) => c.json(await opcionesCatalogo(db)))
    .get('/catalogo/exportar', async (c) => {
      const { formato = 'csv', ...query } = c.req.query();
      if (!(FORMATOS_EXPORTACION as readonly string[]).includes(formato)) throw clientError(400, 'El formato debe ser csv o json.');
      const { filtro } = leerConsulta(query);
      await audit(db, operadorDe(c), [{ accion: 'catalogo.exportar', objetivo: 'catálogo', despues: { formato, filtro } }]);
      const archivo = exportarCatalogo(db, filtro, formato as 'csv' | 'json', { umbralBajo: config.mesa.stockBajo });
      return c.body(archivo.cuerpo, 200, {
        'Content-Type': archivo.tipo,
        'Content-Disposition': `attachment; filename="${archivo.nombre}"`,
        'Cache-Control': 'no-store',
      });
    })
    .get('/catalogo/productos/:ref', async (c) => {
      const producto = await productoEditable(db, await existente(db, c.req.param('ref')));
      return c.json(producto!);
    })
    .post('/productos', async (c) => {
      const cuerpo = await parseBody(c, productoFormularioSchema);
      const validado = validarFormulario(cuerpo, { nuevo: true });
      if (!validado.ok) throw errorFormulario(validado.errores);
      const producto = await crearProducto(db, validado.formulario, { operador: operadorDe(c), motivoStock: cuerpo.motivoStock });
      return c.json(
        { mensaje: `Producto ${producto.idProducto} creado: ${producto.nombre}.`, producto } satisfies RespuestaProductoEditable,
        201,
      );
    })
    .put('/productos/:ref', async (c) => {
      const cuerpo = await parseBody(c, productoFormularioSchema);
      const id = await existente(db, c.req.param('ref'));
      const validado = validarFormulario(cuerpo, { nuevo: false });
      if (!validado.ok) throw errorFormulario(validado.errores);
      const { producto, campos } = await editarProducto(db, id, validado.formulario, {
        operador: operadorDe(c),
        stockLeido: cuerpo.stockLeido,
        motivoStock: cuerpo.motivoStock,
      });
      const mensaje = campos.length
        ? `Producto ${id} guardado (${campos.join(', ')}).`
        : `Sin cambios: el producto ${id} ya tenía esos valores.`;
      return c.json({ mensaje, producto } satisfies RespuestaProductoEditable);
    })
    .post('/productos/:ref/duplicar', async (c) => {
      const id = await existente(db, c.req.param('ref'));
      const producto = await duplicarProducto(db, id, operadorDe(c));
      return c.json(
        {
          mensaje: `Copia creada: producto ${producto.idProducto}, oculta en la tienda y sin stock; dale su sku y revísala.`,
          producto,
        } satisfies RespuestaProductoEditable,
        201,
      );
    })
    .post('/productos/:ref/archivar', async (c) => {
      const id = await existente(db, c.req.param('ref'));
      const producto = await archivarProducto(db, id, operadorDe(c), true);
      return c.json({
        mensaje: `Producto ${id} archivado: ya no se muestra en la tienda; sus pedidos y comprobantes lo conservan.`,
        producto,
      } satisfies RespuestaProductoEditable);
    })
    .post('/productos/:ref/restaurar', async (c) => {
      const id = await existente(db, c.req.param('ref'));
      const producto = await archivarProducto(db, id, operadorDe(c), false);
      return c.json({
        mensaje: `Producto ${id} restaurado: sigue oculto en la tienda hasta que lo marques visible.`,
        producto,
      } satisfies RespuestaProductoEditable);
    })
    .get('/productos/:ref/auditoria', async (c) => {
      const raw = c.req.query('limite');
      const limite = raw === undefined || raw === '' ? OPERACIONES.auditoriaPorDefecto : Number(raw);
      if (!Number.isInteger(limite) || limite < 1 || limite > OPERACIONES.auditoriaMaxima)
        throw clientError(400, `El límite debe ser un número entero de 1 a ${OPERACIONES.auditoriaMaxima}.`);
      const id = await existente(db, c.req.param('ref'));
      return c.json({ entradas: await auditoriaProducto(db, id, limite) });
    });
}

/** The product's id for the path's reference, or a Spanish 404. */
async function existente(db: Db, ref: string): Promise<number> {
  const id = await idPorReferencia(db, ref);
  if (id === undefined) throw clientError(404, `No existe el producto ${ref} (indica su idProducto o su SKU).`);
  return id;
}
