import AccountLoading from './AccountLoading.tsx';
import { useProtectedSession } from './useProtectedSession.ts';
import './account.css';

/**
 * 'Mis Compras' (checkout §2, Orders): protected. The API has no orders yet, so a signed-in shopper
 * sees the empty state.
 */
export default function OrdersPage() {
  const session = useProtectedSession();
  if (!session) return <AccountLoading />;
  return (
    <section className="account-card account-empty" aria-labelledby="compras-vacio">
      <span className="account-empty__icon" aria-hidden="true">
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

