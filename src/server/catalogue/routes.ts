import { Hono, type Context } from 'hono';
import type { CatalogueLimits } from '../config.ts';
import type { Db } from '../db/client.ts';
import { parseId, parseNombre } from '../http/params.ts';
import { AnswerCache } from './answer-cache.ts';
import { acceptsCompression, sendCompressed } from './compressed-json.ts';
import { ListprodCache } from './listprod-cache.ts';
import { parseBusqueda, parseIds, parseListado, parsePagina, type ListadoQuery, type Pagina } from './query-params.ts';
import { catalogueVersion, listCategorias, listCategoriasHijas, listMarcas, menu, productoPorId } from './queries.ts';
import type { Busqueda, BusquedaPaginada, Listado, Producto } from '../../lib/api/schemas.ts';
import { applyFilters, brandsPresent, priceBounds } from '../../lib/catalogue/listing.ts';
import { nameKey, selectListing } from '../../lib/catalogue/selection.ts';
import { normalizeSearch, searchProducts } from '../../lib/catalogue/search.ts';
import { TIENDA } from '../../lib/tienda.ts';

/**
 * The search calls: each takes its name from its path and finds the products a listing of that kind
 * shows (selectListing: case-insensitive and trimmed; searchCat matches a categoría or a whole line).
 */
const SEARCHES = {
  searchCat: { param: 'categoria', campo: 'la categoría', kind: 'categoria' },
  searchMar: { param: 'marca', campo: 'la marca', kind: 'marca' },
  searchChild: { param: 'child', campo: 'la categoría hija', kind: 'child' },
} as const;

/**
 * `{ id, mensaje }` of the search calls (id 0 when nothing matched); with a page asked, mensaje is that
 * page and `total`, `pagina` and `porPagina` are added.
 */
function searchAnswer(found: Producto[], page: Pagina | undefined): Busqueda | BusquedaPaginada {
  const id = found.length > 0 ? 1 : 0;
  if (!page) return { id, mensaje: found };
  const start = (page.pagina - 1) * page.porPagina;
  return { id, mensaje: found.slice(start, start + page.porPagina), total: found.length, ...page };
}

/** A listing's page after its filters and sort, with the brands and price bounds its filters offer. */
function listadoAnswer(listing: Producto[], { filters, page }: ListadoQuery): Listado {
  const found = applyFilters(listing, filters);
  const start = (page.pagina - 1) * page.porPagina;
  return {
    id: found.length > 0 ? 1 : 0,
    mensaje: found.slice(start, start + page.porPagina),
    total: found.length,
    ...page,
    totalListado: listing.length,
    marcas: brandsPresent(listing),
    precios: priceBounds(listing),
  };
}

