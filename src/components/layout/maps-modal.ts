import { showDialog } from '../../islands/ui/dialog.ts';
import { loadMap } from './map-embed.ts';

/** 'Ver mapas': the shops' maps in a modal with one tab per shop; a tab's map loads when it is shown. */
export function initMapsModal(): void {
  const modal = document.getElementById('mapas') as HTMLDialogElement | null;
  if (!modal) return;
  const tabs = [...modal.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const show = (tab: HTMLButtonElement) => {
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
  document.querySelectorAll('[data-maps-open]').forEach((button) =>
    button.addEventListener('click', () => {
      showDialog(modal, button);
      show(tabs.find((tab) => tab.getAttribute('aria-selected') === 'true') ?? tabs[0]!);
    }),
  );
  modal.querySelector('[data-maps-close]')?.addEventListener('click', () => modal.close());
}
