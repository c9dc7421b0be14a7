import { useState, type CSSProperties } from 'react';
import { clampRange } from '../../lib/catalogue/listing.ts';

interface Range {
  min: number;
  max: number;
}

interface Props {
  bounds: Range;
  value: Range;
  onChange: (value: Range) => void;
}

/**
 * The price range filter: two sliders on one track and two number inputs, bounded by the loaded
 * products' prices; the minimum never exceeds the maximum (storefront §2 and §5).
 */
export default function PriceRange({ bounds, value, onChange }: Props) {
  const span = Math.max(1, bounds.max - bounds.min);
  const at = (price: number) => String((price - bounds.min) / span);
  const within = (price: number) => Math.min(Math.max(Math.round(price), bounds.min), bounds.max);
  const set = (field: 'min' | 'max', price: number) => {
    const next = within(price);
    onChange(clampRange(field === 'min' ? next : value.min, field === 'max' ? next : value.max, field));
  };
  // Two thumbs on one spot: the one that can still move must be on top.
  const minOnTop = value.min - bounds.min > span / 2;
  const track = { '--from': at(value.min), '--to': at(value.max) } as CSSProperties;

  return (
    <fieldset className="filter-group price-range">
      <legend className="filter-group__title">Precio</legend>
      <div className={`price-range__sliders${minOnTop ? ' price-range__sliders--min-top' : ''}`} style={track}>
        <input
          type="range"
          min={bounds.min}
          max={bounds.max}
          step={1}
          value={value.min}
          aria-label="Precio mínimo"
          onChange={(e) => set('min', Number(e.target.value))}
        />
        <input
          type="range"
          min={bounds.min}
          max={bounds.max}
          step={1}
          value={value.max}
          aria-label="Precio máximo"
          onChange={(e) => set('max', Number(e.target.value))}
        />
      </div>
      <div className="price-range__fields">
        <PriceField
          label="Mínimo"
          name="precio-min"
          bounds={bounds}
          value={value.min}
          onCommit={(price) => set('min', price)}
          isValid={(price) => price <= value.max}
        />
        <span aria-hidden="true">–</span>
        <PriceField
          label="Máximo"
          name="precio-max"
          bounds={bounds}
          value={value.max}
          onCommit={(price) => set('max', price)}
          isValid={(price) => price >= value.min}
        />
      </div>
    </fieldset>
  );
}

interface FieldProps {
  label: string;
  name: string;
  bounds: Range;
  value: number;
  onCommit: (price: number) => void;
  isValid: (price: number) => boolean;
}

/** A number input that applies valid values as they are typed and clamps the rest on blur or Enter. */
function PriceField({ label, name, bounds, value, onCommit, isValid }: FieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    if (draft.trim() !== '' && Number.isFinite(Number(draft))) onCommit(Number(draft));
    setDraft(null);
  };
  return (
    <label className="price-field">
      <span className="price-field__label">{label}</span>
      <span className="price-field__box">
        <span aria-hidden="true">S/</span>
        <input
          type="number"
          name={name}
          inputMode="numeric"
          min={bounds.min}
          max={bounds.max}
          step={1}
          value={draft ?? String(value)}
          onChange={(e) => {
            const text = e.target.value;
            setDraft(text);
            const price = Number(text);
            if (text !== '' && price >= bounds.min && price <= bounds.max && isValid(price)) onCommit(price);
          }}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
        />
      </span>
    </label>
  );
}
