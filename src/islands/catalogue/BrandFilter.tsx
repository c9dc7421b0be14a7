import type { BrandChoice } from '../../lib/catalogue/listing-state.ts';
import { sameName } from '../../lib/catalogue/selection.ts';

interface Props {
  /** The brands present in the listing's products. */
  marcas: string[];
  choice: BrandChoice;
  onToggle: (marca: string | 'Todas') => void;
}

/** Brand checkboxes: 'Todas' (no brand filter), then each brand present in the listing. */
export default function BrandFilter({ marcas, choice, onToggle }: Props) {
  const checked = (marca: string) => !choice.todas && choice.marcas.some((m) => sameName(m, marca));
  return (
    <fieldset className="filter-group brand-filter">
      <legend className="filter-group__title">Marcas</legend>
      <label className="check">
        <input type="checkbox" checked={choice.todas} onChange={() => onToggle('Todas')} />
        <span>Todas</span>
      </label>
      <div className="brand-filter__list">
        {marcas.map((marca) => (
          <label className="check" key={marca}>
            <input type="checkbox" checked={checked(marca)} onChange={() => onToggle(marca)} />
            <span>{marca}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
