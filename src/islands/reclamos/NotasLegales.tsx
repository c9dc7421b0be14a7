import { RECLAMOS } from '../../lib/tienda.ts';

/** The notes the reglamento's annex prints on every hoja de reclamación. */
export default function NotasLegales() {
  return (
    <ul className="reclamo-legal">
      <li>
        La formulación del reclamo no impide acudir a otras vías de solución de controversias ni es requisito previo para interponer una
        denuncia ante el INDECOPI.
      </li>
      <li>El proveedor debe responder el reclamo o queja en un plazo no mayor a {RECLAMOS.plazoDiasHabiles} días hábiles.</li>
    </ul>
  );
}
