import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import Icon from './icons.tsx';
import { useDialogFocus } from './useDialogFocus.ts';

interface Props {
  title: string;
  /** A line under the title; it also describes the dialog. */
  lead?: ReactNode;
  /** A round emblem beside the title (the account dialogs' heart). */
  mark?: ReactNode;
  onClose: () => void;
  /** 'narrow' for a short form (login), 'wide' for content with columns (an order's detail). */
  size?: 'narrow' | 'normal' | 'wide';
  children: ReactNode;
}

/**
 * The shop's modal dialog: a titled box over a dimmed page (a bottom sheet on phones), closed by its
 * button, Escape or a click outside; focus stays inside while it is open (useDialogFocus). Rendered
 * only in the browser.
 */
export default function Modal({ title, lead, mark, onClose, size = 'normal', children }: Props) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useDialogFocus(box, onClose);
  // On <body>, so no stacking context of the page (the sticky mobile header) can sit above it.
  return createPortal(
    <div
      className="kb-modal"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={box}
        className={`dialog-panel kb-modal__box kb-modal__box--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={lead ? `${id}-lead` : undefined}
        tabIndex={-1}
      >
        {/* Not a <header>: portalled onto <body>, it would be a second banner landmark beside the page's own. */}
        <div className={mark ? 'kb-modal__head kb-modal__head--mark' : 'kb-modal__head'}>
          {mark && (
            <span className="icon-disc kb-modal__mark" aria-hidden="true">
              {mark}
            </span>
          )}
          <h2 id={`${id}-title`}>{title}</h2>
          {lead && <p id={`${id}-lead`}>{lead}</p>}
          <button type="button" className="icon-btn icon-btn--sm icon-btn--raised kb-modal__close" aria-label="Cerrar" onClick={onClose}>
            <Icon name="close" size={20} />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
