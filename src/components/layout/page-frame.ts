import { initHeader } from './header-behaviour.ts';
import { listenForMapButtons } from './map-embed.ts';
import { initMobileDrawer } from './mobile-drawer.ts';
import { initTopStrip } from './top-strip.ts';

/**
 * The behaviour of every page's frame, started by Base.astro's one script: one request for all of it
 * rather than one per component, which on a phone's connection delays the islands that matter.
 */
export function initPageFrame(): void {
  initTopStrip();
  initHeader();
  initMobileDrawer();
  listenForMapButtons();
  // Product cards are static markup: one delegated listener handles every card's add button and
  // loads the add flow only on the first click. 'Ver mapas' loads its modal's code the same way.
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const button = target?.closest?.<HTMLButtonElement>('button[data-add-id]');
    if (button && !button.disabled) void import('../catalogue/card-add.ts').then(({ addFromCard }) => addFromCard(button));
    const maps = target?.closest?.<HTMLElement>('[data-maps-open]');
    if (maps) void import('./maps-modal.ts').then(({ openMapsModal }) => openMapsModal(maps));
  });
}
