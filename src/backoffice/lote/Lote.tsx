import { Pantalla } from '../marco/Pantalla.tsx';

/** 'Edición en bloque': being built (issue 37, helper lote). */
export default function Lote() {
  return (
    <Pantalla titulo="Edición en bloque">
      <p>En construcción.</p>
    </Pantalla>
  );
}
