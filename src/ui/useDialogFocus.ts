import { useEffect, useRef, useState, type RefObject } from 'react';
import { holdDialog } from './dialog.ts';

/**
 * The shop's modal behaviour (holdDialog) for a React dialog while it is mounted: focus moves into
 * `box`, Tab is trapped inside, Escape calls `onClose`, the page behind does not scroll, and focus
 * returns where it was when the dialog unmounts.
 */
export function useDialogFocus(box: RefObject<HTMLElement | null>, onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  // Read on the first render, before a child's autoFocus moves focus into the dialog.
  const [opener] = useState(() => document.activeElement);
  useEffect(() => {
    if (!box.current) return;
    return holdDialog(box.current, () => close.current(), opener);
  }, [box, opener]);
}
