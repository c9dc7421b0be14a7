/** What can take keyboard focus inside a dialog. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The key event fields the trap reads: DOM and React keyboard events both fit. */
interface TabEvent {
  key: string;
  shiftKey: boolean;
  preventDefault(): void;
}

/**
 * Keeps Tab and Shift+Tab cycling through the visible focusable elements of `box`, bringing focus
 * back in when it has escaped. Call it from a modal's keydown handler; other keys pass through.
 */
export function trapTab(event: TabEvent, box: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (item) => item.offsetParent !== null || item === document.activeElement,
  );
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  const inside = box.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}
