/**
 * Swaps a map placeholder for its OpenStreetMap iframe. Maps load only on demand (a click, or the
 * maps modal opening): the shop must stay fast and work offline, and a third-party frame costs both.
 */
export function loadMap(container: HTMLElement | null | undefined): void {
  if (!container || container.querySelector('iframe')) return;
  const { src, title } = container.dataset;
  if (!src) return;
  const frame = document.createElement('iframe');
  frame.src = src;
  frame.title = title ?? 'Mapa';
  frame.width = '600';
  frame.height = '360';
  frame.loading = 'lazy';
  frame.referrerPolicy = 'no-referrer-when-downgrade';
  frame.className = 'map-embed__frame';
  container.append(frame);
  container.classList.add('is-loaded');
}

/** A map placeholder's 'load' button, wherever it is on the page, loads its map. */
export function listenForMapButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('[data-map-load]');
    if (button) loadMap(button.closest<HTMLElement>('[data-map-embed]'));
  });
}
