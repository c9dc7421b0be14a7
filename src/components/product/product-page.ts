import { photoSrcSets } from '../../lib/catalogue/photos.ts';
import { showDialog } from '../../ui/dialog.ts';
import { shareLinks } from './share-links.ts';

/**
 * The product page's small behaviours on plain DOM (no framework): gallery thumbnails, details
 * tabs/accordion and the share modal. Used by the static product page and by the 404 page's live
 * product view, each calling `initProductPage` on its root once the markup is in the document.
 */
export function initProductPage(root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>('[data-gallery]').forEach(initGallery);
  root.querySelectorAll<HTMLElement>('[data-details]').forEach(initDetails);
  root.querySelectorAll<HTMLElement>('[data-share]').forEach(initShare);
}

/** Thumbnails switch the main image. */
export function initGallery(gallery: HTMLElement): void {
  const main = gallery.querySelector<HTMLImageElement>('[data-gallery-main]');
  const thumbs = [...gallery.querySelectorAll<HTMLButtonElement>('[data-gallery-thumb]')];
  if (!main) return;
  for (const thumb of thumbs) {
    thumb.addEventListener('click', () => {
      const src = thumb.dataset.galleryThumb!;
      main.src = src;
      // A store photo's <picture> offers AVIF and WebP copies, which win over src: they follow too.
      const sets = photoSrcSets(src);
      main.closest('picture')?.querySelectorAll('source').forEach((source) => {
        source.srcset = sets ? sets[source.type === 'image/avif' ? 'avif' : 'webp'] : '';
      });
      for (const other of thumbs) other.setAttribute('aria-pressed', String(other === thumb));
    });
  }
}

/** Tabs (click, arrow keys, Home/End) and accordion sections; CSS decides which of the two shows. */
export function initDetails(details: HTMLElement): void {
  const tabs = [...details.querySelectorAll<HTMLButtonElement>('[data-tab]')];
  const select = (tab: HTMLButtonElement, focus: boolean) => {
    for (const other of tabs) {
      const active = other === tab;
      other.setAttribute('aria-selected', String(active));
      other.tabIndex = active ? 0 : -1;
      details.querySelector(`[data-panel="${other.dataset.tab}"]`)?.classList.toggle('is-active', active);
    }
    if (focus) tab.focus();
  };
  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => select(tab, false));
    tab.addEventListener('keydown', (event) => {
      const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select(tabs[(next + tabs.length) % tabs.length]!, true);
    });
  });
  for (const trigger of details.querySelectorAll<HTMLButtonElement>('[data-accordion]')) {
    trigger.addEventListener('click', () => {
      const open = trigger.getAttribute('aria-expanded') !== 'true';
      trigger.setAttribute('aria-expanded', String(open));
      trigger.closest('[data-section]')?.classList.toggle('is-open', open);
    });
  }
}

/** The share modal: copy link, WhatsApp and Facebook for the current address, and navigator.share when available. */
export function initShare(share: HTMLElement): void {
  const dialog = share.querySelector('dialog');
  const opener = share.querySelector<HTMLButtonElement>('[data-share-open]');
  const status = share.querySelector<HTMLElement>('[data-share-status]');
  if (!dialog || !opener) return;
  const title = share.dataset.title ?? document.title;
  const url = `${location.origin}${location.pathname}`;
  const links = shareLinks(url, title);
  share.querySelector<HTMLInputElement>('[data-share-url]')!.value = url;
  share.querySelector<HTMLAnchorElement>('[data-share-whatsapp]')!.href = links.whatsapp;
  share.querySelector<HTMLAnchorElement>('[data-share-facebook]')!.href = links.facebook;
  const say = (text: string) => status && (status.textContent = text);

  opener.addEventListener('click', () => {
    say('');
    showDialog(dialog, opener);
  });
  share.querySelector('[data-share-close]')?.addEventListener('click', () => dialog.close());
  share.querySelector('[data-share-copy]')?.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(url);
      say('¡Enlace copiado!');
    } catch {
      share.querySelector<HTMLInputElement>('[data-share-url]')?.select();
      say('Copia el enlace seleccionado.');
    }
  });
  const native = share.querySelector<HTMLButtonElement>('[data-share-native]');
  if (native && typeof navigator.share === 'function') {
    native.hidden = false;
    native.addEventListener('click', () => {
      navigator.share({ title, url }).catch(() => undefined);
    });
  }
}
