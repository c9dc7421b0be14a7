import { Pantalla } from '../marco/Pantalla.tsx';

/** 'Productos': being built (issue 37, helper productos). */
export default function Productos() {
  return (
    <Pantalla titulo="Productos">
      <p>En construcción.</p>
    </Pantalla>
  );
}
