import { initHeader } from './header-behaviour.ts';
import { listenForMapButtons } from './map-embed.ts';
import { initMapsModal } from './maps-modal.ts';
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
  initMapsModal();
  listenForMapButtons();
  // Product cards are static markup: one delegated listener handles every card's add button and
  // loads the add flow only on the first click.
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('button[data-add-id]');
    if (!button || button.disabled) return;
    void import('../catalogue/card-add.ts').then(({ addFromCard }) => addFromCard(button));
  });
}
