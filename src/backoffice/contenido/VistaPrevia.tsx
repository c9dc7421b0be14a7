import { useEffect, useRef, useState } from 'react';

/** The two widths the owner checks before publishing: a phone and a laptop. */
export const ANCHOS_VISTA = [
  { ancho: 390, alto: 844, nombre: 'Celular (390 px)' },
  { ancho: 1280, alto: 800, nombre: 'Computadora (1280 px)' },
] as const;

/**
 * A storefront page as the shopper will see it with the unsaved change: the live page's HTML (same
 * origin), changed by `aplicar` (the draft's banner, message or text in the page's own markup), shown
 * without its scripts at 390 and 1280 px. The page's own styles and images load as on the shop.
 */
export function VistaPrevia({ ruta, aplicar, titulo }: { ruta: string; aplicar: (doc: Document) => void; titulo: string }) {
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let vigente = true;
    fetch(ruta, { headers: { Accept: 'text/html' }, cache: 'no-store' })
      .then(async (res) => {
        if (!res.ok) throw new Error(`la tienda respondió ${res.status}`);
        const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
        const base = doc.createElement('base');
        base.href = new URL(ruta, location.href).href;
        doc.head.prepend(base);
        // No script of the page runs in the preview (the frame is sandboxed too): what it shows is the page as first painted.
        for (const script of doc.querySelectorAll('script')) script.remove();
        aplicar(doc);
        if (vigente) setHtml(`<!doctype html>${doc.documentElement.outerHTML}`);
      })
      .catch((e: unknown) => vigente && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      vigente = false;
    };
  }, [ruta, aplicar]);
  if (error) return <p role="alert">No pudimos cargar la página de la tienda para la vista previa: {error}.</p>;
  if (html === null)
    return (
      <p className="bo-cargando" role="status">
        <span className="kb-spinner" aria-hidden="true" />
        Preparando la vista previa…
      </p>
    );
  return (
    <div className="bo-vista-previa">
      {ANCHOS_VISTA.map((vista) => (
        <Marco key={vista.ancho} html={html} titulo={`${titulo}: ${vista.nombre}`} {...vista} />
      ))}
    </div>
  );
}

/** One width: the page laid out at `ancho` px and scaled down to fit the screen. */
function Marco({ html, titulo, nombre, ancho, alto }: { html: string; titulo: string; nombre: string; ancho: number; alto: number }) {
  const caja = useRef<HTMLDivElement>(null);
  const [escala, setEscala] = useState(1);
  useEffect(() => {
    const medir = () => setEscala(Math.min(1, (caja.current?.clientWidth ?? ancho) / ancho));
    medir();
    const observador = new ResizeObserver(medir);
    if (caja.current) observador.observe(caja.current);
    return () => observador.disconnect();
  }, [ancho]);
  return (
    <figure className="bo-vista-previa__marco" data-ancho={ancho}>
      <figcaption>{nombre}</figcaption>
      <div ref={caja} className="bo-vista-previa__caja" style={{ height: alto * escala * 0.6 }}>
        <iframe
          title={titulo}
          srcDoc={html}
          sandbox="allow-same-origin"
          width={ancho}
          height={alto * 0.6}
          style={{ transform: `scale(${escala})`, transformOrigin: '0 0' }}
        />
      </div>
    </figure>
  );
}
