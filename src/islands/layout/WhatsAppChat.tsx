import { useEffect, useId, useRef, useState } from 'react';
import Icon from '../../ui/icons.tsx';
import { TIENDA } from '../../lib/tienda.ts';
import './WhatsAppChat.css';

/** The message the box starts with, so an untouched box still sends a greeting (checkout §2). */
export const SALUDO_WHATSAPP = '¡Hola, K-Beauty Perú! Quisiera hacer una consulta.';

/** The wa.me link that opens a chat with the shop with `text` typed in. */
export const whatsappUrl = (text: string) => `https://wa.me/${TIENDA.whatsapp}?text=${encodeURIComponent(text)}`;

/**
 * The floating WhatsApp chat of every page (checkout §2): a round button that opens a small chat box.
 * The text area starts with the default greeting, so Send works at once; emptied, Send is disabled.
 * Enter sends (Shift+Enter adds a line), opening WhatsApp in a new tab.
 */
export default function WhatsAppChat() {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(SALUDO_WHATSAPP);
  const fabRef = useRef<HTMLButtonElement>(null);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const sendRef = useRef<HTMLAnchorElement>(null);
  const id = useId();
  const message = text.trim();

  useEffect(() => {
    if (open) areaRef.current?.focus();
  }, [open]);

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
        <div className="wa-chat__box" id={`${id}-box`} role="dialog" aria-labelledby={`${id}-title`} data-testid="whatsapp-chat">
          <div className="wa-chat__head">
            <span className="wa-chat__avatar" aria-hidden="true">
              <Icon name="whatsapp" size={22} />
            </span>
            <div className="wa-chat__who">
              <strong id={`${id}-title`}>K-Beauty Perú</strong>
              <span>Te respondemos por WhatsApp en minutos</span>
            </div>
            <button type="button" className="icon-btn wa-chat__close" aria-label="Cerrar chat" onClick={close}>
              <Icon name="close" size={20} />
            </button>
          </div>
          <div className="wa-chat__body">
            <p className="wa-chat__bubble">¡Hola! ¿En qué podemos ayudarte? Cuéntanos qué producto buscas o cómo va tu pedido.</p>
          </div>
          <form className="wa-chat__form" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor={`${id}-text`} className="visually-hidden">
              Tu mensaje
            </label>
            <textarea
              ref={areaRef}
              id={`${id}-text`}
              className="wa-chat__text"
              rows={3}
              value={text}
              placeholder="Escribe tu mensaje…"
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  sendRef.current?.click();
                }
              }}
            />
            {message ? (
              <a
                ref={sendRef}
                className="wa-chat__send"
                href={whatsappUrl(message)}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="whatsapp-send"
              >
                <Icon name="send" size={18} />
                Enviar<span className="visually-hidden"> por WhatsApp (se abre en una pestaña nueva)</span>
              </a>
            ) : (
              <button type="button" className="wa-chat__send" disabled data-testid="whatsapp-send">
                <Icon name="send" size={18} />
                Enviar
              </button>
            )}
          </form>
        </div>
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
