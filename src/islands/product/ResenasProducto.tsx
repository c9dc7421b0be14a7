import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MENSAJES_RESENA } from '../../lib/api/resenas-rules.ts';
import { ANCLA_ESCRIBIR_RESENA, cantidadResenas, etiquetaCalificacion, promedioTexto } from '../../lib/resenas/mostrar.ts';
import { openAuthDialog } from '../../stores/ui.ts';
import Estrellas from '../../ui/Estrellas.tsx';
import ResenaCard from '../../ui/ResenaCard.tsx';
import EscribirResena from './EscribirResena.tsx';
import { usePermisoResena, type Permiso } from './usePermisoResena.ts';
import { useResenas } from './useResenas.ts';
import './ResenasProducto.css';

interface Props {
  idProducto: number;
  /** The static page's figures, shown until the live ones arrive. */
  promedio: number;
  cantidad: number;
  /** The static page's newest reviews (rendered by Astro), shown until the live list arrives. */
  children?: ReactNode;
}

/**
 * The product page's reviews (issue 25), hydrated when scrolled to: the live average, count and list
 * (newer than the build's show at once; more pages on request) and, for a buyer, the form. A visitor
 * is told who may write one and offered the login; a customer who may not sees the shop's reason.
 */
export default function ResenasProducto({ idProducto, promedio, cantidad, children }: Props) {
  const { vivas, cargando, error, verMas } = useResenas(idProducto);
  const permiso = usePermisoResena(idProducto);
  const [abierto, setAbierto] = useState(false);
  const [gracias, setGracias] = useState<string | null>(null);
  const graciasRef = useRef<HTMLParagraphElement>(null);

  // '#escribir-resena' (Mis Compras' link, or a link on this page) opens the form once the shop says she may write.
  const puede = permiso.kind === 'respuesta' && permiso.puede;
  useEffect(() => {
    if (!puede) return;
    const abrirSiAncla = () => {
      if (location.hash === `#${ANCLA_ESCRIBIR_RESENA}`) setAbierto(true);
    };
    abrirSiAncla();
    addEventListener('hashchange', abrirSiAncla);
    return () => removeEventListener('hashchange', abrirSiAncla);
  }, [puede]);

  useEffect(() => {
    if (gracias) graciasRef.current?.focus();
  }, [gracias]);

  // Opened from the anchor, the form is brought into view (on a phone it sits below the summary).
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (abierto && location.hash === `#${ANCLA_ESCRIBIR_RESENA}`) formRef.current?.scrollIntoView({ block: 'nearest' });
  }, [abierto]);

  const total = vivas?.cantidad ?? cantidad;
  const media = vivas?.promedio ?? promedio;
  return (
    <div className="resenas__cuerpo">
      <div className="resenas__lateral">
        {total > 0 ? (
          <div className="resenas__resumen" data-testid="resenas-resumen">
            <p className="resenas__promedio" aria-hidden="true">
              {promedioTexto(media)}
            </p>
            <div>
              <Estrellas valor={media} etiqueta={etiquetaCalificacion(media, total)} size="lg" />
              <p className="resenas__cantidad">Basado en {cantidadResenas(total)}</p>
            </div>
          </div>
        ) : (
          <p className="resenas__vacio">Aún no hay reseñas de este producto.</p>
        )}
        <div id={ANCLA_ESCRIBIR_RESENA} className="resenas__escribir" data-testid="escribir-resena">
          {gracias ? (
            <p ref={graciasRef} className="resenas__gracias" role="status" tabIndex={-1}>
              {gracias}
            </p>
          ) : (
            <Invitacion permiso={permiso} abierto={abierto} onAbrir={() => setAbierto((actual) => !actual)} />
          )}
        </div>
      </div>
      <div className="resenas__principal">
        {abierto && puede && !gracias && (
          <div ref={formRef} className="resenas__formulario">
            <EscribirResena idProducto={idProducto} onEnviada={setGracias} />
          </div>
        )}
        {vivas
          ? vivas.resenas.length > 0 && (
              <ol className="resenas__lista" data-testid="resenas-lista">
                {vivas.resenas.map((resena) => (
                  <li key={resena.id}>
                    <ResenaCard resena={resena} />
                  </li>
                ))}
              </ol>
            )
          : children}
        {vivas && vivas.pagina < vivas.paginas && (
          <button type="button" className="btn btn--outline resenas__mas" disabled={cargando} onClick={() => void verMas()}>
            {cargando ? 'Cargando…' : 'Ver más reseñas'}
          </button>
        )}
        {error && (
          <p className="resenas__error" role="alert">
            No pudimos cargar más reseñas. Intenta nuevamente.
          </p>
        )}
      </div>
    </div>
  );
}

/** Who may write a review, and the way to: the login for a visitor, the button for a buyer, the shop's reason otherwise. */
function Invitacion({ permiso, abierto, onAbrir }: { permiso: Permiso; abierto: boolean; onAbrir: () => void }) {
  switch (permiso.kind) {
    case 'montando':
      // The server's HTML: visible, so '#escribir-resena' scrolls here before the island wakes.
      return <p className="resenas__aviso">¿Compraste este producto? Cuéntanos qué te pareció.</p>;
    case 'visitante':
      return (
        <>
          <p className="resenas__aviso">{MENSAJES_RESENA.noComprado}</p>
          <button type="button" className="btn btn--outline" onClick={() => openAuthDialog('login')}>
            Inicia sesión para escribir una reseña
          </button>
        </>
      );
    case 'consultando':
      return (
        <p className="resenas__aviso" role="status">
          Comprobando tu compra…
        </p>
      );
    case 'error':
      return (
        <p className="resenas__aviso resenas__aviso--error" role="alert">
          {permiso.mensaje}
        </p>
      );
    case 'respuesta':
      return permiso.puede ? (
        <>
          <p className="resenas__aviso">{permiso.mensaje}</p>
          <button type="button" className="btn" aria-expanded={abierto} onClick={onAbrir}>
            Escribir una reseña
          </button>
        </>
      ) : (
        <p className="resenas__aviso" data-testid="no-puede-resenar">
          {permiso.mensaje}
        </p>
      );
  }
}
