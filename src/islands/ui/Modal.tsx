import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from './useDialogFocus.ts';
import './modal.css';

interface Props {
  title: string;
  /** A line under the title. */
  lead?: ReactNode;
  onClose: () => void;
  /** 'wide' for content with columns (an order's detail). */
  size?: 'normal' | 'wide';
  children: ReactNode;
}

/**
 * The shop's modal dialog: a titled box over a dimmed page (a bottom sheet on phones), closed by its
 * button, Escape or a click outside; focus stays inside while it is open. Rendered only in the browser.
 */
export default function Modal({ title, lead, onClose, size = 'normal', children }: Props) {
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
      <div ref={box} className={`kb-modal__box kb-modal__box--${size}`} role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1}>
        <header className="kb-modal__head">
          <h2 id={`${id}-title`}>{title}</h2>
          {lead && <p>{lead}</p>}
          <button type="button" className="kb-modal__close" aria-label="Cerrar" onClick={onClose}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" d="m6 6 12 12M18 6 6 18" />
            </svg>
          </button>
        </header>
        {children}
      </div>
    </div>,
    document.body,
  );
}
