import { lazy, Suspense, useId, useRef, useState } from 'react';
import Icon from '../../ui/icons.tsx';
import './WhatsAppChat.css';

/** The chat's box: its code comes with the first press of the button, not with every page. */
const WhatsAppBox = lazy(() => import('./WhatsAppBox.tsx'));

/**
 * The floating WhatsApp chat of every page (checkout §2): a round button that opens a small chat box
 * (WhatsAppBox).
 */
export default function WhatsAppChat() {
  const [open, setOpen] = useState(false);
  // What was typed, kept while the box is closed; null until the shopper types (the box then shows its greeting).
  const [text, setText] = useState<string | null>(null);
  const fabRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  const close = () => {
    setOpen(false);
    fabRef.current?.focus();
  };

  return (
    <div
      className="wa-chat"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) close();
      }}
    >
      {open && (
        <Suspense fallback={null}>
          <WhatsAppBox id={id} text={text} onText={setText} onClose={close} />
        </Suspense>
      )}
      <button
        ref={fabRef}
        type="button"
        className="wa-chat__fab"
        aria-expanded={open}
        aria-controls={open ? `${id}-box` : undefined}
        aria-label={open ? 'Cerrar chat de WhatsApp' : 'Chatea con nosotros por WhatsApp'}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <Icon name={open ? 'close' : 'whatsapp'} size={30} />
      </button>
    </div>
  );
}
