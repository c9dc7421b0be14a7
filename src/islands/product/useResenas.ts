import { useCallback, useEffect, useState } from 'react';
import type { ResenaPublica } from '../../lib/api/resenas-schemas.ts';
import { fetchResenas } from '../../lib/api/resenas-client.ts';

/** The live reviews of a product: null until the first page arrives (the static page's list shows meanwhile). */
export interface ResenasVivas {
  promedio: number;
  cantidad: number;
  resenas: ResenaPublica[];
  pagina: number;
  paginas: number;
}

/**
 * Reads the product's approved reviews from the API on mount (newer than the static page's show without a
 * rebuild) and the next page on request (`?pagina=`). A failed first call keeps the static list.
 */
export function useResenas(idProducto: number) {
  const [vivas, setVivas] = useState<ResenasVivas | null>(null);
  const [cargando, setCargando] = useState(false);
  const [error, setError] = useState(false);

  useEffect(() => {
    const control = new AbortController();
    fetchResenas(idProducto, 1, control.signal)
      .then(({ promedio, cantidad, resenas, pagina, paginas }) => setVivas({ promedio, cantidad, resenas, pagina, paginas }))
      .catch((cause: unknown) => {
        if (!control.signal.aborted) console.error('No se pudieron cargar las reseñas', cause);
      });
    return () => control.abort();
  }, [idProducto]);

  const verMas = useCallback(async () => {
    if (!vivas || vivas.pagina >= vivas.paginas) return;
    setCargando(true);
    setError(false);
    try {
      const siguiente = await fetchResenas(idProducto, vivas.pagina + 1);
      // A review approved meanwhile shifts the pages: one already shown is not repeated.
      const vistas = new Set(vivas.resenas.map((resena) => resena.id));
      setVivas({
        promedio: siguiente.promedio,
        cantidad: siguiente.cantidad,
        resenas: [...vivas.resenas, ...siguiente.resenas.filter((resena) => !vistas.has(resena.id))],
        pagina: siguiente.pagina,
        paginas: siguiente.paginas,
      });
    } catch (cause) {
      console.error('No se pudieron cargar más reseñas', cause);
      setError(true);
    } finally {
      setCargando(false);
    }
  }, [idProducto, vivas]);

  return { vivas, cargando, error, verMas };
}
