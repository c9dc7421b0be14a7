import Icon from '../layout/icons.tsx';
import { shareLinks } from './share-links.ts';
import './share.css';

interface Props {
  /** Absolute URL of the product page; `initShare` replaces it with the address the shopper is on. */
  url: string;
  title: string;
}

/**
 * The share button and its modal (a native <dialog> opened as the shop's modal: focus kept inside,
 * Escape closes, focus returns to the button): copy link, WhatsApp, Facebook and, where supported,
 * the system share sheet. Behaviour in `initShare` (product-page.ts).
 */
export default function ShareButton({ url, title }: Props) {
  const links = shareLinks(url, title);
  return (
    <div className="pdp-share" data-share data-title={title} data-pagefind-ignore>
      <button type="button" className="pdp-share__open" data-share-open aria-haspopup="dialog">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M18 16.1c-.8 0-1.4.3-2 .8l-7.1-4.2c.1-.2.1-.5.1-.7s0-.5-.1-.7L16 7.2c.5.5 1.2.8 2 .8a3 3 0 1 0-3-3c0 .2 0 .5.1.7L8 9.8A3 3 0 1 0 8 14.2l7.1 4.2-.1.6a2.9 2.9 0 1 0 3-2.9Z" />
        </svg>
        Compartir
      </button>
      <dialog className="dialog-panel pdp-share__dialog" aria-labelledby="share-title">
        <div className="dialog-panel__head">
          <h2 id="share-title">Compartir producto</h2>
          <button type="button" className="icon-btn icon-btn--sm" data-share-close aria-label="Cerrar">
            <Icon name="close" size={20} />
          </button>
        </div>
        <p className="pdp-share__name">{title}</p>
        <label className="pdp-share__field">
          <span className="visually-hidden">Enlace del producto</span>
          <input type="url" readOnly value={url} data-share-url />
        </label>
        <div className="pdp-share__actions">
          <button type="button" className="btn" data-share-copy>
            Copiar enlace
          </button>
          <a className="btn pdp-share__whatsapp" href={links.whatsapp} target="_blank" rel="noopener noreferrer" data-share-whatsapp>
            WhatsApp
          </a>
          <a className="btn pdp-share__facebook" href={links.facebook} target="_blank" rel="noopener noreferrer" data-share-facebook>
            Facebook
          </a>
          <button type="button" className="btn btn--outline" data-share-native hidden>
            Más opciones
          </button>
        </div>
        <p className="pdp-share__status" role="status" data-share-status></p>
      </dialog>
    </div>
  );
}
