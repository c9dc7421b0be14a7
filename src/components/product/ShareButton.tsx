import Icon from '../../ui/icons.tsx';
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
        <Icon name="share" size={18} />
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
