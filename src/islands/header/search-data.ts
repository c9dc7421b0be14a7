import { fetchMarcas, fetchProductos } from '../../lib/api/client.ts';
import type { Producto } from '../../lib/api/schemas.ts';

/** What the header suggestions search: every product and every brand name. */
export interface SearchData {
  productos: Producto[];
  marcas: string[];
}

let pending: Promise<SearchData> | undefined;

/** Loads the products and brands once per page (on the first focus or keystroke); failures are only logged. */
export function loadSearchData(): Promise<SearchData> {
  pending ??= Promise.all([
    fetchProductos().catch((error: unknown) => {
      console.error('No se pudieron cargar los productos para la búsqueda', error);
      pending = undefined;
      return [];
    }),
    fetchMarcas()
      .then((marcas) => marcas.map((marca) => marca.nombre))
      .catch((error: unknown) => {
        console.error('No se pudieron cargar las marcas para la búsqueda', error);
        return [];
      }),
  ]).then(([productos, marcas]) => ({ productos, marcas }));
  return pending;
}
