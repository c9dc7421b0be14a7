import { shared } from '../stores/shared.ts';
import { trapTab } from './focus-trap.ts';

/**
 * The one modal mechanism of the shop, for React dialogs (through useDialogFocus) and native
 * <dialog> elements alike: focus moves in and Tab cycles inside, Escape closes, the page behind does
 * not scroll, and focus returns where it was. Dialogs opened above others stack: only the innermost
 * one answers the keyboard.
 */

interface Held {
  box: HTMLElement;
  onEscape: () => void;
}

/**
 * The open modals, innermost last, and the one keydown listener that serves them: one of each per page, shared
 * with the buy box's own copy of this code (stores/shared.ts), so Escape closes one modal, whichever opened it.
 */
const modals = shared('modales', () => ({ held: [] as Held[], onKeyDown }));
const { held } = modals;

/** On <html> while any modal is open: the page behind does not scroll (styles/global.css). */
const SCROLL_LOCK_CLASS = 'kb-modal-open';

/** What takes focus in a modal that opens without focus inside: its first field, else the box itself. */
const FIRST_FIELD = 'select:not([disabled]), input:not([disabled])';

/** Escape closes the innermost modal; Tab cycles inside it. */
function onKeyDown(event: KeyboardEvent) {
  const top = held.at(-1);
  if (!top) return;
  if (event.key === 'Escape') {
    event.preventDefault();
    top.onEscape();
  } else {
    trapTab(event, top.box);
  }
}

/**
 * Makes `box` modal for the keyboard and the page until the returned release is called. Focus moves
 * in unless it is already inside; on release it goes back to `opener` (the element focused now, by
 * default) unless another open modal holds it.
 */
export function holdDialog(box: HTMLElement, onEscape: () => void, opener: Element | null = document.activeElement): () => void {
  const entry: Held = { box, onEscape };
  held.push(entry);
  if (held.length === 1) {
    document.addEventListener('keydown', modals.onKeyDown);
    document.documentElement.classList.add(SCROLL_LOCK_CLASS);
  }
  if (!box.contains(document.activeElement)) (box.querySelector<HTMLElement>(FIRST_FIELD) ?? box).focus({ preventScroll: true });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.splice(held.indexOf(entry), 1);
    if (held.length === 0) {
      document.removeEventListener('keydown', modals.onKeyDown);
      document.documentElement.classList.remove(SCROLL_LOCK_CLASS);
    }
    const focusElsewhere = held.some((other) => other.box.contains(document.activeElement));
    if (!focusElsewhere && opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
  };
}

/** Whether a click landed on the backdrop of `dialog` (outside its box), not on the dialog's own padding. */
function onBackdrop(event: MouseEvent, dialog: HTMLDialogElement): boolean {
  if (event.target !== dialog) return false;
  const box = dialog.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}

/**
 * Opens a native <dialog> as the shop's modal: showModal() held by holdDialog, focus returning to
 * `opener` (name the button that opened it: Safari does not focus a clicked button). Escape, a click
 * on the backdrop and dialog.close() end it; the hold ends with the dialog's `close` event.
 */
export function showDialog(dialog: HTMLDialogElement, opener: Element | null = document.activeElement): void {
  if (dialog.open) return;
  dialog.showModal();
  const listening = new AbortController();
  const end = () => {
    listening.abort();
    release();
  };
  // Escape ends the hold at once: the dialog's `close` event comes a task later, and an Escape pressed
  // meanwhile belongs to the modal below.
  const release = holdDialog(
    dialog,
    () => {
      dialog.close();
      end();
    },
    opener,
  );
  dialog.addEventListener('click', (event) => onBackdrop(event, dialog) && dialog.close(), { signal: listening.signal });
  dialog.addEventListener('close', end, { signal: listening.signal });
}
