import { getCollection } from 'astro:content';
import { desktopMenu, mobileMenu, sortBrands, type MenuLink } from '../../lib/site/menu.ts';

export interface HeaderMenus {
  escritorio: MenuLink[];
  movil: MenuLink[];
  marcas: string[];
}

/** The header's menus from the build's catalogue snapshot: for every page's top level and for /menus. */
export async function headerMenus(): Promise<HeaderMenus> {
  const menu = (await getCollection('menu')).map((entry) => ({ linea: entry.data.linea, categorias: entry.data.categorias }));
  const marcas = sortBrands((await getCollection('marcas')).map((entry) => entry.data.nombre));
  return { escritorio: desktopMenu(menu), movil: mobileMenu(menu), marcas };
}
