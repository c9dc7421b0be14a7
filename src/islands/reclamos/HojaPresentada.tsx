import { useEffect, useRef } from 'react';
import type { CopiaHoja, HojaReclamacion } from '../../lib/api/reclamos-schemas.ts';
import { fechaHoraLima, plazoDeHoja, seccionesDeHoja } from '../../lib/reclamos/hoja.ts';
import { RECLAMOS } from '../../lib/tienda.ts';
import CabeceraHoja from './CabeceraHoja.tsx';
import NotasLegales from './NotasLegales.tsx';

/** What the consumer is told of their copy: what the e-mail carries, or that it waits at the link. */
function avisoCopia(hoja: HojaReclamacion, copia: CopiaHoja | undefined): string {
  const registrada = `Registramos tu ${hoja.tipo}.`;
  if (!copia || copia.envio === 'completa') return `${registrada} Te enviamos una copia a ${hoja.consumidor.correo}.`;
  if (copia.envio === 'enlace') return `${registrada} Te enviamos a ${hoja.consumidor.correo} su número y el enlace para ver tu copia.`;
  return `${registrada} Hoy no podemos enviarte la copia por correo: guarda el enlace de abajo o imprime esta hoja.`;
}

/** The filed sheet: its number, date, every field, the deadline of the answer, how its copy goes, its link and a print button. */
export default function HojaPresentada({ hoja, copia }: { hoja: HojaReclamacion; copia?: CopiaHoja }) {
  const hojaRef = useRef<HTMLElement>(null);
  const titulo = useRef<HTMLHeadingElement>(null);

  // The form the consumer was on is gone: move them (and the reading order) to the top of the sheet.
  useEffect(() => {
    titulo.current?.focus({ preventScroll: true });
    hojaRef.current?.scrollIntoView({ block: 'start' });
  }, []);

  return (
    <article ref={hojaRef} className="card reclamo-hoja" aria-labelledby="hoja-titulo" data-testid="hoja-presentada">
      <p className="reclamo-hoja__ok" role="status">
        {avisoCopia(hoja, copia)}
      </p>
      <h2 id="hoja-titulo" ref={titulo} tabIndex={-1} className="reclamo-hoja__titulo">
        Hoja de reclamación N.° {hoja.numero}
      </h2>
      <CabeceraHoja numero={hoja.numero} fecha={fechaHoraLima(hoja.fecha)} proveedor={hoja.proveedor} />
      {seccionesDeHoja(hoja).map((seccion) => (
        <section key={seccion.titulo} className="reclamo-hoja__seccion">
          <h3>{seccion.titulo}</h3>
          <dl>
            {seccion.filas.map((fila) => (
              <div key={fila.etiqueta} className={fila.ancho ? 'reclamo-hoja__ancho' : undefined}>
                <dt>{fila.etiqueta}</dt>
                <dd>{fila.valor}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <p className="reclamo-hoja__plazo" data-testid="plazo-respuesta">
        Te responderemos a más tardar el <strong>{plazoDeHoja(hoja)}</strong> ({RECLAMOS.plazoDiasHabiles} días hábiles).
      </p>
      {copia && (
        <p className="reclamo-hoja__enlace">
          Tu copia está siempre en{' '}
          <a href={copia.enlace} data-testid="enlace-hoja">
            este enlace
          </a>
          : guárdalo para verla o imprimirla cuando quieras.
        </p>
      )}
      <NotasLegales />
      <div className="reclamo-hoja__acciones">
        <button type="button" className="btn" onClick={() => window.print()}>
          Imprimir hoja
        </button>
        <a className="btn btn--outline" href="/">
          Volver a la tienda
        </a>
      </div>
    </article>
  );
}
