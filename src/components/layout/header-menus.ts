import { getCollection } from 'astro:content';
import { desktopMenu, mobileMenu, sortBrands, type MenuLink } from '../../lib/site/menu.ts';

export interface HeaderMenus {
  escritorio: MenuLink[];
  movil: MenuLink[];
  marcas: string[];
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
  const marcas = sortBrands((await getCollection('marcas')).map((entry) => entry.data.nombre));
  return { escritorio: desktopMenu(menu), movil: mobileMenu(menu), marcas };
}
