import { Pantalla } from '../marco/Pantalla.tsx';

/** 'Importar y exportar': being built (issue 37, helper fotos). */
export default function Importar() {
  return (
    <Pantalla titulo="Importar y exportar">
      <p>En construcción.</p>
    </Pantalla>
  );
}
