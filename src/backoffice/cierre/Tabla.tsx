import type { ReactNode } from 'react';
import { useEsTelefono } from '../pedidos/useEsTelefono.ts';

/** One column: its heading and each row's cell; `numero` aligns it right (amounts, counts). */
export interface Columna<T> {
  titulo: string;
  celda: (fila: T) => ReactNode;
  numero?: boolean;
}

/**
 * A table of the close: a table on a laptop, a card per row on a phone (each cell under its heading), as the
 * orders desk shows its lists. The first column names the row.
 */
export function TablaCierre<T>({
  titulo,
  columnas,
  filas,
  clave,
  pie,
  vacio,
}: {
  titulo: string;
  columnas: Columna<T>[];
  filas: T[];
  clave: (fila: T) => string | number;
  /** A last row with the totals (its cells by column). */
  pie?: ReactNode[];
  vacio: string;
}) {
  const telefono = useEsTelefono();
  if (filas.length === 0) return <p className="bo-vacio">{vacio}</p>;
  const [primera, ...resto] = columnas;
  if (telefono)
    return (
      <ul className="bo-tarjetas" aria-label={titulo}>
        {filas.map((fila) => (
          <li key={clave(fila)} className="card bo-cierre__tarjeta">
            <div className="bo-cierre__tarjeta-cabeza">{primera!.celda(fila)}</div>
            <dl className="bo-cierre__datos">
              {resto.map((columna) => (
                <div key={columna.titulo}>
                  <dt>{columna.titulo}</dt>
                  <dd>{columna.celda(fila)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
        {pie ? (
          <li className="card bo-cierre__tarjeta bo-cierre__tarjeta--total">
            <div className="bo-cierre__tarjeta-cabeza">{pie[0]}</div>
            <dl className="bo-cierre__datos">
              {resto.map((columna, i) =>
                pie[i + 1] === undefined || pie[i + 1] === null ? null : (
                  <div key={columna.titulo}>
                    <dt>{columna.titulo}</dt>
                    <dd>{pie[i + 1]}</dd>
                  </div>
                ),
              )}
            </dl>
          </li>
        ) : null}
      </ul>
    );
  return (
    <div className="bo-tabla-marco">
      <table className="bo-tabla bo-cierre__tabla">
        <caption className="visually-hidden">{titulo}</caption>
        <thead>
          <tr>
            {columnas.map((columna) => (
              <th key={columna.titulo} scope="col" className={columna.numero ? 'bo-cierre__numero' : undefined}>
                {columna.titulo}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {filas.map((fila) => (
            <tr key={clave(fila)}>
              {columnas.map((columna, i) =>
                i === 0 ? (
                  <th key={columna.titulo} scope="row">
                    {columna.celda(fila)}
                  </th>
                ) : (
                  <td key={columna.titulo} className={columna.numero ? 'bo-cierre__numero' : undefined}>
                    {columna.celda(fila)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {pie ? (
          <tfoot>
            <tr>
              {pie.map((celda, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {celda}
                  </th>
                ) : (
                  <td key={i} className={columnas[i]?.numero ? 'bo-cierre__numero' : undefined}>
                    {celda}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
