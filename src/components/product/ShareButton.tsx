import Icon from '../../ui/icons.tsx';
import './share.css';

interface Props {
  title: string;
}

/**
 * The share button. Its modal (copy link, WhatsApp, Facebook and, where supported, the system share
 * sheet) is made by `initShare` (product-page.ts) the first time it is opened: it is the same for
 * every product but its name and address, and was 1.5 KB of every product page.
 */
export default function ShareButton({ title }: Props) {
  return (
    <div className="pdp-share" data-share data-title={title}>
      <button type="button" className="pdp-share__open" data-share-open aria-haspopup="dialog">
        <Icon name="share" size={18} />
        Compartir
      </button>
    </div>
  );
}
