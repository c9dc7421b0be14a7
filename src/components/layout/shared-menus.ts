import { MENUS_PATH } from '../../lib/catalogue/routes.ts';

/**
 * The header's sub-menus, the mobile menu and the maps modal are rendered once, into the /menus page,
 * instead of into every page (at 10,000 products they were most of a product page's HTML). A page
 * carries the top level; its `data-menu-slot` elements receive their `data-menu-part` children from
 * /menus the first time a menu is approached or a dialog opened, or when the browser is idle.
 */

let loading: Promise<void> | undefined;

/** Fetches /menus once and fills this page's slots; after a failure the next call tries again. */
export function loadMenus(): Promise<void> {
  loading ??= fetch(MENUS_PATH)
    .then((res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.text();
    })
    .then((html) => fillMenus(document, new DOMParser().parseFromString(html, 'text/html')))
    .catch((reason: unknown) => {
      loading = undefined;
      console.error('No se pudieron cargar los menús', reason);
    });
  return loading;
}

/** Copies into every empty slot of `page` the parts of the slot with the same name in `full`. */
export function fillMenus(page: ParentNode, full: ParentNode): void {
  const parts = (slot: Element) => [...slot.children].filter((child) => child.hasAttribute('data-menu-part'));
  const sources = new Map([...full.querySelectorAll<HTMLElement>('[data-menu-slot]')].map((slot) => [slot.dataset.menuSlot, slot]));
  for (const slot of page.querySelectorAll<HTMLElement>('[data-menu-slot]')) {
    const source = sources.get(slot.dataset.menuSlot);
    if (!source || parts(slot).length > 0) continue;
    for (const part of parts(source)) slot.append(slot.ownerDocument.importNode(part, true));
  }
}
