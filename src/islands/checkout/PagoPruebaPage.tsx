import { useEffect, useState } from 'react';
import { fetchPreferenciaPrueba, payPreferenciaPrueba } from '../../lib/api/checkout-client.ts';
import { serverMessage } from '../../lib/api/request.ts';
import type { PreferenciaPrueba, RESULTADOS_PRUEBA } from '../../lib/api/checkout-schemas.ts';
import { formatSoles, round2 } from '../../lib/pricing/index.ts';
import { showAlert } from '../../ui/alerts.ts';
import './pago-prueba.css';

type Resultado = (typeof RESULTADOS_PRUEBA)[number];

const ACCIONES: { resultado: Resultado; etiqueta: string; clase: string }[] = [
  { resultado: 'approved', etiqueta: 'Aprobar pago', clase: 'btn' },
  { resultado: 'pending', etiqueta: 'Dejar pendiente', clase: 'btn btn--outline' },
  { resultado: 'rejected', etiqueta: 'Rechazar pago', clase: 'btn btn--outline tp-reject' },
];

type Estado = { kind: 'cargando' } | { kind: 'listo'; preferencia: PreferenciaPrueba } | { kind: 'error'; mensaje: string };

const hora = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('es-PE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Lima' });
};

/**
 * The pago de prueba's checkout (DESIGN.md, payments): stands in for Mercado Pago when the shop has no
 * access token. It shows the order of `?preference_id=` and lets the shopper approve, leave pending
 * or reject the payment; the server then notifies itself as Mercado Pago would and answers the back URL.
 */
export default function PagoPruebaPage() {
  const [estado, setEstado] = useState<Estado>({ kind: 'cargando' });
  const [sending, setSending] = useState<Resultado | null>(null);
  const [preferenceId, setPreferenceId] = useState('');

  useEffect(() => {
    const id = new URLSearchParams(location.search).get('preference_id')?.trim() ?? '';
    setPreferenceId(id);
    if (!id) {
      setEstado({ kind: 'error', mensaje: 'Falta el identificador del pago (preference_id).' });
      return;
    }
    fetchPreferenciaPrueba(id)
      .then((preferencia) => setEstado({ kind: 'listo', preferencia }))
      .catch((error: unknown) => {
        console.error('No se pudo cargar el pago de prueba', error);
        setEstado({ kind: 'error', mensaje: serverMessage(error) ?? 'No se pudo cargar el pago de prueba. Intenta nuevamente.' });
      });
  }, []);

  async function pagar(resultado: Resultado) {
    setSending(resultado);
    try {
      const { redirect } = await payPreferenciaPrueba(preferenceId, resultado);
      location.assign(redirect);
    } catch (error) {
      console.error('No se pudo registrar el pago de prueba', error);
      setSending(null);
      await showAlert({
        icon: 'error',
        title: 'Error',
        text: serverMessage(error) ?? 'No se pudo registrar el pago de prueba. Intenta nuevamente.',
      });
    }
  }

  return (
    <div className="tp">
      <div className="tp-banner" role="note">
        <strong className="tp-banner__title">Modo de prueba</strong>
        <span>Esta página simula el pago con Mercado Pago. No se mueve dinero real ni se cobra ninguna tarjeta.</span>
      </div>
      {estado.kind === 'cargando' && <div className="card tp-card tp-card--loading" aria-busy="true" />}
      {estado.kind === 'error' && (
        <div className="card tp-card tp-error" role="alert">
          <p>{estado.mensaje}</p>
          <a className="btn btn--outline" href="/carrito">
            Volver al carrito
          </a>
        </div>
      )}
      {estado.kind === 'listo' && (
        <section className="card tp-card" aria-labelledby="tp-titulo">
          <h2 id="tp-titulo" className="tp-card__title">
            Pedido N.° {estado.preferencia.idVenta}
          </h2>
          <ul className="tp-lines">
            {estado.preferencia.productos.map((line, index) => (
              <li key={index}>
                <span>
                  {line.cantidad} × {line.nombre}
                </span>
                <span>{formatSoles(round2(line.precio * line.cantidad))}</span>
              </li>
            ))}
            <li className="tp-lines__ship">
              <span>Envío</span>
              <span>{formatSoles(estado.preferencia.envio)}</span>
            </li>
          </ul>
          <p className="tp-total">
            <span>Total a pagar</span>
            <strong data-testid="total-prueba">{formatSoles(estado.preferencia.total)}</strong>
          </p>
          {hora(estado.preferencia.expira) && <p className="tp-note">Vence: {hora(estado.preferencia.expira)}</p>}
          <div className="tp-actions">
            {ACCIONES.map((accion) => (
              <button
                key={accion.resultado}
                type="button"
                className={accion.clase}
                disabled={sending !== null}
                onClick={() => void pagar(accion.resultado)}
              >
                {sending === accion.resultado ? 'Procesando…' : accion.etiqueta}
              </button>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
