/**
 * The catalogue filter's choices (src/lib/api/catalogo-schemas.ts) as the product list and the bulk grid
 * offer them, written once so both screens name them alike.
 */

/** 'Todas' and then each item of a list (brands, categories, child categories). */
export function OpcionesDeLista({ items = [] }: { items?: readonly { id: number; nombre: string }[] }) {
  return (
    <>
      <option value="">Todas</option>
      {items.map((item) => (
        <option key={item.id} value={item.id}>
          {item.nombre}
        </option>
      ))}
    </>
  );
}

/** The stock states of ESTADOS_STOCK_CATALOGO. */
export function OpcionesStock() {
  return (
    <>
      <option value="">Todos</option>
      <option value="agotado">Agotados</option>
      <option value="bajo">Stock bajo</option>
      <option value="disponible">Con stock</option>
    </>
  );
}

/** A discount of its own that applies today, or none. */
export function OpcionesOferta() {
  return (
    <>
      <option value="">Todos</option>
      <option value="si">Con descuento hoy</option>
      <option value="no">Sin descuento hoy</option>
    </>
  );
}
