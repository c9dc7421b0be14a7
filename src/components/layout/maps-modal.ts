import { showDialog } from '../../ui/dialog.ts';
import { loadMap } from './map-embed.ts';
import { loadMenus } from './shared-menus.ts';

/** The modal, once set up: the first press of a 'Ver mapas' button does it. */
let ready: { modal: HTMLDialogElement; show: () => void } | undefined;

/**
 * 'Ver mapas': the shops' maps in a modal with one tab per shop; a tab's map loads when it is shown.
 * The modal comes with the shared page (/menus), which is fetched first if it has not arrived yet. This module is
 * loaded by the first press of a 'Ver mapas' button (page-frame.ts), which it then answers.
 */
export async function openMapsModal(button: HTMLElement): Promise<void> {
  if (!ready) {
    await loadMenus();
    const modal = document.getElementById('mapas') as HTMLDialogElement | null;
    // A second press while the first was waiting: the first opens it.
    if (!modal || ready) return;
    ready = { modal, show: setUp(modal) };
  }
  showDialog(ready.modal, button);
  ready.show();
}

/** Wires the modal's tabs and close button; answers a function that shows the selected tab (the first at first). */
function setUp(modal: HTMLDialogElement): () => void {
  const tabs = [...modal.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const show = (tab = tabs.find((other) => other.getAttribute('aria-selected') === 'true') ?? tabs[0]) => {
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
  return () => show();
}
