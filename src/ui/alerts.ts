import { shared } from '../stores/shared.ts';
import { showDialog } from './dialog.ts';

/**
 * The shop's alert dialogs and toasts, rendered imperatively into document.body so any island (or a
 * plain script) can call them without mounting anything. Dialogs are the shop's modals (showDialog:
 * focus trap, Escape, focus returned to where it was) and shown one at a time, in call order.
 */

export type AlertIcon = 'info' | 'success' | 'error' | 'warning';

export interface AlertOptions {
  icon?: AlertIcon;
  title: string;
  text?: string;
  /** Closes by itself after this many ms (resolving false), with a progress bar. */
  timerMs?: number;
  /** Confirm button label; 'Aceptar' by default. */
  confirmText?: string;
  /** Adds a cancel button with this label. */
  cancelText?: string;
}

export interface SelectOptions extends Omit<AlertOptions, 'timerMs'> {
  /** The choices; the dialog resolves the chosen one. */
  options: string[];
  /** Label of the select; the title by default. */
  label?: string;
}

export interface ToastOptions {
  icon?: AlertIcon;
  title: string;
  text?: string;
  timerMs: number;
}

const ICON_PATHS: Record<AlertIcon, string> = {
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z',
  success: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.4 14.2-4.2-4.2 1.4-1.4 2.8 2.8 5.6-5.6 1.4 1.4-7 7Z',
  error:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm3.5 12.1-1.4 1.4L12 13.4l-2.1 2.1-1.4-1.4 2.1-2.1-2.1-2.1 1.4-1.4 2.1 2.1 2.1-2.1 1.4 1.4-2.1 2.1 2.1 2.1Z',
  warning: 'M1 21h22L12 2 1 21Zm12-3h-2v-2h2v2Zm0-4h-2v-4h2v4Z',
};

const ICON_LABELS: Record<AlertIcon, string> = { info: 'Información', success: 'Éxito', error: 'Error', warning: 'Advertencia' };

/** One alert at a time, numbered for their ids: one queue per page, shared with the buy box's copy of this code (stores/shared.ts). */
const alerts = shared('alertas', () => ({ queue: Promise.resolve() as Promise<unknown>, sequence: 0 }));

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function iconNode(icon: AlertIcon, className: string): HTMLElement {
  const wrap = el('span', `${className} ${className}--${icon}`);
  wrap.setAttribute('role', 'img');
  wrap.setAttribute('aria-label', ICON_LABELS[icon]);
  wrap.innerHTML = `<svg viewBox="0 0 24 24" width="100%" height="100%" aria-hidden="true"><path fill="currentColor" d="${ICON_PATHS[icon]}"/></svg>`;
  return wrap;
}

/**
 * Opens one modal dialog and resolves with what `fill` decided when it closes. `fill` adds its
 * controls and returns a getter for the confirm value; cancel, Escape, the backdrop and the timer
 * resolve `dismissed`. A native <dialog> in the top layer, so it also shows above other modals.
 */
function openDialog<T>(options: AlertOptions, dismissed: T, fill: (box: HTMLElement) => () => T): Promise<T> {
  const run = () =>
    new Promise<T>((resolve) => {
      const id = `kb-alert-${++alerts.sequence}`;
      const box = el('dialog', `dialog-panel kb-alert${options.icon ? ` kb-alert--${options.icon}` : ''}`);
      if (options.cancelText) box.setAttribute('role', 'alertdialog');
      box.setAttribute('aria-labelledby', `${id}-title`);
      if (options.icon) box.append(iconNode(options.icon, 'kb-alert__icon'));
      const title = el('h2', 'kb-alert__title', options.title);
      title.id = `${id}-title`;
      box.append(title);
      if (options.text) {
        const text = el('p', 'kb-alert__text', options.text);
        text.id = `${id}-text`;
        box.setAttribute('aria-describedby', text.id);
        box.append(text);
      }
      const value = fill(box);
      const actions = el('div', 'kb-alert__actions');
      const confirm = el('button', 'btn kb-alert__confirm', options.confirmText ?? 'Aceptar');
      confirm.type = 'button';
      actions.append(confirm);
      if (options.cancelText) {
        const cancel = el('button', 'btn btn--outline kb-alert__cancel', options.cancelText);
        cancel.type = 'button';
        cancel.addEventListener('click', () => box.close());
        actions.append(cancel);
      }
      box.append(actions);
      let timer: ReturnType<typeof setTimeout> | undefined;
      if (options.timerMs && options.timerMs > 0) {
        const bar = el('span', 'kb-alert__timer');
        bar.style.animationDuration = `${options.timerMs}ms`;
        box.append(bar);
        timer = setTimeout(() => box.close(), options.timerMs);
      }
      // Only the confirm button sets a result; cancel, Escape, the backdrop and the timer close with `dismissed`.
      let result = dismissed;
      confirm.addEventListener('click', () => {
        result = value();
        box.close();
      });
      box.addEventListener('close', () => {
        clearTimeout(timer);
        box.remove();
        resolve(result);
      });
      document.body.append(box);
      showDialog(box);
      (box.querySelector<HTMLElement>('select, input') ?? confirm).focus();
    });
  const next = alerts.queue.then(run, run);
  alerts.queue = next.catch(() => undefined);
  return next;
}

/** An alert dialog; resolves true on confirm, false on cancel, Escape, backdrop or timeout. */
export function showAlert(options: AlertOptions): Promise<boolean> {
  return openDialog(options, false, () => () => true);
}

/** A dialog with a select (e.g. choose a colour); resolves the chosen option, undefined when cancelled. */
export function showSelect(options: SelectOptions): Promise<string | undefined> {
  return openDialog<string | undefined>({ confirmText: 'Continuar', cancelText: 'Cancelar', ...options }, undefined, (box) => {
    const label = el('label', 'kb-alert__field');
    const caption = el('span', 'visually-hidden', options.label ?? options.title);
    const select = el('select', 'kb-alert__select');
    for (const option of options.options) select.append(new Option(option, option));
    label.append(caption, select);
    box.append(label);
    return () => select.value;
  });
}

/** A small timed notification in the corner; resolves when it disappears. */
export function showToast(options: ToastOptions): Promise<void> {
  return new Promise((resolve) => {
    let region = document.querySelector<HTMLElement>('.kb-toasts');
    if (!region) {
      region = el('div', 'kb-toasts');
      region.setAttribute('aria-live', 'polite');
      region.popover = 'manual';
      document.body.append(region);
    }
    // Re-entering the top layer keeps the toasts above any modal opened since.
    if (region.matches(':popover-open')) region.hidePopover();
    region.showPopover();
    const toast = el('div', `kb-toast${options.icon ? ` kb-toast--${options.icon}` : ''}`);
    if (options.icon === 'error') toast.setAttribute('role', 'alert');
    if (options.icon) toast.append(iconNode(options.icon, 'kb-toast__icon'));
    const body = el('div', 'kb-toast__body');
    body.append(el('strong', 'kb-toast__title', options.title));
    if (options.text) body.append(el('span', 'kb-toast__text', options.text));
    const close = el('button', 'icon-btn kb-toast__close', '×');
    close.type = 'button';
    close.setAttribute('aria-label', 'Cerrar aviso');
    toast.append(body, close);
    region.append(toast);
    const dismiss = () => {
      clearTimeout(timer);
      toast.remove();
      if (!region.hasChildNodes() && region.matches(':popover-open')) region.hidePopover();
      resolve();
    };
    const timer = setTimeout(dismiss, options.timerMs);
    close.addEventListener('click', dismiss);
  });
}
