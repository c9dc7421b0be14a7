import {
  ESTADOS_FILTRO_COMPROBANTE,
  TIPOS_FILTRO_COMPROBANTE,
  type EstadoFiltroComprobante,
  type FiltroComprobantes,
  type TipoFiltroComprobante,
} from '../../lib/api/comprobantes-schemas.ts';

/**
 * The receipts list's filter lives in the address (/admin/comprobantes?tipo=factura&estado=rechazado&desde=…):
 * bookmarked, shared, and back as it was after opening a receipt. What the address says that the API would
 * refuse is left out.
 */

/** Receipts a page of the list shows. */
export const POR_PAGINA = 25;

const FECHA = /^\d{4}-\d{2}-\d{2}$/;

/** The filter an address's query says. */
export function filtroDeUrl(consulta: string): FiltroComprobantes {
  const url = new URLSearchParams(consulta);
  const serie = url.get('serie')?.trim().toUpperCase() ?? '';
  const tipo = url.get('tipo') ?? '';
  const estado = url.get('estado') ?? '';
  const pagina = url.get('pagina') ?? '';
  const filtro: FiltroComprobantes = {
    serie: /^[A-Z0-9]{4}$/.test(serie) ? serie : undefined,
    tipo: tipo in TIPOS_FILTRO_COMPROBANTE ? (tipo as TipoFiltroComprobante) : undefined,
    estado: (ESTADOS_FILTRO_COMPROBANTE as readonly string[]).includes(estado) ? (estado as EstadoFiltroComprobante) : undefined,
    desde: FECHA.test(url.get('desde') ?? '') ? url.get('desde')! : undefined,
    hasta: FECHA.test(url.get('hasta') ?? '') ? url.get('hasta')! : undefined,
    pagina: /^\d{1,6}$/.test(pagina) && Number(pagina) > 1 ? Number(pagina) : undefined,
  };
  return Object.fromEntries(Object.entries(filtro).filter(([, valor]) => valor !== undefined)) as FiltroComprobantes;
}

/** The list's address for a filter: its query in a fixed order, without empty values. */
export function urlDeFiltro(filtro: FiltroComprobantes): string {
  const url = new URLSearchParams();
  for (const clave of ['serie', 'tipo', 'estado', 'desde', 'hasta'] as const) if (filtro[clave]) url.set(clave, String(filtro[clave]));
  if (filtro.pagina && filtro.pagina > 1) url.set('pagina', String(filtro.pagina));
  const consulta = url.toString();
  return `/comprobantes${consulta ? `?${consulta}` : ''}`;
}
