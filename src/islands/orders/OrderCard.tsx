import type { PedidoResumen } from '../../lib/api/orders-schemas.ts';
import { ESTADO_PEDIDO_TEXTO, fechaCorta } from '../../lib/orders/timeline.ts';
import { formatSoles } from '../../lib/pricing/index.ts';

const MINIATURAS = 4;

/** The state as a coloured badge (list and detail). */
export const EstadoBadge = ({ estado }: { estado: PedidoResumen['estado'] }) => (
  <span className={`pill order-badge order-badge--${estado.toLowerCase().replaceAll(' ', '-')}`} data-testid="estado-pedido">
    {ESTADO_PEDIDO_TEXTO[estado]}
  </span>
);

/** One order of the list: number, date, state, total, pickup or delivery and its product thumbnails. */
export default function OrderCard({ pedido, onDetail }: { pedido: PedidoResumen; onDetail: () => void }) {
  const imagenes = pedido.imagenes
    .split(',')
    .map((src) => src.trim())
    .filter(Boolean);
  const extra = imagenes.length - MINIATURAS;
  return (
    <article className="card order-card" aria-labelledby={`pedido-${pedido.idVenta}`} data-testid="pedido">
      <header className="order-card__head">
        <div>
          <h2 id={`pedido-${pedido.idVenta}`} className="order-card__title">
            Pedido N.° {pedido.idVenta}
          </h2>
          <p className="order-card__date">{fechaCorta(pedido.fecha)}</p>
        </div>
        <EstadoBadge estado={pedido.estado} />
      </header>
      <div className="order-card__body">
        <ul className="order-card__thumbs" aria-label="Productos">
          {imagenes.slice(0, MINIATURAS).map((src, index) => (
            <li key={index}>
              <img src={src} alt="" width="56" height="56" loading="lazy" decoding="async" />
            </li>
          ))}
          {extra > 0 && <li className="order-card__more">+{extra}</li>}
        </ul>
        <dl className="order-card__facts">
          <div>
            <dt>Entrega</dt>
            <dd>{pedido.recojo ? 'Recojo en tienda' : 'Envío a domicilio'}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd className="order-card__total">{formatSoles(pedido.total)}</dd>
          </div>
        </dl>
        <button type="button" className="btn btn--outline order-card__detail" onClick={onDetail}>
          Ver detalle
        </button>
      </div>
    </article>
  );
}
