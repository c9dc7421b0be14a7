import { useId, useState } from 'react';
import { splitMensaje } from '../../lib/cart/coupons.ts';
import { MENSAJES_CUPON, valorCupon } from '../../lib/pricing/coupons.ts';
import { formatSoles } from '../../lib/pricing/index.ts';
import type { Coupons } from './useCoupons.ts';

/**
 * The discount-code entry (storefront §5): shown to everyone, applied for signed-in customers, with
 * the customer's own coupon as a quick-apply chip. Disabled when no product can take a coupon.
 */
export default function CouponBox({
  coupons,
  eligible,
  amount,
  ready,
}: {
  coupons: Coupons;
  eligible: boolean;
  amount: number;
  ready: boolean;
}) {
  const id = useId();
  const [codigo, setCodigo] = useState('');
  const { applied, userCoupon, error, busy } = coupons;
  const rejection = error ? splitMensaje(error) : null;

  if (applied) {
    return (
      <div className="coupon coupon--applied" data-testid="cupon-aplicado">
        <div className="coupon__applied">
          <span className="coupon__ticket" aria-hidden="true">
            %
          </span>
          <p className="coupon__applied-text">
            <span>
              Cupón <strong>{applied.codigo}</strong> aplicado ({valorCupon(applied)})
            </span>
            <span className="coupon__amount">-{formatSoles(amount)}</span>
          </p>
          <button type="button" className="coupon__remove" onClick={coupons.remove} aria-label={`Quitar el cupón ${applied.codigo}`}>
            Quitar
          </button>
        </div>
        {applied.notas.length > 0 && (
          <ul className="coupon__notes">
            {applied.notas.map((nota) => (
              <li key={nota}>{nota}</li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  const disabled = !eligible || busy || !ready;
  return (
    <div className="coupon">
      <form
        className="coupon__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (codigo.trim()) void coupons.apply(codigo);
        }}
      >
        <label className="coupon__label" htmlFor={`${id}-codigo`}>
          Código de descuento
        </label>
        <div className="coupon__row">
          <input
            id={`${id}-codigo`}
            className="coupon__input"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="Ingresa tu código"
            value={codigo}
            disabled={!eligible}
            aria-invalid={rejection ? true : undefined}
            aria-describedby={rejection ? `${id}-error` : undefined}
            onChange={(event) => {
              setCodigo(event.target.value);
              if (error) coupons.clearError();
            }}
          />
          <button type="submit" className="btn btn--outline coupon__apply" disabled={disabled || !codigo.trim()}>
            {busy ? 'Aplicando…' : 'Aplicar'}
          </button>
        </div>
      </form>
      {!eligible && <p className="coupon__blocked">{MENSAJES_CUPON.todosInelegibles}</p>}
      {rejection && (
        <p id={`${id}-error`} className="coupon__error" role="alert" data-testid="cupon-error">
          <strong>{rejection.text ? `${rejection.title}:` : rejection.title}</strong>
          {rejection.text && ` ${rejection.text}`}
        </p>
      )}
      {userCoupon && (
        <div className="coupon__mine">
          <button
            type="button"
            className="coupon__chip"
            disabled={userCoupon.usado || disabled}
            onClick={() => {
              setCodigo(userCoupon.code);
              void coupons.apply(userCoupon.code);
            }}
          >
            Tu cupón: {userCoupon.code} ({userCoupon.porcentaje}%)
          </button>
          {userCoupon.usado && <span className="coupon__used">{MENSAJES_CUPON.usado}</span>}
        </div>
      )}
    </div>
  );
}
