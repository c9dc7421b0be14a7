import { showDialog } from '../../ui/dialog.ts';
import { loadMap } from './map-embed.ts';
import { loadMenus } from './shared-menus.ts';

/**
 * 'Ver mapas': the shops' maps in a modal with one tab per shop; a tab's map loads when it is shown.
 * The modal comes with the shared page (/menus), which is fetched first if it has not arrived yet.
 */
export function initMapsModal(): void {
  let ready: HTMLDialogElement | null = null;
  let show: (tab?: HTMLButtonElement) => void = () => {};
  const setUp = (modal: HTMLDialogElement) => {
    const tabs = [...modal.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    show = (tab = tabs.find((other) => other.getAttribute('aria-selected') === 'true') ?? tabs[0]) => {
      for (const other of tabs) {
        const selected = other === tab;
        other.setAttribute('aria-selected', String(selected));
        other.tabIndex = selected ? 0 : -1;
        const panel = document.getElementById(other.getAttribute('aria-controls')!)!;
        panel.hidden = !selected;
        if (selected) loadMap(panel.querySelector<HTMLElement>('[data-map-embed]'));
      }
    };
    tabs.forEach((tab, index) => {
      tab.addEventListener('click', () => show(tab));
      tab.addEventListener('keydown', (event) => {
        const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
        if (!step) return;
        const next = tabs[(index + step + tabs.length) % tabs.length]!;
        show(next);
        next.focus();
      });
    });
    modal.querySelector('[data-maps-close]')?.addEventListener('click', () => modal.close());
    return modal;
  };
  document.querySelectorAll<HTMLElement>('[data-maps-open]').forEach((button) =>
    button.addEventListener('click', async () => {
      if (!ready) {
        await loadMenus();
        const modal = document.getElementById('mapas') as HTMLDialogElement | null;
        if (!modal || ready) return;
        ready = setUp(modal);
      }
      showDialog(ready, button);
      show();
    }),
  );
}
