import { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import { parseId, parseNombre } from '../http/params.ts';
import { ListprodCache } from './listprod-cache.ts';
import {
  catalogueVersion,
  listCategorias,
  listCategoriasHijas,
  listMarcas,
  menu,
  productoById,
  productosByCategoria,
  productosByChild,
  productosByMarca,
} from './queries.ts';
import type { Producto } from '../../lib/api/schemas.ts';

/** `{ id, mensaje }` of the search calls: id 0 when nothing matched. */
const resultado = (productos: Producto[]) => ({ id: productos.length > 0 ? 1 : 0, mensaje: productos });

/** Catalogue calls under /web (storefront §7). */
export function catalogueRoutes(db: Db) {
  const listprod = new ListprodCache(db);

  return new Hono()
    .get('/listprod', async (c) => {
      const snapshot = await listprod.get();
      c.header('ETag', snapshot.etag);
      c.header('Cache-Control', 'no-cache');
      c.header('Vary', 'Accept-Encoding');
      if (matchesEtag(c.req.header('If-None-Match'), snapshot.etag)) return c.body(null, 304);
      c.header('Content-Type', 'application/json; charset=utf-8');
      const accepted = c.req.header('Accept-Encoding') ?? '';
      if (/\bbr\b/.test(accepted)) {
        c.header('Content-Encoding', 'br');
        return c.body(new Uint8Array(snapshot.br));
      }
      if (/\bgzip\b/.test(accepted)) {
        c.header('Content-Encoding', 'gzip');
        return c.body(new Uint8Array(snapshot.gzip));
      }
      return c.body(snapshot.json);
    })
    .get('/ListMarcas', async (c) => c.json(await listMarcas(db)))
    .get('/ListChildCat/:sub', async (c) => c.json(await listCategoriasHijas(db, parseNombre(c.req.param('sub'), 'la subcategoría'))))
    .get('/menu', async (c) => c.json(await menu(db)))
    .get('/version', async (c) => c.json({ version: await catalogueVersion(db) }))
    .get('/detailprod/:id', async (c) => {
      const producto = await productoById(db, parseId(c.req.param('id'), 'id del producto'));
      return c.json(producto ? { id: producto.idProducto, mensaje: [producto] } : { id: 0, mensaje: [] });
    })
    .get('/searchCat/:categoria', async (c) =>
      c.json(resultado(await productosByCategoria(db, parseNombre(c.req.param('categoria'), 'la categoría')))),
    )
    .get('/searchMar/:marca', async (c) => c.json(resultado(await productosByMarca(db, parseNombre(c.req.param('marca'), 'la marca')))))
    .get('/searchChild/:child', async (c) =>
      c.json(resultado(await productosByChild(db, parseNombre(c.req.param('child'), 'la categoría hija')))),
    );
}

/** `/api/categorias` in the routine builder's `{ success, data, message }` envelope. */
export function categoriasRoutes(db: Db) {
  return new Hono().get('/categorias', async (c) =>
    c.json({ success: true, data: await listCategorias(db), message: 'Categorías obtenidas correctamente.' }),
  );
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}
