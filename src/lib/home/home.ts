import type { Banner, Marca, Popup, Social } from '../api/schemas.ts';
import { brandPath } from '../catalogue/routes.ts';
import { compareBrandNames } from '../site/menu.ts';
import { esRutaTienda } from '../site/rutas.ts';

/** Banners in the order the carousel shows them: the API's list reversed (storefront §7). */
export const bannersEnOrden = <T extends Banner>(banners: T[]): T[] => [...banners].reverse();

/** The social block's items (checkout §2): 1–3 for TikTok, 4–9 for Instagram; on mobile only the first of each. */
export function socialGroups(sociales: Social[]) {
  return {
    tiktok: sociales.slice(0, 3),
    instagram: sociales.slice(3, 9),
  };
}

/**
 * Brands that have a logo, alphabetically, with their listing link (brandPath): at most `limit`, and
 * when there are more, those with the most products (`productosDe` counts them by brand name).
 */
export const marcasConLogo = (marcas: Marca[], limit = Number.POSITIVE_INFINITY, productosDe: (nombre: string) => number = () => 0) =>
  marcas
    .filter((marca): marca is Marca & { logo: string } => Boolean(marca.logo))
    .sort((a, b) => productosDe(b.nombre) - productosDe(a.nombre) || compareBrandNames(a.nombre, b.nombre))
    .slice(0, limit)
    .sort((a, b) => compareBrandNames(a.nombre, b.nombre))
    .map((marca) => ({ ...marca, href: brandPath(marca.nombre) }));

/** The popup a visitor sees: the first public one (visible = 1), if any. */
export const primerPopupPublico = (popups: Popup[]): Popup | undefined => popups.find((popup) => popup.visible === 1);

/** What the popup's register button does (storefront §2 Home popup). */
export type PopupAccion = { tipo: 'registro' } | { tipo: 'navegar'; href: string };

/**
 * A route starting with /registro (or none) opens the registration modal; any other path of the shop
 * is navigated to. A stored route that is not one (`/\evil.com`, `//evil.com`, saved before the rule) is
 * never followed: the button opens the registration modal, the popup's own purpose.
 */
export function popupAccion(rutabutton: string | null): PopupAccion {
  const ruta = rutabutton?.trim() ?? '';
  if (ruta === '' || ruta.startsWith('/registro') || !esRutaTienda(ruta)) return { tipo: 'registro' };
  return { tipo: 'navegar', href: ruta };
}
