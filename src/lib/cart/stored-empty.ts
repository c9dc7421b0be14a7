/**
 * The cart page's inline script, run right after the page's own copy of the empty state (carrito.astro),
 * before the first paint: it shows that copy, hidden in the HTML, when the stored cart (localStorage `cart`,
 * stores/cart.ts) has no line, so 'Tu carrito está vacío.' paints at once instead of a placeholder until the
 * island has hydrated (placeholders.css hands over to the island's own state). It counts the lines
 * parseStoredCart keeps (a cart that cannot be read is empty): its rule is repeated here as text, and
 * stored-empty.test.ts holds the two to the same answer. A block, so it declares no global. Its text is
 * fixed at build time: its hash is one of the CSP's (site-builder/build-scripts.ts).
 */
export const CART_EMPTY_SCRIPT =
  '{let lines=0;try{const cart=JSON.parse(localStorage.getItem("cart")||"[]");' +
  'lines=Array.isArray(cart)?cart.filter((l)=>l&&typeof l==="object"&&"idProducto" in l&&Number.isFinite(+l.idProducto)&&' +
  'l.precio!=null&&Number.isFinite(+l.precio)&&+l.cantidad>=1).length:0}catch{}' +
  'if(!lines)document.currentScript.previousElementSibling.hidden=false}';
