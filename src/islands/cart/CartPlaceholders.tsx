import './placeholders.css';

/** Before mount the persisted cart is unknown: a quiet placeholder, the same on server and client (cart and checkout). */
export function CartLoading({ label }: { label: string }) {
  return (
    <div className="cart-loading" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <div className="cart-loading__block" />
      <div className="cart-loading__block cart-loading__block--short" />
    </div>
  );
}

/** The cart page's line under 'Tu carrito está vacío.': its island's and its HTML's (carrito.astro). */
export const CART_EMPTY_TEXT = 'Descubre nuestros favoritos de cuidado coreano y encuentra tu rutina ideal.';

/** 'Tu carrito está vacío.' with a link to keep shopping (cart, and checkout with no products: checkout §2). */
export function EmptyCart({ text }: { text: string }) {
  return (
    <div className="cart-empty">
      <svg viewBox="0 0 24 24" width="64" height="64" aria-hidden="true">
        <path
          fill="currentColor"
          d="M8 7V6a4 4 0 0 1 8 0v1h3.2l1 14H3.8l1-14H8Zm2 0h4V6a2 2 0 1 0-4 0v1Zm-3.3 2-.7 10h12l-.7-10H16v2h-2V9h-4v2H8V9H6.7Z"
        />
      </svg>
      <p className="cart-empty__title">Tu carrito está vacío.</p>
      <p className="cart-empty__text">{text}</p>
      <a className="btn" href="/">
        Seguir comprando
      </a>
    </div>
  );
}
