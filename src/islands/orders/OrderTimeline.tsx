import type { DetallePedido } from '../../lib/api/checkout-schemas.ts';
import { fechaCorta, lineaDeTiempo } from '../../lib/orders/timeline.ts';

/** The order's status timeline (checkout §4): every step up to the current state highlighted with its date. */
export default function OrderTimeline({ pedido }: { pedido: DetallePedido }) {
  const pasos = lineaDeTiempo(pedido);
  return (
    <ol className="timeline" aria-label="Estado del pedido" data-testid="linea-tiempo">
      {pasos.map((paso) => (
        <li
          key={paso.estado}
          className={`timeline__step${paso.alcanzado ? ' timeline__step--done' : ''}${paso.actual ? ' timeline__step--current' : ''}`}
          aria-current={paso.actual ? 'step' : undefined}
          data-alcanzado={paso.alcanzado}
        >
          <span className="timeline__dot" aria-hidden="true">
            {paso.alcanzado && (
              <svg viewBox="0 0 24 24" width="14" height="14">
                <path
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="3"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  d="m5 12.5 4.5 4.5L19 7.5"
                />
              </svg>
            )}
          </span>
          <span className="timeline__label">{paso.etiqueta}</span>
          <span className="timeline__date">{paso.alcanzado ? fechaCorta(paso.fecha) : ''}</span>
          {paso.alcanzado && <span className="visually-hidden"> (completado)</span>}
        </li>
      ))}
    </ol>
  );
}
