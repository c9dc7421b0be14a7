import { LIMITES, TIENDA } from '../../lib/tienda.ts';
import { normalizeSearch } from '../../lib/catalogue/search.ts';
import { SORT_OPTIONS, type ListingFilters } from '../../lib/catalogue/listing.ts';
import { SPECIAL_LISTINGS, type ListingSource } from '../../lib/catalogue/selection.ts';
import { clientError } from '../http/errors.ts';
import { parseNombre } from '../http/params.ts';

/** A page of a search answer: 1-based, of `porPagina` products. */
export interface Pagina {
  pagina: number;
  porPagina: number;
}

const POSITIVE = /^[1-9]\d{0,8}$/;

/**
 * The optional page of searchCat, searchMar and searchChild: undefined when the query names neither
 * `pagina` nor `porPagina` (the spec's whole answer); either alone takes the other's default (page 1,
 * TIENDA.productosPorPagina). Anything else answers a Spanish 400.
 */
export function parsePagina(query: { pagina?: string; porPagina?: string }, porPaginaMaximo: number): Pagina | undefined {
  const { pagina, porPagina } = query;
  if (pagina === undefined && porPagina === undefined) return undefined;
  if (pagina !== undefined && !POSITIVE.test(pagina)) throw clientError(400, 'El parámetro pagina debe ser un número entero positivo.');
  const size = porPagina === undefined ? Math.min(TIENDA.productosPorPagina, porPaginaMaximo) : Number(porPagina);
  if (porPagina !== undefined && (!POSITIVE.test(porPagina) || size > porPaginaMaximo)) {
    throw clientError(400, `El parámetro porPagina debe ser un número entero entre 1 y ${porPaginaMaximo}.`);
  }
  return { pagina: pagina === undefined ? 1 : Number(pagina), porPagina: size };
}

/**
 * The `q` of `/web/buscar` (control characters never reach it: http/edge.ts refuses them): trimmed, at most LIMITES.busquedaMaxima characters, with something left after the
 * spec's normalisation (storefront §2, Search page); otherwise the spec's own words for an empty search, as a 400.
 */
export function parseBusqueda(raw: string | undefined): string {
  const q = (raw ?? '').trim();
  if (!normalizeSearch(q)) throw clientError(400, 'Ingresa algo para buscar');
  if (q.length > LIMITES.busquedaMaxima)
    throw clientError(400, `La búsqueda puede tener como máximo ${LIMITES.busquedaMaxima} caracteres.`);
  return q;
}

/** The product ids of `?ids=1,2,3`, each once in the order given, at most `maximo` of them, or a Spanish 400. */
export function parseIds(raw: string | undefined, maximo: number): number[] {
  const items = raw?.split(',') ?? [];
  if (raw === undefined || raw === '' || !items.every((item) => POSITIVE.test(item))) {
    throw clientError(400, 'Indica los productos con ids: números enteros positivos separados por comas, por ejemplo ?ids=1,2,3.');
  }
  if (items.length > maximo) throw clientError(400, `Se pueden consultar como máximo ${maximo} productos a la vez.`);
  return [...new Set(items.map(Number))];
}

const LISTING_KINDS = ['categoria', 'child', 'marca', 'special'] as const;
const PRICE = /^\d{1,7}(?:\.\d{1,2})?$/;

/** What `/web/listado` asks: which listing, its filters and sort, and the page. */
export interface ListadoQuery {
  source: ListingSource;
  filters: ListingFilters;
  page: Pagina;
}

/**
 * The query of `/web/listado`: `tipo` and `nombre` name the listing; optional `orden`, `min`, `max`
 * (final price in soles) and repeated `marca` filter and sort it; `pagina` and `porPagina` as the
 * search calls. Anything else a client could get wrong answers a Spanish 400.
 */
export function parseListado(
  query: Record<string, string | undefined>,
  marcas: string[],
  limits: { porPaginaMaximo: number; marcasPorConsulta: number },
): ListadoQuery {
  const kind = LISTING_KINDS.find((item) => item === query.tipo);
  if (!kind) throw clientError(400, 'El parámetro tipo debe ser categoria, child, marca o special.');
  const name = parseNombre(query.nombre, 'el listado');
  if (kind === 'special' && !SPECIAL_LISTINGS.some((special) => special === name)) {
    throw clientError(400, `El listado especial debe ser ${SPECIAL_LISTINGS.join(', ')}.`);
  }
  const orden = query.orden === undefined ? 'relevancia' : SORT_OPTIONS.find((option) => option.value === query.orden)?.value;
  if (!orden) throw clientError(400, `El parámetro orden debe ser ${SORT_OPTIONS.map((option) => option.value).join(', ')}.`);
  const price = (raw: string | undefined, otherwise: number) => {
    if (raw === undefined) return otherwise;
    if (!PRICE.test(raw))
      throw clientError(400, 'Los parámetros min y max deben ser importes en soles de 0 o más, por ejemplo 25 o 39.90.');
    return Number(raw);
  };
  const min = price(query.min, 0);
  const max = price(query.max, Number.POSITIVE_INFINITY);
  if (marcas.length > limits.marcasPorConsulta)
    throw clientError(400, `Se pueden filtrar como máximo ${limits.marcasPorConsulta} marcas a la vez.`);
  return {
    source: { kind, name } as ListingSource,
    filters: { min, max, orden, marcas: marcas.map((marca) => parseNombre(marca, 'la marca')) },
    page: parsePagina(query, limits.porPaginaMaximo) ?? {
      pagina: 1,
      porPagina: Math.min(TIENDA.productosPorPagina, limits.porPaginaMaximo),
    },
  };
}
