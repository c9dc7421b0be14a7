import './OptionPicker.css';

interface Props {
  legend: string;
  name: string;
  options: string[];
  value: string;
  onChange: (value: string) => void;
}

/**
 * A colour or size choice as a group of radio chips, the legend showing the chosen option; nothing
 * when the product has no options. The buy box and the quick view both use it.
 */
export default function OptionPicker({ legend, name, options, value, onChange }: Props) {
  if (options.length === 0) return null;
  return (
    <fieldset className="option-picker">
      <legend>
        {legend}
        {value && <span className="option-picker__value">: {value}</span>}
      </legend>
      <div className="option-picker__chips">
        {options.map((option) => (
          <label key={option} className="option-picker__chip">
            <input type="radio" name={name} value={option} checked={option === value} onChange={() => onChange(option)} />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
