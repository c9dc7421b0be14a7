import { photoSrcSets } from '../../lib/catalogue/photos.ts';
import { showDialog } from '../../ui/dialog.ts';
import { initBuyBox } from './buy-box.ts';
import { shareLinks } from './share-links.ts';

/**
 * The product page's behaviours on plain DOM (no framework): the buy box, gallery thumbnails, details
 * tabs/accordion and the share modal. Used by the static product page and by the 404 page's live
 * product view, each calling `initProductPage` on its root once the markup is in the document.
 */
export function initProductPage(root: ParentNode = document): void {
  initBuyBoxes(root);
  root.querySelectorAll<HTMLElement>('[data-gallery]').forEach(initGallery);
  root.querySelectorAll<HTMLElement>('[data-details]').forEach(initDetails);
  root.querySelectorAll<HTMLElement>('[data-share]').forEach(initShare);
}

/** The buy boxes under `root` (those `which` takes): each answers taps once set up (a second call leaves it as it is). */
export function initBuyBoxes(root: ParentNode = document, which: (box: HTMLElement) => boolean = () => true): void {
  root.querySelectorAll<HTMLElement>('[data-buy-box]').forEach((box) => {
    if (which(box)) initBuyBox(box, { live: box.dataset.live !== undefined });
  });
}

/**
 * Whether the parser has gone past `element`, its markup whole: something follows it (or one of its ancestors)
 * in the document. For a page still loading, whose parser only ever adds after what it has added.
 */
export function parsedPast(element: Node): boolean {
  for (let node: Node | null = element; node && node !== node.ownerDocument?.body; node = node.parentNode)
    if (node.nextSibling) return true;
  return false;
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
      // Each photo says what it shows (its alternative text, issue 37).
      if (thumb.dataset.galleryAlt) main.alt = thumb.dataset.galleryAlt;
      // A store photo's <picture> offers AVIF and WebP copies, which win over src: they follow too.
      const sets = photoSrcSets(src);
      main
        .closest('picture')
        ?.querySelectorAll('source')
        .forEach((source) => {
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

/**
 * The share modal, made on the first click (a native <dialog> opened as the shop's modal: focus kept
 * inside, Escape closes, focus returns to the button): copy link, WhatsApp and Facebook for the
 * current address, and navigator.share when available.
 */
export function initShare(share: HTMLElement): void {
  const opener = share.querySelector<HTMLButtonElement>('[data-share-open]');
  if (!opener) return;
  let dialog: HTMLDialogElement | undefined;
  opener.addEventListener('click', () => {
    dialog ??= shareDialog(share, opener);
    dialog.querySelector<HTMLElement>('[data-share-status]')!.textContent = '';
    showDialog(dialog, opener);
  });
}

function shareDialog(share: HTMLElement, opener: HTMLButtonElement): HTMLDialogElement {
  const title = share.dataset.title ?? document.title;
  const url = `${location.origin}${location.pathname}`;
  const links = shareLinks(url, title);
  // The sprite's address as the page has it (a hashed file), for the close button's icon.
  const sprite = opener.querySelector('use')?.getAttribute('href')?.split('#')[0] ?? '';
  const dialog = document.createElement('dialog');
  dialog.className = 'dialog-panel pdp-share__dialog';
  dialog.setAttribute('aria-labelledby', 'share-title');
  dialog.innerHTML = `<div class="dialog-panel__head"><h2 id="share-title">Compartir producto</h2><button type="button" class="icon-btn icon-btn--sm" data-share-close aria-label="Cerrar"><svg width="20" height="20" aria-hidden="true"><use href="${sprite}#close"></use></svg></button></div><p class="pdp-share__name"></p><label class="pdp-share__field"><span class="visually-hidden">Enlace del producto</span><input type="url" readonly data-share-url></label><div class="pdp-share__actions"><button type="button" class="btn" data-share-copy>Copiar enlace</button><a class="btn pdp-share__whatsapp" target="_blank" rel="noopener noreferrer" data-share-whatsapp>WhatsApp</a><a class="btn pdp-share__facebook" target="_blank" rel="noopener noreferrer" data-share-facebook>Facebook</a><button type="button" class="btn btn--outline" data-share-native hidden>Más opciones</button></div><p class="pdp-share__status" role="status" data-share-status></p>`;
  const field = dialog.querySelector<HTMLInputElement>('[data-share-url]')!;
  const status = dialog.querySelector<HTMLElement>('[data-share-status]')!;
  dialog.querySelector('.pdp-share__name')!.textContent = title;
  field.value = url;
  dialog.querySelector<HTMLAnchorElement>('[data-share-whatsapp]')!.href = links.whatsapp;
  dialog.querySelector<HTMLAnchorElement>('[data-share-facebook]')!.href = links.facebook;
  dialog.querySelector('[data-share-close]')!.addEventListener('click', () => dialog.close());
  dialog.querySelector('[data-share-copy]')!.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = '¡Enlace copiado!';
    } catch {
      field.select();
      status.textContent = 'Copia el enlace seleccionado.';
    }
  });
  const native = dialog.querySelector<HTMLButtonElement>('[data-share-native]')!;
  if (typeof navigator.share === 'function') {
    native.hidden = false;
    native.addEventListener('click', () => {
      navigator.share({ title, url }).catch(() => undefined);
    });
  }
  share.append(dialog);
  return dialog;
}
