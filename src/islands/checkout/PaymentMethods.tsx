import type { Ofertas, MetodoPago, OpcionPago } from '../../lib/checkout/pay-steps.ts';
import type { ReactNode } from 'react';

interface Props {
  /** The methods offered (metodosOfrecidos): none the server could not complete now (issue 34). */
  metodos: OpcionPago[];
  metodo: MetodoPago | null;
  onChange: (metodo: MetodoPago) => void;
  disabled: boolean;
  /** How the methods with panels are offered: one above its ceiling is listed but disabled. */
  ofertas: Ofertas;
  /** A method's panel (its fields), shown under its option while it is chosen; nothing for a method without one. */
  panel: (metodo: MetodoPago) => ReactNode;
}

/** The payment methods as radio cards, none chosen at first (checkout §2, §5); a method's panel under its card once chosen (issue 24). */
export default function PaymentMethods({ metodos, metodo, onChange, disabled, ofertas, panel }: Props) {
  return (
    <fieldset className="co-methods" disabled={disabled}>
      <legend className="co-methods__legend">Método de pago</legend>
      {metodos.map((opcion) => {
        const sobreMaximo = ofertas[opcion.id] === 'montoMaximo';
        const checked = metodo === opcion.id && !sobreMaximo;
        return (
          <div key={opcion.id} className="co-methods__item">
            <label className={`co-method${checked ? ' co-method--checked' : ''}${sobreMaximo ? ' co-method--disabled' : ''}`}>
              <input
                type="radio"
                name="metodo-pago"
                value={opcion.id}
                checked={checked}
                disabled={sobreMaximo}
                onChange={() => onChange(opcion.id)}
                aria-describedby={sobreMaximo ? `metodo-${opcion.id} metodo-${opcion.id}-maximo` : `metodo-${opcion.id}`}
              />
              <span className="co-method__text">
                <span className="co-method__name">{opcion.nombre}</span>
                <span id={`metodo-${opcion.id}`} className="co-method__detail">
                  {opcion.detalle}
                </span>
                {sobreMaximo && (
                  <span id={`metodo-${opcion.id}-maximo`} className="co-method__warning" data-testid={`${opcion.id}-maximo`}>
                    {sinCortarMontos(opcion.mensajeMaximo ?? '')}
                  </span>
                )}
              </span>
            </label>
            {checked && panel(opcion.id)}
          </div>
        );
      })}
    </fieldset>
  );
}

/** 'S/ 2,000' never split across lines. */
const sinCortarMontos = (text: string) => text.replace(/S\/ /g, 'S/\u00a0');
