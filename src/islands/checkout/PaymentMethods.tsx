import { METODOS_PAGO, type MetodoPago } from '../../lib/checkout/pay-steps.ts';

interface Props {
  metodo: MetodoPago | null;
  onChange: (metodo: MetodoPago) => void;
  disabled: boolean;
}

/** The payment methods as radio cards, none chosen at first (checkout §2, §5). */
export default function PaymentMethods({ metodo, onChange, disabled }: Props) {
  return (
    <fieldset className="co-methods" disabled={disabled}>
      <legend className="co-methods__legend">Método de pago</legend>
      {METODOS_PAGO.map((opcion) => (
        <label key={opcion.id} className={`co-method${metodo === opcion.id ? ' co-method--checked' : ''}`}>
          <input type="radio" name="metodo-pago" value={opcion.id} checked={metodo === opcion.id} onChange={() => onChange(opcion.id)} aria-describedby={`metodo-${opcion.id}`} />
          <span className="co-method__text">
            <span className="co-method__name">{opcion.nombre}</span>
            <span id={`metodo-${opcion.id}`} className="co-method__detail">
              {opcion.detalle}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
