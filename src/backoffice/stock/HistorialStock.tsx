/** A product's stock history (who, why, from and to), in its form (issue 37, helper cupones). Being built. */
export function HistorialStock({ idProducto }: { idProducto: number }) {
  return <p>Historial del producto {idProducto}: en construcción.</p>;
}
