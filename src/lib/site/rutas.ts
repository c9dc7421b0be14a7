/**
 * The one rule for a path the operator links to or stores (a banner's or popup's button, an image, an
 * import's picture): a path of this shop, never another site. Browsers read `//host` and `/\host` as
 * another host and drop tabs and line breaks inside a URL, so a path that starts with two slashes, holds
 * a backslash, a space or a control character is refused wherever it appears.
 */

// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const RUTA_TIENDA = /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f-\u009f]*$/;

/** Whether `ruta` is a path of this shop: one leading slash, then no slash or backslash, and no backslash, space or control character anywhere. */
export const esRutaTienda = (ruta: string): boolean => RUTA_TIENDA.test(ruta);

/** Where following `ruta` from a page of `origen` leads, when it is a path of this shop on that same origin; undefined otherwise. */
export function destinoMismoOrigen(ruta: string, origen: string): string | undefined {
  if (!esRutaTienda(ruta)) return undefined;
  try {
    const url = new URL(ruta, origen);
    return url.origin === new URL(origen).origin ? url.pathname + url.search + url.hash : undefined;
  } catch {
    return undefined;
  }
}
