/** One photo of a product: its store URL (/imagenes/… or /demo/…) and its alternative text. The first is the main one. */
export interface FotoProducto {
  url: string;
  alt: string;
}

/**
 * A product's photos in its form (issue 37, helper fotos): add (drag and drop, the phone's camera roll,
 * several at once with progress), reorder, choose the main one (first), alt text. Being built.
 */
export function Fotos({ fotos }: { fotos: FotoProducto[]; onChange: (fotos: FotoProducto[]) => void; nombreProducto: string }) {
  return (
    <ul>
      {fotos.map((foto) => (
        <li key={foto.url}>{foto.url}</li>
      ))}
    </ul>
  );
}
