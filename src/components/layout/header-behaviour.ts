import { loadMenus } from './shared-menus.ts';

/**
 * The desktop header: its sub-menus come from /menus (shared-menus.ts) when the menu is approached or
 * once the page is idle, and it hides while scrolling down and comes back when scrolling up (storefront §2).
 */
export function initHeader(): void {
  const menus = () => void loadMenus();
  for (const nav of document.querySelectorAll('[data-site-header] .main-nav')) {
    nav.addEventListener('pointerenter', menus, { once: true });
    nav.addEventListener('focusin', menus, { once: true });
    // The scripts come after the page's paint: a pointer (or focus) already on the menu by then entered it unheard.
    if (nav.matches(':hover, :focus-within')) menus();
  }
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(menus, { timeout: 5000 }) : setTimeout(menus, 2000));
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });

  const header = document.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  let lastY = window.scrollY;
  let ticking = false;
  const update = () => {
    const y = window.scrollY;
    if (Math.abs(y - lastY) > 4) {
      const down = y > lastY && y > header.offsetHeight * 2;
      // Never hide under an open search panel, menu or the keyboard focus.
      header.classList.toggle('is-hidden', down && !header.matches(':focus-within, :hover'));
      lastY = y;
    }
    ticking = false;
  };
  window.addEventListener(
    'scroll',
    () => {
      if (!ticking) requestAnimationFrame(update);
      ticking = true;
    },
    { passive: true },
  );
}
