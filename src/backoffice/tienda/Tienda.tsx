import { Pantalla } from '../marco/Pantalla.tsx';

/** 'Datos de la tienda': being built (issue 37, helper tienda). */
export default function Tienda() {
  return (
    <Pantalla titulo="Datos de la tienda">
      <p>En construcción.</p>
    </Pantalla>
  );
}
