import { enCursoAhora } from '../../lib/home/programacion.ts';
import { marqueeDurationMs } from '../../lib/site/marquee.ts';

/** The top strip's marquee: one loop moves the track by one copy of the messages at the spec's speed; its button pauses it. */
export function initTopStrip(): void {
  const strip = document.querySelector<HTMLElement>('[data-top-strip]');
  const track = strip?.querySelector<HTMLElement>('[data-marquee-track]');
  if (!strip || !track) return;
  // A scheduled message shows from its start to its end by the visitor's clock (decision 0199).
  for (const item of strip.querySelectorAll<HTMLElement>('[data-desde], [data-hasta]')) {
    if (enCursoAhora(item)) item.hidden = false;
    else item.remove();
  }
  if (!strip.querySelector('.top-strip__item')) {
    strip.hidden = true;
    return;
  }
  strip.hidden = false;
  const speed = Number(strip.dataset.speed);
  repeatCopies(track);
  const update = () => {
    const copy = track.firstElementChild as HTMLElement | null;
    const duration = marqueeDurationMs(copy?.getBoundingClientRect().width ?? 0, speed);
    if (duration > 0) strip.style.setProperty('--marquee-duration', `${duration}ms`);
  };
  // Its first report comes after the page's own layout: measuring here would lay the page out once more.
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
