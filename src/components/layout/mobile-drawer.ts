import { showDialog } from '../../ui/dialog.ts';
import { loadMenus } from './shared-menus.ts';

/**
 * The mobile slide-over menu: the hamburger opens it as the shop's modal. The menu comes with the
 * shared page (/menus), which is fetched first if it has not arrived yet.
 */
export function initMobileDrawer(): void {
  const openers = document.querySelectorAll<HTMLElement>('[data-drawer-open]');
  let ready: HTMLDialogElement | null = null;
  const setUp = (drawer: HTMLDialogElement) => {
    drawer.addEventListener('close', () => openers.forEach((button) => button.setAttribute('aria-expanded', 'false')));
    drawer.querySelector('[data-drawer-close]')?.addEventListener('click', () => drawer.close());
    matchMedia('(min-width: 1025px)').addEventListener('change', (event) => {
      if (event.matches && drawer.open) drawer.close();
    });
    return drawer;
  };
  openers.forEach((button) =>
    button.addEventListener('click', async () => {
      if (!ready) {
        await loadMenus();
        const drawer = document.getElementById('menu-movil') as HTMLDialogElement | null;
        if (!drawer || ready) return;
        ready = setUp(drawer);
      }
      showDialog(ready, button);
      button.setAttribute('aria-expanded', 'true');
    }),
  );
}
