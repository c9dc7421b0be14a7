import { useEffect, useId, useReducer, useState } from 'react';
import {
  EMPTY_SHIPPING_FORM,
  isShippingComplete,
  saveLabel,
  shippingFormReducer,
  type ShippingForm,
} from '../../lib/cart/shipping-form.ts';
import { formatSoles } from '../../lib/pricing/index.ts';
import { fetchDepartamentos, fetchDistritos, fetchProvincias, fetchTarifa } from '../../lib/api/cart-client.ts';
import Modal from '../../ui/Modal.tsx';

/** Loads a list when its key is set; failures are only logged (checkout §8). */
function useList(key: string | null, load: () => Promise<string[]>, what: string): string[] {
  const [list, setList] = useState<string[]>([]);
  useEffect(() => {
    setList([]);
    if (key === null) return;
    let live = true;
    load()
      .then((items) => live && setList(items))
      .catch((error: unknown) => console.error(`No se pudieron cargar ${what}`, error));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` closes over the same values as `key`, so the key alone decides when to reload.
  }, [key]);
  return list;
}

interface SelectProps {
  id: string;
  label: string;
  value: string;
  options: string[];
  placeholder: string;
  onChange: (value: string) => void;
}

function LocationSelect({ id, label, value, options, placeholder, onChange }: SelectProps) {
  // A saved value stays selectable while its list loads.
  const items = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <div className="ship-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={items.length === 0} onChange={(event) => onChange(event.target.value)}>
        <option value="">{placeholder}</option>
        {items.map((item) => (
          <option key={item} value={item}>
            {item}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The shipping-details modal of province delivery (checkout §2, §5): department, province and
 * district load one after another; the tariff shows once the district is chosen; the save button
 * reads 'Completa todos los campos' until everything is filled.
 */
export default function ShippingModal({
  initial,
  envioGratis,
  onSave,
  onClose,
}: {
  initial: ShippingForm | null;
  envioGratis: boolean;
  onSave: (form: ShippingForm) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [form, dispatch] = useReducer(shippingFormReducer, initial ?? EMPTY_SHIPPING_FORM);
  const [tarifaCargando, setTarifaCargando] = useState(false);

  const departamentos = useList('todos', fetchDepartamentos, 'los departamentos');
  const provincias = useList(form.departamento || null, () => fetchProvincias(form.departamento), 'las provincias');
  const distritos = useList(
    form.departamento && form.provincia ? `${form.departamento}/${form.provincia}` : null,
    () => fetchDistritos(form.departamento, form.provincia),
    'los distritos',
  );

  useEffect(() => {
    if (!form.distrito || form.tarifa !== null) {
      setTarifaCargando(false);
      return;
    }
    const { provincia, distrito } = form;
    let live = true;
    setTarifaCargando(true);
    fetchTarifa(provincia, distrito)
      .then((value) => dispatch({ type: 'tarifa', provincia, distrito, value }))
      .catch((error: unknown) => console.error('No se pudo cargar la tarifa de envío', error))
      .finally(() => live && setTarifaCargando(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the tariff depends on the chosen province and district only.
  }, [form.provincia, form.distrito]);

  const complete = isShippingComplete(form);
  return (
    <Modal title="Datos de envío" lead="Enviamos a todo Lima y provincias en 2 a 5 días hábiles." onClose={onClose}>
      <form
        className="ship-modal__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (complete && !tarifaCargando) onSave({ ...form, direccion: form.direccion.trim(), referencia: form.referencia.trim() });
        }}
      >
        <div className="ship-modal__grid">
          <LocationSelect
            id={`${id}-dep`}
            label="Departamento"
            value={form.departamento}
            options={departamentos}
            placeholder="Selecciona un departamento"
            onChange={(value) => dispatch({ type: 'departamento', value })}
          />
          <LocationSelect
            id={`${id}-prov`}
            label="Provincia"
            value={form.provincia}
            options={form.departamento ? provincias : []}
            placeholder="Selecciona una provincia"
            onChange={(value) => dispatch({ type: 'provincia', value })}
          />
          <LocationSelect
            id={`${id}-dist`}
            label="Distrito"
            value={form.distrito}
            options={form.provincia ? distritos : []}
            placeholder="Selecciona un distrito"
            onChange={(value) => dispatch({ type: 'distrito', value })}
          />
        </div>
        {form.distrito && (
          <p className="ship-modal__tariff" aria-live="polite" data-testid="tarifa-envio">
            {tarifaCargando
              ? 'Calculando tarifa…'
              : form.tarifa === null
                ? 'Tarifa por confirmar'
                : `Tarifa de envío: ${formatSoles(form.tarifa)}`}
            {envioGratis && !tarifaCargando && <span className="ship-modal__free">¡Tu pedido tiene envío gratis!</span>}
          </p>
        )}
        <div className="ship-field">
          <label htmlFor={`${id}-dir`}>Dirección</label>
          <input
            id={`${id}-dir`}
            type="text"
            autoComplete="street-address"
            placeholder="Calle, número, dpto."
            value={form.direccion}
            maxLength={200}
            onChange={(event) => dispatch({ type: 'direccion', value: event.target.value })}
          />
        </div>
        <div className="ship-field">
          <label htmlFor={`${id}-ref`}>Referencia</label>
          <input
            id={`${id}-ref`}
            type="text"
            placeholder="Ej.: frente al parque, casa verde"
            value={form.referencia}
            maxLength={200}
            onChange={(event) => dispatch({ type: 'referencia', value: event.target.value })}
          />
        </div>
        <div className="ship-modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className="btn" disabled={!complete || tarifaCargando}>
            {saveLabel(form)}
          </button>
        </div>
      </form>
    </Modal>
  );
}
