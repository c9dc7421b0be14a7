import { showDialog } from '../../islands/ui/dialog.ts';
import { loadMenus } from './shared-menus.ts';

/** The mobile slide-over menu: the hamburger opens it as the shop's modal (and fetches its sections from /menus). */
export function initMobileDrawer(): void {
  const drawer = document.getElementById('menu-movil') as HTMLDialogElement | null;
  if (!drawer) return;
  const openers = document.querySelectorAll<HTMLElement>('[data-drawer-open]');
  openers.forEach((button) =>
    button.addEventListener('click', () => {
      void loadMenus();
      showDialog(drawer, button);
      button.setAttribute('aria-expanded', 'true');
    }),
  );
  drawer.addEventListener('close', () => openers.forEach((button) => button.setAttribute('aria-expanded', 'false')));
  drawer.querySelector('[data-drawer-close]')?.addEventListener('click', () => drawer.close());
  matchMedia('(min-width: 1025px)').addEventListener('change', (event) => {
    if (event.matches && drawer.open) drawer.close();
  });
}
