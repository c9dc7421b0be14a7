import type { Producto } from '../../lib/api/schemas.ts';
import { DETAIL_SECTIONS, sentences } from '../../lib/product/details.ts';
import './details.css';
import Icon from '../../ui/icons.tsx';

/**
 * 'Información general', 'Modo de uso', 'Beneficios' and 'Ingredientes', all in the HTML (crawlable).
 * CSS shows them as tabs above 768 px and as an accordion at 768 px or less (TIENDA.breakpointMovil);
 * `initDetails` (product-page.ts) switches the active tab and the open sections.
 */
export default function ProductDetails({ producto }: { producto: Producto }) {
  return (
    <section className="pdp-details" data-details aria-label="Detalles del producto">
      <div className="pdp-details__tablist" role="tablist" aria-label="Detalles del producto">
        {DETAIL_SECTIONS.map((section, index) => (
          <button
            key={section.id}
            type="button"
            role="tab"
            id={`tab-${section.id}`}
            className="pdp-details__tab"
            aria-selected={index === 0}
            aria-controls={`panel-${section.id}`}
            tabIndex={index === 0 ? 0 : -1}
            data-tab={section.id}
          >
            {section.label}
          </button>
        ))}
      </div>
      {DETAIL_SECTIONS.map((section, index) => (
        <div key={section.id} className={`pdp-details__section${index === 0 ? ' is-open' : ''}`} data-section={section.id}>
          <h2 className="pdp-details__heading">
            <button
              type="button"
              className="pdp-details__trigger"
              aria-expanded={index === 0}
              aria-controls={`panel-${section.id}`}
              data-accordion={section.id}
            >
              {section.label}
              <Icon name="expand" size={20} />
            </button>
          </h2>
          <div
            id={`panel-${section.id}`}
            className={`pdp-details__panel${index === 0 ? ' is-active' : ''}`}
            role="tabpanel"
            aria-labelledby={`tab-${section.id}`}
            data-panel={section.id}
          >
            <SectionText field={section.field} text={producto[section.field]} />
          </div>
        </div>
      ))}
    </section>
  );
}

/** The description as paragraphs, usage as numbered steps, benefits and ingredients as lists. */
function SectionText({ field, text }: { field: string; text: string }) {
  const items = sentences(text);
  if (items.length === 0) return <p className="pdp-details__empty">No especificado.</p>;
  if (field === 'descripcion') return items.map((item, index) => <p key={`${index}-${item}`}>{item}.</p>);
  const List = field === 'modouso' ? 'ol' : 'ul';
  return (
    <List className={`pdp-details__list pdp-details__list--${field}`}>
      {items.map((item, index) => (
        <li key={`${index}-${item}`}>{item}</li>
      ))}
    </List>
  );
}
