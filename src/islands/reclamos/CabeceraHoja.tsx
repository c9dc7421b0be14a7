import { PROVEEDOR } from '../../lib/tienda.ts';

interface Props {
  /** The sheet's number once filed; the form says it is given on submission. */
  numero?: string;
  /** The date as shown ('26/11/2026' before filing, with the time after). */
  fecha: string;
  proveedor?: { razonSocial: string; ruc: string; direccion: string };
}

/** The head of a hoja de reclamación (the reglamento's annex): the provider, the sheet's number and its date. */
export default function CabeceraHoja({ numero, fecha, proveedor = PROVEEDOR }: Props) {
  return (
    <div className="reclamo-cabecera">
      <dl className="reclamo-cabecera__proveedor">
        <div>
          <dt>Proveedor</dt>
          <dd>{proveedor.razonSocial}</dd>
        </div>
        <div>
          <dt>RUC</dt>
          <dd>{proveedor.ruc}</dd>
        </div>
        <div>
          <dt>Dirección</dt>
          <dd>{proveedor.direccion}</dd>
        </div>
      </dl>
      <dl className="reclamo-cabecera__hoja">
        <div>
          <dt>Hoja N.°</dt>
          <dd>{numero ?? 'Se asigna al enviar'}</dd>
        </div>
        <div>
          <dt>Fecha</dt>
          <dd data-testid="fecha-hoja">{fecha || '—'}</dd>
        </div>
      </dl>
    </div>
  );
}
