import { useState } from 'react';

/** A button that copies a text (a link, a key, recovery codes) and says so. */
export default function Copiar({ texto, etiqueta = 'Copiar' }: { texto: string; etiqueta?: string }) {
  const [copiado, setCopiado] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn--outline bo-btn--sm"
        onClick={() =>
          void navigator.clipboard?.writeText(texto).then(
            () => setCopiado('Copiado.'),
            () => setCopiado('No se pudo copiar: selecciónalo y cópialo a mano.'),
          )
        }
      >
        {etiqueta}
      </button>
      <span className="bo-nota" role="status">
        {copiado}
      </span>
    </>
  );
}
