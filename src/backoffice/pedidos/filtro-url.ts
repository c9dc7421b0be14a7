import {
  ORDENES_PEDIDOS,
  VISTAS_PEDIDOS,
  type FiltroPedidos,
  type OrdenPedidos,
  type VistaPedidos,
} from '../../lib/api/backoffice-schemas.ts';
import { ESTADOS_PEDIDO, type EstadoPedido } from '../../lib/api/checkout-schemas.ts';

/**
 * The orders list's filter lives in the URL (/admin/pedidos?vista=…&estado=…): a list can be bookmarked,
 * shared, and comes back as it was after opening an order. These read and write it; what the URL says
 * that the API would refuse is left out.
 */

/** Orders a page of the list shows (the URL's `porPagina` may ask otherwise). */
export const POR_PAGINA = 25;

/** What the list asks the API for a URL's query: its filter over the list's own page size. */
export const pedidoDeUrl = (consulta: string): FiltroPedidos => ({ porPagina: POR_PAGINA, ...filtroDeUrl(consulta) });

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const entero = (texto: string | null) => (texto && /^\d{1,6}$/.test(texto) && Number(texto) > 0 ? Number(texto) : undefined);
const texto = (valor: string | null) => valor?.trim() || undefined;

/** The filter a URL's query says (`?vista=por-preparar&pagina=2`). */
export function filtroDeUrl(consulta: string): FiltroPedidos {
  const url = new URLSearchParams(consulta);
  const vista = url.get('vista');
  const estados = (url.get('estado') ?? '')
    .split(',')
    .filter((estado): estado is EstadoPedido => (ESTADOS_PEDIDO as readonly string[]).includes(estado));
  const entrega = url.get('entrega');
  const orden = url.get('orden');
  const filtro: FiltroPedidos = {
    vista: VISTAS_PEDIDOS.includes(vista as VistaPedidos) ? (vista as VistaPedidos) : undefined,
    estado: estados.length ? estados : undefined,
    metodo: texto(url.get('metodo')),
    entrega: entrega === 'recojo' || entrega === 'envio' ? entrega : undefined,
    distrito: texto(url.get('distrito')),
    desde: FECHA.test(url.get('desde') ?? '') ? url.get('desde')! : undefined,
    hasta: FECHA.test(url.get('hasta') ?? '') ? url.get('hasta')! : undefined,
    q: texto(url.get('q')),
    orden: ORDENES_PEDIDOS.includes(orden as OrdenPedidos) ? (orden as OrdenPedidos) : undefined,
    pagina: entero(url.get('pagina')),
    porPagina: entero(url.get('porPagina')),
  };
  return Object.fromEntries(Object.entries(filtro).filter(([, valor]) => valor !== undefined)) as FiltroPedidos;
}

/** The query of a filter, in a fixed order, without empty values ('' when none). */
export function urlDeFiltro(filtro: FiltroPedidos): string {
  const url = new URLSearchParams();
  const poner = (clave: string, valor: string | number | undefined) => {
    if (valor !== undefined && valor !== '') url.set(clave, String(valor));
  };
  poner('vista', filtro.vista);
  poner('estado', filtro.estado?.join(','));
  poner('metodo', filtro.metodo);
  poner('entrega', filtro.entrega);
  poner('distrito', filtro.distrito);
  poner('desde', filtro.desde);
  poner('hasta', filtro.hasta);
  poner('q', filtro.q);
  poner('orden', filtro.orden);
  if (filtro.pagina && filtro.pagina > 1) poner('pagina', filtro.pagina);
  poner('porPagina', filtro.porPagina);
  const consulta = url.toString();
  return consulta ? `?${consulta}` : '';
}

/** The same filter with `cambio` applied; any change but the page's goes back to page 1. */
export function cambiarFiltro(filtro: FiltroPedidos, cambio: Partial<FiltroPedidos>): FiltroPedidos {
  const siguiente = { ...filtro, ...cambio };
  if (!('pagina' in cambio)) delete siguiente.pagina;
  return siguiente;
}
