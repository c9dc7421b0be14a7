import { memo } from 'react';
import type { BrandChoice } from '../../lib/catalogue/listing-state.ts';
import { sameName } from '../../lib/catalogue/selection.ts';

interface Props {
  /** The brands present in the listing's products. */
  marcas: string[];
  choice: BrandChoice;
  /** Kept the same function across renders, so a toggle redraws only the rows whose box changed. */
  onToggle: (marca: string | 'Todas') => void;
}

/** Brand checkboxes: 'Todas' (no brand filter), then each brand present in the listing. */
export default function BrandFilter({ marcas, choice, onToggle }: Props) {
  const checked = (marca: string) => !choice.todas && choice.marcas.some((m) => sameName(m, marca));
  return (
    <fieldset className="filter-group brand-filter">
      <legend className="filter-group__title">Marcas</legend>
      <BrandRow marca="Todas" checked={choice.todas} onToggle={onToggle} />
      <div className="brand-filter__list">
        {marcas.map((marca) => (
          <BrandRow key={marca} marca={marca} checked={checked(marca)} onToggle={onToggle} />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * One brand's checkbox. Memoized: a line of thousands of brands (a synthetic 100,000-product catalogue has
 * 2,500) redraws the one or two rows a tap changed, not every row, within the tap's frame.
 */
const BrandRow = memo(function BrandRow({
  marca,
  checked,
  onToggle,
}: {
  marca: string;
  checked: boolean;
  onToggle: (marca: string) => void;
}) {
  return (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={() => onToggle(marca)} />
      <span>{marca}</span>
    </label>
  );
});
