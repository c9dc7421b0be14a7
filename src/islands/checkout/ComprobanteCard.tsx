import { REGLAS_FACTURA, type ClaseComprobante } from '../../lib/api/comprobante-rules.ts';
import TextField from '../../ui/TextField.tsx';
import type { ComprobanteForm } from './useComprobante.ts';

interface Props {
  comprobante: ComprobanteForm;
  /** The identity document a boleta is issued to ('DNI 12345678'); null while unknown or not registered. */
  documento: string | null;
  disabled: boolean;
}

/**
 * The comprobante the shopper asks for (issue 23): a boleta de venta to their identity document (the
 * default) or a factura to a RUC, with its razón social and dirección fiscal.
 */
export default function ComprobanteCard({ comprobante, documento, disabled }: Props) {
  const { eleccion, problemas, campoId, elegir, escribir, salir } = comprobante;
  const opciones: { tipo: ClaseComprobante; nombre: string; detalle: string }[] = [
    {
      tipo: 'boleta',
      nombre: 'Boleta de venta',
      detalle: documento ? `Se emite a tu documento de identidad (${documento}).` : 'Se emite a tu documento de identidad.',
    },
    { tipo: 'factura', nombre: 'Factura', detalle: 'Se emite a tu RUC, con tu razón social y dirección fiscal.' },
  ];
  return (
    <section className="card co-card" aria-labelledby="co-comprobante" data-testid="comprobante">
      <h2 id="co-comprobante" className="co-card__title">
        Comprobante de pago
      </h2>
      <fieldset className="co-comprobante" disabled={disabled}>
        <legend className="visually-hidden">Tipo de comprobante</legend>
        <div className="co-comprobante__options">
          {opciones.map((opcion) => (
            <label key={opcion.tipo} className={`co-method${eleccion.tipo === opcion.tipo ? ' co-method--checked' : ''}`}>
              <input
                type="radio"
                name="comprobante"
                value={opcion.tipo}
                checked={eleccion.tipo === opcion.tipo}
                onChange={() => elegir(opcion.tipo)}
                aria-describedby={`comprobante-${opcion.tipo}`}
              />
              <span className="co-method__text">
                <span className="co-method__name">{opcion.nombre}</span>
                <span id={`comprobante-${opcion.tipo}`} className="co-method__detail">
                  {opcion.detalle}
                </span>
              </span>
            </label>
          ))}
        </div>
        {eleccion.tipo === 'factura' && (
          <fieldset className="co-comprobante__factura">
            <legend className="co-comprobante__legend">Datos de la factura</legend>
            <TextField
              id={campoId('ruc')}
              className="co-comprobante__ruc"
              label="RUC"
              value={eleccion.ruc}
              onChange={(value) => escribir('ruc', value)}
              onBlur={() => salir('ruc')}
              inputMode="numeric"
              maxLength={REGLAS_FACTURA.ruc.maximo}
              autoComplete="off"
              aria-required="true"
              problem={problemas.ruc}
            />
            <TextField
              id={campoId('razonSocial')}
              className="co-comprobante__razon"
              label="Razón social"
              value={eleccion.razonSocial}
              onChange={(value) => escribir('razonSocial', value)}
              onBlur={() => salir('razonSocial')}
              maxLength={REGLAS_FACTURA.razonSocial.maximo}
              autoComplete="organization"
              aria-required="true"
              problem={problemas.razonSocial}
            />
            <TextField
              id={campoId('direccionFiscal')}
              className="co-comprobante__wide"
              label="Dirección fiscal"
              value={eleccion.direccionFiscal}
              onChange={(value) => escribir('direccionFiscal', value)}
              onBlur={() => salir('direccionFiscal')}
              maxLength={REGLAS_FACTURA.direccionFiscal.maximo}
              autoComplete="off"
              aria-required="true"
              problem={problemas.direccionFiscal}
            />
            <p className="co-comprobante__note co-comprobante__wide">Revisa estos datos antes de pagar: así aparecerán en tu factura.</p>
          </fieldset>
        )}
      </fieldset>
    </section>
  );
}
