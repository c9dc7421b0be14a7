import { useEffect, useRef, type ReactNode } from 'react';
import type { ResultadoLoteProductos, ValoresLote } from '../../lib/api/lote-schemas.ts';
import { soles } from '../formato.ts';
import { ETIQUETA } from './Rejilla.tsx';

/** How many products the preview lists one by one (the summary counts them all). */
const LISTADOS = 60;

/** One value as the owner reads it. */
function valor(campo: keyof ValoresLote, dato: unknown): string {
  if (campo === 'precio' || campo === 'descuentoN') return soles(dato as number);
  if (campo === 'descuento') return `${dato} %`;
  if (campo === 'descuentoDesde' || campo === 'descuentoHasta') return dato ? String(dato).split('-').reverse().join('/') : 'sin fecha';
  if (campo === 'visible') return dato ? 'visible' : 'oculto';
  if (campo === 'newores') return dato ? String(dato) : 'sin insignia';
  return String(dato);
}

const nombreCampo = (campo: keyof ValoresLote) => (campo === 'stock_total' ? 'Stock total' : ETIQUETA[campo]);

/** What a batch will do, before it is saved: '12 productos, 3 quedan agotados' and each product's before → after. */
export default function VistaPrevia({ vista, children }: { vista: ResultadoLoteProductos; children: ReactNode }) {
  const titulo = useRef<HTMLHeadingElement>(null);
  useEffect(() => titulo.current?.focus(), [vista]);
  return (
    <section className="card bo-lote-vista" aria-labelledby="bo-lote-vista-titulo">
      <h2 id="bo-lote-vista-titulo" ref={titulo} tabIndex={-1}>
        Vista previa: {vista.resumen}
      </h2>
      <p className="bo-nota">{vista.descripcion}. Aún no se guardó nada.</p>
      <ul className="bo-lote-vista__lista">
        {vista.cambios.slice(0, LISTADOS).map((cambio) => (
          <li key={cambio.idProducto}>
            <strong>{cambio.nombre}</strong>
            {cambio.sku && <span className="bo-nota"> · {cambio.sku}</span>}:{' '}
            {(Object.keys(cambio.despues) as (keyof ValoresLote)[])
              .map((campo) => `${nombreCampo(campo)} ${valor(campo, cambio.antes[campo])} → ${valor(campo, cambio.despues[campo])}`)
              .join('; ')}
          </li>
        ))}
      </ul>
      {vista.cambios.length > LISTADOS && <p className="bo-nota">…y {vista.cambios.length - LISTADOS} productos más.</p>}
      <div className="bo-lote-vista__acciones">{children}</div>
    </section>
  );
}
