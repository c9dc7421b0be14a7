import { useEffect, useRef, type RefObject } from 'react';
import { trapTab } from './focus-trap.ts';

/** An alert of src/islands/ui/alerts.ts is open above the modal: it owns the keyboard then. */
const alertOpen = () => document.querySelector('.kb-alert') !== null;

/**
 * Modal keyboard behaviour: focus moves into `box`, Tab is trapped inside, Escape calls `onClose`,
 * the page behind does not scroll, and focus returns where it was when the modal unmounts.
 */
export function useDialogFocus(box: RefObject<HTMLElement | null>, onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    root.classList.add('kb-modal-open');
    const first = box.current?.querySelector<HTMLElement>('select:not([disabled]), input:not([disabled])');
    (first ?? box.current)?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      const node = box.current;
      if (!node || alertOpen()) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
      } else {
        trapTab(event, node);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      root.classList.remove('kb-modal-open');
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, [box]);
}
