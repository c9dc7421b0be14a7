import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import Icon from '../../ui/icons.tsx';
import { $ajustesTienda, loadAjustesTienda } from '../../stores/ajustes.ts';
import type { CheckoutPayload } from '../../lib/cart/checkout-payload.ts';
import { isHomeDelivery } from '../../lib/shipping/methods.ts';

/** How the order is handed over (checkout §3): the pickup point with its address and hours, or province delivery with the address and reference. */
export default function DeliveryCard({ payload }: { payload: CheckoutPayload }) {
  const { envio, destino } = payload;
  const domicilio = isHomeDelivery(envio.metodo);
  const { puntosRecojo } = useStore($ajustesTienda);
  useEffect(() => void loadAjustesTienda(), []);
  const punto = puntosRecojo.find((p) => p.metodo === envio.metodo);
  return (
    <section className="card co-card" aria-labelledby="co-entrega">
      <div className="co-card__head">
        <h2 id="co-entrega" className="co-card__title">
          {domicilio ? 'Envío a domicilio' : 'Recojo en tienda'}
        </h2>
        <a className="co-card__link" href="/carrito">
          Cambiar
        </a>
      </div>
      <p className="co-delivery__method" data-testid="metodo-entrega">
        {envio.metodo}
      </p>
      <div className="co-delivery__details">
        <p data-testid="direccion-entrega">
          <Icon name="pin" size={16} /> {domicilio ? payload.Direccion : (punto?.direccion ?? envio.direccion)}
        </p>
        {domicilio ? (
          <>
            {destino?.referencia && <p className="co-muted">Referencia: {destino.referencia}</p>}
            <p>
              <Icon name="clock" size={16} /> Entrega en 2 a 5 días hábiles.
            </p>
          </>
        ) : (
          <>
            {punto && (
              <p>
                <Icon name="clock" size={16} /> {punto.horario}
              </p>
            )}
            <p className="co-muted">{punto?.instrucciones ?? envio.instrucciones}</p>
          </>
        )}
      </div>
    </section>
  );
}
