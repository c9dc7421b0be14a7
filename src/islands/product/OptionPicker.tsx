interface Props {
  legend: string;
  name: string;
  options: string[];
  value: string;
  onChange: (value: string) => void;
}

/** A colour or size choice as a group of radio chips; the legend shows the chosen option. */
export default function OptionPicker({ legend, name, options, value, onChange }: Props) {
  return (
    <fieldset className="option-picker">
      <legend>
        {legend}
        {value && <span className="option-picker__value">: {value}</span>}
      </legend>
      <div className="option-picker__chips">
        {options.map((option) => (
          <label key={option} className={`option-picker__chip${option === value ? ' is-checked' : ''}`}>
            <input type="radio" name={name} value={option} checked={option === value} onChange={() => onChange(option)} />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
