import type { Producto } from '../api/schemas.ts';

/** The products of `ids`, in that order, as `productos` has them; ids it lacks are left out. */
export function inIdOrder(ids: readonly number[], productos: readonly Producto[]): Producto[] {
  const byId = new Map(productos.map((producto) => [producto.idProducto, producto]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** What the API last answered for each product asked: the live product, or null when it no longer has it. */
export type LiveAnswers = ReadonlyMap<number, Producto | null>;

/** `answers` with the answer to one ids call: the products found, and null for every id asked but not answered. */
export function recordAnswer(answers: LiveAnswers, asked: readonly number[], found: readonly Producto[]): LiveAnswers {
  const next = new Map(answers);
  for (const id of asked) next.set(id, null);
  for (const producto of found) next.set(producto.idProducto, producto);
  return next;
}

/** A listing's products with the live ones in their place, without those the API no longer has. */
export function withLive(productos: readonly Producto[], answers: LiveAnswers): Producto[] {
  return productos.flatMap((producto) => {
    const live = answers.get(producto.idProducto);
    return live === undefined ? [producto] : live === null ? [] : [live];
  });
}
