import { useStore } from '@nanostores/react';
import Icon from '../../ui/icons.tsx';
import { $ajustesTienda } from '../../stores/ajustes.ts';
import { fullAddress, isShippingComplete } from '../../lib/cart/shipping-form.ts';
import { OPCIONES_ENTREGA } from '../../lib/cart/summary.ts';
import { formatSoles } from '../../lib/pricing/index.ts';
import { ENVIO_PROVINCIA } from '../../lib/shipping/methods.ts';
import type { Delivery } from './useDelivery.ts';

const TRUCK =
  'M3 5h11v3h4l3 4v5h-2a3 3 0 0 1-6 0H9a3 3 0 0 1-6 0H2V6a1 1 0 0 1 1-1Zm1 2v8h.8A3 3 0 0 1 9 15h3V7H4Zm10 3v5h.8a3 3 0 0 1 3.4-.8H19v-1.5L17 10h-3ZM6 16a1 1 0 1 0 0 2 1 1 0 0 0 0-2Zm10 0a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z';
const STORE =
  'M4 4h16l1.5 5a3 3 0 0 1-2.5 3.4V20H5v-7.6A3 3 0 0 1 2.5 9L4 4Zm1.5 2-.9 3.3a1 1 0 0 0 1.9.7h1.9a1 1 0 0 0 1.9 0h1.9a1 1 0 0 0 1.9 0h1.9a1 1 0 0 0 1.9-.7L18.5 6h-13ZM7 12.4V18h3v-4h4v4h3v-5.6a3 3 0 0 1-1.9-.9 3 3 0 0 1-2.1.9 3 3 0 0 1-2-.9 3 3 0 0 1-2 .9 3 3 0 0 1-2-.9Z';

const Glyph = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <path fill="currentColor" d={d} />
  </svg>
);

/**
 * The delivery or pickup selector (checkout §2): radio cards for the three pickup points (fixed
 * address, hours and instructions, cost S/ 0.00) and province delivery with its saved address.
 */
export default function DeliveryOptions({ delivery, envioGratis }: { delivery: Delivery; envioGratis: boolean }) {
  const saved = isShippingComplete(delivery.shipping) ? delivery.shipping : null;
  const { puntosRecojo } = useStore($ajustesTienda);
  return (
    <section className="card delivery" aria-labelledby="entrega-titulo">
      <h2 id="entrega-titulo" className="cart-section-title">
        Entrega
      </h2>
      <div className="delivery__options" role="radiogroup" aria-labelledby="entrega-titulo">
        {OPCIONES_ENTREGA.map((opcion, index) => {
          const ids = { title: `entrega-${index}`, sub: `entrega-${index}-sub`, cost: `entrega-${index}-costo` };
          const checked = delivery.metodo === opcion.metodo;
          const punto = puntosRecojo.find((p) => p.metodo === opcion.metodo);
          const provincia = opcion.metodo === ENVIO_PROVINCIA;
          const costo = provincia
            ? envioGratis
              ? 'Gratis'
              : saved?.tarifa != null
                ? formatSoles(saved.tarifa)
                : 'Según destino'
            : formatSoles(0);
          return (
            <div key={opcion.metodo} className={`delivery__card${checked ? ' delivery__card--checked' : ''}`}>
              <label className="delivery__choice">
                <input
                  type="radio"
                  name="entrega"
                  value={opcion.metodo}
                  checked={checked}
                  aria-labelledby={ids.title}
                  aria-describedby={`${ids.sub} ${ids.cost}`}
                  onChange={() => delivery.choose(opcion.metodo)}
                />
                <span className="icon-disc icon-disc--soft delivery__glyph">
                  <Glyph d={provincia ? TRUCK : STORE} />
                </span>
                <span className="delivery__text">
                  <span id={ids.title} className="delivery__title">
                    {opcion.etiqueta}
                  </span>
                  <span id={ids.sub} className="delivery__sub">
                    {provincia ? ENVIO_PROVINCIA : 'Recojo en tienda, gratis'}
                  </span>
                </span>
                <span id={ids.cost} className="delivery__cost">
                  {costo}
                </span>
              </label>
              {punto && checked && (
                <div className="delivery__details">
                  <p>
                    <Icon name="pin" size={16} /> {punto.direccion}
                  </p>
                  <p>
                    <Icon name="clock" size={16} /> {punto.horario}
                  </p>
                  <p className="delivery__note">{punto.instrucciones}</p>
                </div>
              )}
              {provincia && checked && (
                <div className="delivery__details">
                  {saved ? (
                    <>
                      <p data-testid="direccion-envio">
                        <Icon name="pin" size={16} /> {fullAddress(saved)}
                      </p>
                      <p className="delivery__note">Referencia: {saved.referencia}</p>
                      <button type="button" className="btn btn--outline delivery__edit" onClick={delivery.openModal}>
                        Editar dirección
                      </button>
                    </>
                  ) : (
                    <>
                      <p className="delivery__warn">Completa los datos de envío para continuar con tu compra.</p>
                      <button type="button" className="btn delivery__edit" onClick={delivery.openModal}>
                        Agregar dirección de envío
                      </button>
                    </>
                  )}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
