import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import Icon from '../../ui/icons.tsx';
import { $cartCount } from '../../stores/cart.ts';

/** The header's cart button with its badge: the sum of the quantities, rendered only after mount. */
export default function CartLink() {
  const count = useStore($cartCount);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const label = mounted ? `Carrito: ${count} ${count === 1 ? 'producto' : 'productos'}` : 'Carrito';
  return (
    <a href="/carrito" className="icon-btn cart-link" aria-label={label}>
      <Icon name="bag" />
      {mounted && (
        <span className={`cart-link__badge${count === 0 ? ' cart-link__badge--empty' : ''}`} data-testid="cart-count" aria-hidden="true">
          {count}
        </span>
      )}
    </a>
  );
}
