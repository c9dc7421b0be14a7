import { Pantalla } from '../marco/Pantalla.tsx';

/** 'Cupones': being built (issue 37, helper cupones). */
export default function Cupones() {
  return (
    <Pantalla titulo="Cupones">
      <p>En construcción.</p>
    </Pantalla>
  );
}
