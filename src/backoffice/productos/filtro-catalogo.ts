import type { FiltroCatalogoConsulta } from '../../lib/api/catalogo-schemas.ts';

/**
 * The product list's filter and page in the address (/productos?q=…&marca=…&pagina=2), so a view can be
 * bookmarked and the back button works. The keys are the API's (catalogo-schemas.ts), spelled here so the
 * screen loads no zod.
 */

export const CLAVES_FILTRO = [
  'q',
  'marca',
  'categoria',
  'hija',
  'stock',
  'oferta',
  'preventa',
  'nuevo',
  'archivados',
] as const satisfies readonly (keyof FiltroCatalogoConsulta)[];

/** The filter and page the address holds (empty values left out). */
export function filtroDeUrl(consulta: string): FiltroCatalogoConsulta & { pagina: number } {
  const params = new URLSearchParams(consulta);
  const filtro: FiltroCatalogoConsulta = {};
  for (const clave of CLAVES_FILTRO) {
    const valor = params.get(clave)?.trim();
    if (valor) filtro[clave] = valor;
  }
  const pagina = Number(params.get('pagina'));
  return { ...filtro, pagina: Number.isSafeInteger(pagina) && pagina >= 1 ? pagina : 1 };
}

/** The list's address for a filter and page (page 1 left out). */
export function urlDeFiltro(filtro: FiltroCatalogoConsulta, pagina = 1): string {
  const params = new URLSearchParams();
  for (const clave of CLAVES_FILTRO) if (filtro[clave]) params.set(clave, filtro[clave]);
  if (pagina > 1) params.set('pagina', String(pagina));
  const texto = params.toString();
  return texto ? `/productos?${texto}` : '/productos';
}
