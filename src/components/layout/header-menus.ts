import { getCollection } from 'astro:content';
import { brandLinks, desktopMenu, mobileMenu, type MenuLink } from '../../lib/site/menu.ts';

/** The header's menus: the desktop and mobile lines, and the brands' entries both menus list. */
export interface HeaderMenus {
  escritorio: MenuLink[];
  movil: MenuLink[];
  marcas: MenuLink[];
}

/** The props of the desktop menu and of the mobile one. */
export interface MenuProps {
  lineas: MenuLink[];
  marcas: MenuLink[];
  /** Render the parts every page shares (the sub-menus, the drawer itself): only the /menus page does. */
  full?: boolean;
}

let built: Promise<HeaderMenus> | undefined;

/**
 * The header's menus from the build's catalogue snapshot: for every page's top level and for /menus.
 * A build renders all its pages from one snapshot, so it computes them once; the dev server reads
 * them afresh for each page, as the catalogue may change under it.
 */
export function headerMenus(): Promise<HeaderMenus> {
  if (!import.meta.env.PROD) return readMenus();
  return (built ??= readMenus());
}

async function readMenus(): Promise<HeaderMenus> {
  const menu = (await getCollection('menu')).map((entry) => ({ linea: entry.data.linea, categorias: entry.data.categorias }));
  const marcas = brandLinks((await getCollection('marcas')).map((entry) => entry.data.nombre));
  return { escritorio: desktopMenu(menu), movil: mobileMenu(menu), marcas };
}