/** Catalogue calls under /web (storefront §7); the product calls are answered from the in-memory list. */
export function catalogueRoutes(db: Db, limits: CatalogueLimits) {
  const listprod = new ListprodCache(db);
  const answers = new AnswerCache(limits.cacheCatalogoBytes);

  /** A search call, computed from the product list and kept compressed for the catalogue's data version. */
  const search = (call: keyof typeof SEARCHES) => async (c: Context) => {
    const { param, campo, kind } = SEARCHES[call];
    const nombre = parseNombre(c.req.param(param), campo);
    const page = parsePagina({ pagina: c.req.query('pagina'), porPagina: c.req.query('porPagina') }, limits.porPaginaMaximo);
    const snapshot = await listprod.get();
    const compute = () => searchAnswer(selectListing(snapshot.productos, { kind, name: nombre }), page);
    // An empty answer (nothing matched, or a page past the end) is cheap and not kept, so made-up names and pages cannot crowd the cache.
    // Names that differ only in case share one answer (the match ignores case; parseNombre trimmed it).
    // The day too: a product's discount dates change its price at Lima's midnight, with no data version moving.
    const key = [snapshot.dia, call, nombre.toLocaleLowerCase('es'), page?.pagina, page?.porPagina].join('\n');
    const answer = await answers.get(snapshot.version, key, () => {
      const body = compute();
      return body.mensaje.length > 0 ? body : undefined;
    });
    return answer ? sendCompressed(c, answer) : c.json(compute());
  };

  return (
    new Hono()
      // Compressed once for the browsers; the build's snapshot over 127.0.0.1 takes the text as it is
      // (catalogue-source.ts), and a list of 100,000 products is then never compressed for it.
      .get('/listprod', async (c) => {
        const list = await listprod.get();
        return sendCompressed(c, acceptsCompression(c) ? await list.body() : list.text());
      })
      // The live products of these ids (the cart's refresh): each once, unknown ids left out.
      .get('/productos', async (c) => {
        const ids = parseIds(c.req.query('ids'), limits.idsPorConsulta);
        const { byId } = await listprod.get();
        return c.json(ids.flatMap((id) => byId.get(id) ?? []));
      })
      .get('/ListMarcas', async (c) => c.json(await listMarcas(db)))
      .get('/ListChildCat/:sub', async (c) => c.json(await listCategoriasHijas(db, parseNombre(c.req.param('sub'), 'la subcategoría'))))
      .get('/menu', async (c) => c.json(await menu(db)))
      .get('/version', async (c) => c.json({ version: await catalogueVersion(db) }))
      .get('/detailprod/:id', async (c) => {
        const producto = await productoPorId(db, parseId(c.req.param('id'), 'id del producto'));
        return c.json(producto ? { id: producto.idProducto, mensaje: [producto] } : { id: 0, mensaje: [] });
      })
      // A listing page's filters, sort and later pages (the page embeds only its first cards).
      .get('/listado', async (c) => {
        const query = parseListado(c.req.query(), c.req.queries('marca') ?? [], limits);
        const snapshot = await listprod.get();
        const compute = () => listadoAnswer(selectListing(snapshot.productos, query.source), query);
        const { source, filters, page } = query;
        // Kept: the answers a listing's own links and controls ask (no price range, at most one brand);
        // any other combination is computed each time, so made-up filters cannot crowd the cache.
        const common = filters.min === 0 && filters.max === Number.POSITIVE_INFINITY && filters.marcas.length <= 1;
        if (!common) return c.json(compute());
        const key = [
          snapshot.dia,
          'listado',
          source.kind,
          nameKey(source.name),
          filters.orden,
          filters.marcas.map(nameKey).join(),
          page.pagina,
          page.porPagina,
        ].join('\n');
        const answer = await answers.get(snapshot.version, key, () => {
          const body = compute();
          return body.mensaje.length > 0 ? body : undefined;
        });
        return answer ? sendCompressed(c, answer) : c.json(compute());
      })
      // The search page's spec matches (storefront §2: name or brand, contains-match), a page at a time; the page adds
      // Pagefind's further matches after them (decision 0232).
      .get('/buscar', async (c) => {
        const q = parseBusqueda(c.req.query('q'));
        const page = parsePagina({ pagina: c.req.query('pagina'), porPagina: c.req.query('porPagina') }, limits.porPaginaMaximo) ?? {
          pagina: 1,
          porPagina: Math.min(TIENDA.resultadosPorPagina, limits.porPaginaMaximo),
        };
        const snapshot = await listprod.get();
        const compute = () => searchAnswer(searchProducts(snapshot.productos, q), page) as BusquedaPaginada;
        const key = [snapshot.dia, 'buscar', normalizeSearch(q), page.pagina, page.porPagina].join('\n');
        const answer = await answers.get(snapshot.version, key, () => {
          const body = compute();
          return body.mensaje.length > 0 ? body : undefined;
        });
        return answer ? sendCompressed(c, answer) : c.json(compute());
      })
      .get('/searchCat/:categoria', search('searchCat'))
      .get('/searchMar/:marca', search('searchMar'))
      .get('/searchChild/:child', search('searchChild'))
  );
}

/** `/api/categorias` in the routine builder's `{ success, data, message }` envelope. */
export function categoriasRoutes(db: Db) {
  return new Hono().get('/categorias', async (c) =>
    c.json({ success: true, data: await listCategorias(db), message: 'Categorías obtenidas correctamente.' }),
  );
}
