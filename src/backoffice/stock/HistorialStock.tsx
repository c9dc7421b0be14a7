import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { MovimientoStock } from '../../lib/api/cupones-schemas.ts';
import { useCliente } from '../cliente.ts';
import { mensajeDe } from '../errores.ts';
import { fechaHora } from '../formato.ts';
import { Cargando } from '../marco/Pantalla.tsx';

/** Each reason of the stock history (schema/stock.ts's MOTIVOS_STOCK), as the owner reads it. */
const MOTIVO: Record<string, string> = {
  venta: 'Venta',
  cancelacion: 'Cancelación',
  devolucion: 'Devolución',
  importacion: 'Importación',
  manual: 'Cambio manual',
  lote: 'Edición en bloque',
  deshacer: 'Deshacer edición en bloque',
  'sin motivo': 'Sin motivo registrado',
};

/** '+3' or '−2'. */
const diferencia = (m: MovimientoStock) => {
  const d = m.despues - m.antes;
  return d > 0 ? `+${d}` : `−${Math.abs(d)}`;
};

/**
 * A product's stock history (issue 37), newest first, a page at a time: when, why, who, from → to,
 * the person's reason or the import's file, and the order it was for (a link to it).
 */
export function HistorialStock({ idProducto }: { idProducto: number }) {
  const cliente = useCliente();
  const historial = useInfiniteQuery({
    queryKey: ['movimientos', idProducto],
    queryFn: ({ pageParam }) => cliente.stockHistory(idProducto, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (pagina) => pagina.siguiente ?? undefined,
  });
  const movimientos = historial.data?.pages.flatMap((p) => p.movimientos) ?? [];
  return (
    <section className="bo-historial-stock" aria-labelledby={`bo-historial-${idProducto}`}>
      <h2 id={`bo-historial-${idProducto}`}>Historial de stock</h2>
      {historial.isPending ? (
        <Cargando />
      ) : historial.isError ? (
        <p role="alert">{mensajeDe(historial.error)}</p>
      ) : movimientos.length === 0 ? (
        <p className="bo-vacio">Este producto aún no tiene cambios de stock.</p>
      ) : (
        <>
          <ol className="bo-historial-stock__lista">
            {movimientos.map((m) => (
              <li key={m.id} className="bo-historial-stock__fila">
                <p>
                  <strong>{MOTIVO[m.motivo] ?? m.motivo}</strong>{' '}
                  <span className={m.despues > m.antes ? 'bo-historial-stock__mas' : 'bo-historial-stock__menos'}>{diferencia(m)}</span>{' '}
                  <span aria-label={`de ${m.antes} a ${m.despues} unidades`}>
                    {m.antes} → {m.despues}
                  </span>
                </p>
                <p className="bo-nota">
                  <time dateTime={m.fecha}>{fechaHora(m.fecha)}</time> · {m.actor}
                  {m.pedidoId !== null && (
                    <>
                      {' · '}
                      <Link href={`/pedidos/${m.pedidoId}`}>Pedido N.° {m.pedidoId}</Link>
                    </>
                  )}
                </p>
                {m.nota && <p className="bo-historial-stock__nota">«{m.nota}»</p>}
              </li>
            ))}
          </ol>
          {historial.hasNextPage && (
            <button
              type="button"
              className="btn btn--outline bo-btn--sm"
              disabled={historial.isFetchingNextPage}
              onClick={() => void historial.fetchNextPage()}
            >
              {historial.isFetchingNextPage ? 'Cargando…' : 'Ver cambios anteriores'}
            </button>
          )}
        </>
      )}
    </section>
  );
}
