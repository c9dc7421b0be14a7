import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { CartLine } from '../../lib/cart/lines.ts';
import {
  discountStillApplies,
  evaluateCoupon,
  todayInLima,
  valorCupon,
  subtotalDeProductos,
  type AppliedCoupon,
  type GlobalCoupon,
  type UserCoupon,
} from '../../lib/pricing/coupons.ts';
import { $session, $token } from '../../stores/auth.ts';
import { clearCoupon, setCoupon, storedCoupon } from '../../stores/checkout.ts';
import { openAuthDialog } from '../../stores/ui.ts';
import { showAlert, showToast } from '../../ui/alerts.ts';
import { fetchGlobalCoupons, fetchUserCoupon } from '../../lib/api/cart-client.ts';
import { formatSoles, toCentimos } from '../../lib/pricing/money.ts';

interface CouponData {
  userCoupon: UserCoupon | null;
  globalCoupons: GlobalCoupon[];
}

export interface Coupons {
  signedIn: boolean;
  userCoupon: UserCoupon | null;
  applied: AppliedCoupon | null;
  /** The last rejection, as 'Title: text'. */
  error: string;
  busy: boolean;
  apply: (codigo: string) => Promise<void>;
  remove: () => void;
  clearError: () => void;
}

/**
 * The cart's discount state (storefront §4): none, the customer's coupon or a shop coupon. Coupons
 * are fetched with the session's token; the applied code survives a reload (re-evaluated once the
 * live products are in) and resets when the cart empties or no eligible product remains.
 * `ready` says the live product list (and with it `marcaDe`) has loaded.
 */
export function useCoupons(lines: CartLine[], marcaDe: (id: number) => number | undefined, ready: boolean): Coupons {
  const session = useStore($session);
  const token = useStore($token);
  const signedIn = !!session && !!token;
  const [data, setData] = useState<CouponData | null>(null);
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const pending = useRef<Promise<CouponData> | null>(null);
  const restored = useRef(false);
  const current = useRef({ lines, marcaDe });
  current.current = { lines, marcaDe };

  const userId = session?.idUsuario;
  useEffect(() => {
    setData(null);
    setApplied(null);
    restored.current = false;
    if (userId === undefined || !token) {
      pending.current = null;
      return;
    }
    let live = true;
    // Failures are only logged (storefront §8): the shopper simply has no coupon to apply.
    const request = Promise.all([
      fetchUserCoupon(userId, token).catch((failure: unknown) => (console.error('No se pudo cargar tu cupón', failure), null)),
      fetchGlobalCoupons(token).catch((failure: unknown) => (console.error('No se pudieron cargar los descuentos', failure), [])),
    ]).then(([userCoupon, globalCoupons]) => {
      const loaded = { userCoupon, globalCoupons };
      if (live) setData(loaded);
      return loaded;
    });
    pending.current = request;
    return () => {
      live = false;
    };
  }, [userId, token]);

  const evaluate = (codigo: string, coupons: CouponData) =>
    evaluateCoupon(codigo, coupons, current.current.lines, current.current.marcaDe, todayInLima());

  useEffect(() => {
    // The code applied before a reload comes back only if it still holds for this cart.
    if (!data || !ready || restored.current) return;
    restored.current = true;
    const codigo = storedCoupon();
    if (!codigo) return;
    const result = evaluate(codigo, data);
    if (result.ok) setApplied(result.applied);
    else clearCoupon();
  }, [data, ready]);

  useEffect(() => {
    if (!applied || discountStillApplies(lines, applied)) return;
    setApplied(null);
    clearCoupon();
    if (lines.length > 0) {
      const bajoMinimo = !!applied.minimo && subtotalDeProductos(lines) < toCentimos(applied.minimo);
      void showToast({
        icon: 'info',
        title: 'Descuento eliminado',
        text: bajoMinimo
          ? `Tu pedido ya no llega al mínimo de ${formatSoles(applied.minimo!)} en productos del cupón ${applied.codigo}.`
          : 'Ya no quedan productos elegibles para el descuento en tu carrito.',
        timerMs: 3500,
      });
    }
  }, [lines, applied]);

  async function apply(codigo: string) {
    setError('');
    if (!signedIn) {
      const login = await showAlert({
        icon: 'info',
        title: 'Inicia sesión',
        text: 'Para aplicar un código de descuento necesitas iniciar sesión en tu cuenta.',
        confirmText: 'Iniciar sesión',
        cancelText: 'Ahora no',
      });
      if (login) openAuthDialog('login');
      return;
    }
    setBusy(true);
    const coupons = data ?? (await pending.current?.catch(() => null));
    setBusy(false);
    if (!coupons) return;
    const result = evaluate(codigo, coupons);
    if (!result.ok) {
      setError(result.mensaje);
      return;
    }
    setApplied(result.applied);
    setCoupon(result.applied.codigo);
    void showToast({
      icon: 'success',
      title: '¡Cupón aplicado!',
      text: `${result.applied.codigo}: ${valorCupon(result.applied)} de descuento`,
      timerMs: 2500,
    });
  }

  function remove() {
    setApplied(null);
    setError('');
    clearCoupon();
  }

  return { signedIn, userCoupon: data?.userCoupon ?? null, applied, error, busy, apply, remove, clearError: () => setError('') };
}
