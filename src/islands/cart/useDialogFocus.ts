import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
      } else if (event.key === 'Tab') {
        const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => item.offsetParent !== null);
        const head = items[0];
        const tail = items[items.length - 1];
        if (!head || !tail) return;
        const inside = node.contains(document.activeElement);
        if (event.shiftKey && (document.activeElement === head || !inside)) {
          event.preventDefault();
          tail.focus();
        } else if (!event.shiftKey && (document.activeElement === tail || !inside)) {
          event.preventDefault();
          head.focus();
        }
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
