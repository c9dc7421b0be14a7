import { useState } from 'react';
import AccountLoading from '../account/AccountLoading.tsx';
import { useProtectedSession } from '../account/useProtectedSession.ts';
import OrderCard from './OrderCard.tsx';
import OrderDetailModal from './OrderDetailModal.tsx';
import { useOrders } from './useOrders.ts';
import '../account/account.css';
import './orders.css';

function EmptyOrders() {
  return (
    <section className="card account-card account-empty" aria-labelledby="compras-vacio">
      <span className="icon-disc icon-disc--soft account-empty__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40">
          <path
            fill="currentColor"
            d="M8 7V6a4 4 0 0 1 8 0v1h3.2l1 14H3.8l1-14H8Zm2 0h4V6a2 2 0 1 0-4 0v1Zm-3.3 2-.7 10h12l-.7-10H16v2h-2V9h-4v2H8V9H6.7Z"
          />
        </svg>
      </span>
      <h2 id="compras-vacio" className="account-empty__title">
        Aún no tienes compras
      </h2>
      <p className="account-empty__text">Cuando hagas tu primer pedido, aquí podrás ver su detalle y seguir su estado.</p>
      <a className="btn" href="/">
        Seguir comprando
      </a>
    </section>
  );
}

/**
 * 'Mis Compras' (checkout §2, Orders): protected. The customer's orders, newest first, only the
 * latest until 'Mostrar otros pedidos'; each opens the 'Detalle del Pedido' modal.
 */
export default function OrdersPage() {
  const session = useProtectedSession();
  const { estado, reload } = useOrders(session);
  const [todos, setTodos] = useState(false);
  const [abierto, setAbierto] = useState<number | null>(null);

  if (!session || estado.kind === 'cargando') return <AccountLoading />;
  if (estado.kind === 'error') {
    return (
      <section className="card account-card orders-error" role="alert">
        <p>No se pudo obtener la lista de pedidos.</p>
        <button type="button" className="btn btn--outline" onClick={reload}>
          Reintentar
        </button>
      </section>
    );
  }
  const { pedidos } = estado;
  if (pedidos.length === 0) return <EmptyOrders />;
  const visibles = todos ? pedidos : pedidos.slice(0, 1);
  return (
    <div className="orders">
      <ol className="orders__list" aria-label="Tus pedidos">
        {visibles.map((pedido) => (
          <li key={pedido.idVenta}>
            <OrderCard pedido={pedido} onDetail={() => setAbierto(pedido.idVenta_estado)} />
          </li>
        ))}
      </ol>
      {!todos && pedidos.length > 1 && (
        <button type="button" className="btn btn--outline orders__more" onClick={() => setTodos(true)}>
          Mostrar otros pedidos <span className="orders__count">({pedidos.length - 1})</span>
        </button>
      )}
      {abierto !== null && <OrderDetailModal idVenta={abierto} token={session.token} onClose={() => setAbierto(null)} />}
    </div>
  );
}
