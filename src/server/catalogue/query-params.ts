import { TIENDA } from '../../config.ts';
import { clientError } from '../http/errors.ts';

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

/** The product ids of `?ids=1,2,3`, each once in the order given, at most `maximo` of them, or a Spanish 400. */
export function parseIds(raw: string | undefined, maximo: number): number[] {
  const items = raw?.split(',') ?? [];
  if (raw === undefined || raw === '' || !items.every((item) => POSITIVE.test(item))) {
    throw clientError(400, 'Indica los productos con ids: números enteros positivos separados por comas, por ejemplo ?ids=1,2,3.');
  }
  if (items.length > maximo) throw clientError(400, `Se pueden consultar como máximo ${maximo} productos a la vez.`);
  return [...new Set(items.map(Number))];
}
