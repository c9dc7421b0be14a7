import { marqueeDurationMs } from '../../lib/site/marquee.ts';

/** The top strip's marquee: one loop moves the track by one copy of the messages at the spec's speed; its button pauses it. */
export function initTopStrip(): void {
  const strip = document.querySelector<HTMLElement>('[data-top-strip]');
  const track = strip?.querySelector<HTMLElement>('[data-marquee-track]');
  if (!strip || !track) return;
  const speed = Number(strip.dataset.speed);
  repeatCopies(track);
  const update = () => {
    const copy = track.firstElementChild as HTMLElement | null;
    const duration = marqueeDurationMs(copy?.getBoundingClientRect().width ?? 0, speed);
    if (duration > 0) strip.style.setProperty('--marquee-duration', `${duration}ms`);
  };
  update();
  new ResizeObserver(update).observe(track);
  const toggle = strip.querySelector<HTMLButtonElement>('[data-marquee-toggle]')!;
  toggle.addEventListener('click', () => {
    const paused = strip.classList.toggle('is-paused');
    toggle.setAttribute('aria-pressed', String(paused));
    toggle.setAttribute('aria-label', paused ? 'Reanudar anuncios' : 'Pausar anuncios');
  });
}

/** The track's other copies of the messages (TopStrip.astro renders one), hidden from assistive technology. */
export function repeatCopies(track: HTMLElement): void {
  const copy = track.firstElementChild;
  if (!copy) return;
  for (let n = track.children.length; n < Number(track.dataset.copies); n++) {
    const clone = copy.cloneNode(true) as HTMLElement;
    clone.setAttribute('aria-hidden', 'true');
    track.append(clone);
  }
}
