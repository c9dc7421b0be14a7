/**
 * Whether the shop's last catalogue or content change is live on the storefront yet, and a failed
 * rebuild said plainly (issue 37, helper contenido). Being built.
 */
export function EstadoPublicacion() {
  return null;
}
