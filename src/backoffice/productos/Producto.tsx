import { Pantalla } from '../marco/Pantalla.tsx';

/** A product's form, new (id undefined) or existing: being built (issue 37, helper productos). */
export default function Producto({ id }: { id?: number }) {
  return (
    <Pantalla titulo={id ? `Producto ${id}` : 'Nuevo producto'}>
      <p>En construcción.</p>
    </Pantalla>
  );
}
