import type { ReactNode } from 'react';
import { MENSAJES_YAPE } from '../../lib/api/yape-rules.ts';
import type { MetodoPago, OpcionPago } from '../../lib/checkout/pay-steps.ts';
import type { OfertaYape } from '../../lib/checkout/yape.ts';

interface Props {
  /** The methods offered (metodosOfrecidos): none the server could not complete now (issue 34). */
  metodos: OpcionPago[];
  metodo: MetodoPago | null;
  onChange: (metodo: MetodoPago) => void;
  disabled: boolean;
  /** How Yape is offered: listed but disabled above its ceiling. */
  yape: OfertaYape;
  /** Yape's fields, shown under its option while it is chosen. */
  yapePanel?: ReactNode;
}

/** The payment methods as radio cards, none chosen at first (checkout §2, §5); Yape's fields under its card once chosen (issue 24). */
export default function PaymentMethods({ metodos, metodo, onChange, disabled, yape, yapePanel }: Props) {
  return (
    <fieldset className="co-methods" disabled={disabled}>
      <legend className="co-methods__legend">Método de pago</legend>
      {metodos.map((opcion) => {
        const sobreMaximo = opcion.id === 'yape' && yape === 'montoMaximo';
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
                  <span id={`metodo-${opcion.id}-maximo`} className="co-method__warning" data-testid="yape-maximo">
                    {sinCortarMontos(MENSAJES_YAPE.montoMaximo)}
                  </span>
                )}
              </span>
            </label>
            {checked && opcion.id === 'yape' && yapePanel}
          </div>
        );
      })}
    </fieldset>
  );
}

/** 'S/ 2,000' never split across lines. */
const sinCortarMontos = (text: string) => text.replace(/S\/ /g, 'S/\u00a0');
