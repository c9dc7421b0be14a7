import { useEffect, useRef } from 'react';
import Icon from '../../ui/icons.tsx';
import { SALUDO_WHATSAPP, whatsappConTexto } from '../../lib/site/contacto.ts';

interface Props {
  /** The id its button's `aria-controls` names. */
  id: string;
  /** What the shopper typed; null until they type, when the box shows the greeting. */
  text: string | null;
  onText: (text: string) => void;
  onClose: () => void;
}

/**
 * The WhatsApp chat's box (checkout §2), loaded the first time its button is pressed: no page needs it before then.
 * The text area starts with the default greeting, so Send works at once; emptied, Send is disabled.
 * Enter sends (Shift+Enter adds a line), opening WhatsApp in a new tab.
 */
export default function WhatsAppBox({ id, text, onText, onClose }: Props) {
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const sendRef = useRef<HTMLAnchorElement>(null);
  const value = text ?? SALUDO_WHATSAPP;
  const message = value.trim();

  useEffect(() => areaRef.current?.focus(), []);

  return (
    <div className="wa-chat__box" id={`${id}-box`} role="dialog" aria-labelledby={`${id}-title`} data-testid="whatsapp-chat">
      <div className="wa-chat__head">
        <span className="wa-chat__avatar" aria-hidden="true">
          <Icon name="whatsapp" size={22} />
        </span>
        <div className="wa-chat__who">
          <strong id={`${id}-title`}>K-Beauty Perú</strong>
          <span>Te respondemos por WhatsApp en minutos</span>
        </div>
        <button type="button" className="icon-btn wa-chat__close" aria-label="Cerrar chat" onClick={onClose}>
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
          value={value}
          placeholder="Escribe tu mensaje…"
          onChange={(event) => onText(event.target.value)}
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
            href={whatsappConTexto(message)}
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
  );
}
