import { useId } from 'react';
import type { VentaDia } from '../../lib/api/cierre-schemas.ts';
import { toSoles } from '../../lib/pricing/money.ts';
import { soles } from '../formato.ts';

const ANCHO = 600;
const ALTO = 160;
const MARGEN_ARRIBA = 8;
const MARGEN_ABAJO = 22;

/** A day as '28/11' (its YYYY-MM-DD read back). */
const diaCorto = (dia: string) => `${dia.slice(8, 10)}/${dia.slice(5, 7)}`;

/**
 * Sales by day as a bar chart in plain SVG (one bar a day, the highest day's amount at the top), with the
 * same figures as a table for a screen reader or anyone who prefers numbers ('Ver como tabla').
 */
export function GraficoVentas({ dias }: { dias: VentaDia[] }) {
  const id = useId();
  const maximo = Math.max(...dias.map((d) => d.total), 0);
  const total = dias.reduce((suma, d) => suma + d.total, 0);
  const pedidos = dias.reduce((suma, d) => suma + d.pedidos, 0);
  const paso = ANCHO / Math.max(dias.length, 1);
  const alto = ALTO - MARGEN_ARRIBA - MARGEN_ABAJO;
  const etiquetas = dias.length > 0 ? [0, Math.floor((dias.length - 1) / 2), dias.length - 1] : [];
  const resumen = `Ventas por día del ${diaCorto(dias[0]?.dia ?? '')} al ${diaCorto(dias.at(-1)?.dia ?? '')}: ${soles(toSoles(total))} en ${pedidos} ${pedidos === 1 ? 'pedido' : 'pedidos'}; el día más alto, ${soles(toSoles(maximo))}.`;
  return (
    <figure className="bo-grafico">
      <svg viewBox={`0 0 ${ANCHO} ${ALTO}`} role="img" aria-labelledby={`${id}-resumen`} preserveAspectRatio="none">
        <line className="bo-grafico__eje" x1={0} x2={ANCHO} y1={ALTO - MARGEN_ABAJO} y2={ALTO - MARGEN_ABAJO} />
        {dias.map((d, i) => {
          const h = maximo === 0 ? 0 : Math.max((d.total / maximo) * alto, d.total > 0 ? 2 : 0);
          return (
            <rect
              key={d.dia}
              className="bo-grafico__barra"
              x={i * paso + paso * 0.15}
              y={ALTO - MARGEN_ABAJO - h}
              width={paso * 0.7}
              height={h}
            >
              <title>{`${diaCorto(d.dia)}: ${soles(toSoles(d.total))} (${d.pedidos} ${d.pedidos === 1 ? 'pedido' : 'pedidos'})`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="bo-grafico__ejes" aria-hidden="true">
        {etiquetas.map((i) => (
          <span key={i}>{diaCorto(dias[i]!.dia)}</span>
        ))}
      </div>
      <figcaption id={`${id}-resumen`} className="bo-nota">
        {resumen}
      </figcaption>
      <details className="bo-cifra">
        <summary>Ver como tabla</summary>
        <div className="bo-tabla-marco">
          <table className="bo-tabla">
            <caption className="visually-hidden">Ventas por día</caption>
            <thead>
              <tr>
                <th scope="col">Día</th>
                <th scope="col">Pedidos</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {dias.map((d) => (
                <tr key={d.dia}>
                  <th scope="row">{diaCorto(d.dia)}</th>
                  <td>{d.pedidos}</td>
                  <td className="bo-monto">{soles(toSoles(d.total))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
