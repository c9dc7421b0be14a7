import { Pantalla } from '../marco/Pantalla.tsx';

/** 'Envíos': being built (issue 37, helper tienda). */
export default function Envios() {
  return (
    <Pantalla titulo="Envíos">
      <p>En construcción.</p>
    </Pantalla>
  );
}
