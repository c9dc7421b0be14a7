import { useState } from 'react';
import Copiar from '../personas/Copiar.tsx';

/** The ten recovery codes, shown once: copy or download them, and say they are kept before going on. */
export default function CodigosRecuperacion({ codigos, alSeguir }: { codigos: string[]; alSeguir: () => void }) {
  const [guardados, setGuardados] = useState(false);
  const texto = `Códigos de recuperación del panel de K-Beauty Perú (cada uno sirve una vez):\n${codigos.join('\n')}\n`;
  const descargar = () => {
    const enlace = document.createElement('a');
    enlace.href = URL.createObjectURL(new Blob([texto], { type: 'text/plain;charset=utf-8' }));
    enlace.download = 'codigos-recuperacion-kbeauty.txt';
    enlace.click();
    setTimeout(() => URL.revokeObjectURL(enlace.href), 1000);
  };
  return (
    <section aria-labelledby="bo-alta-codigos">
      <h2 id="bo-alta-codigos">Tus códigos de recuperación</h2>
      <p>
        Si pierdes tu teléfono, entras con uno de estos códigos. <strong>Solo los verás ahora:</strong> guárdalos en un lugar seguro.
      </p>
      <ul className="bo-codigos" aria-label="Códigos de recuperación">
        {codigos.map((codigo) => (
          <li key={codigo}>
            <code>{codigo}</code>
          </li>
        ))}
      </ul>
      <div className="bo-acciones">
        <Copiar texto={texto} etiqueta="Copiar" />
        <button type="button" className="btn btn--outline bo-btn--sm" onClick={descargar}>
          Descargar
        </button>
      </div>
      <label className="bo-casilla">
        <input type="checkbox" checked={guardados} onChange={(event) => setGuardados(event.target.checked)} /> Guardé mis códigos
      </label>
      <button type="button" className="btn" disabled={!guardados} onClick={alSeguir}>
        Continuar
      </button>
    </section>
  );
}
