import { Pantalla } from '../marco/Pantalla.tsx';

/** 'Contenido': being built (issue 37, helper contenido). */
export default function Contenido() {
  return (
    <Pantalla titulo="Contenido">
      <p>En construcción.</p>
    </Pantalla>
  );
}
