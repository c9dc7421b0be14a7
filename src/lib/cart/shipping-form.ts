/**
 * The shipping-details form of province delivery (storefront §5, checkout §5): department, then
 * province, then district, then an address with reference. Changing a level clears the lower
 * levels and the tariff; the save button reads 'Completa todos los campos' until all are filled.
 */

export interface ShippingForm {
  departamento: string;
  provincia: string;
  distrito: string;
  direccion: string;
  referencia: string;
  /** The district's tariff in soles; null until known (or when the API has none). */
  tarifa: number | null;
}

export const EMPTY_SHIPPING_FORM: ShippingForm = {
  departamento: '',
  provincia: '',
  distrito: '',
  direccion: '',
  referencia: '',
  tarifa: null,
};

export type ShippingAction =
  | { type: 'departamento' | 'provincia' | 'distrito' | 'direccion' | 'referencia'; value: string }
  /** A tariff answer, for the province and district it was asked for. */
  | { type: 'tarifa'; provincia: string; distrito: string; value: number | null }
  | { type: 'reset'; value: ShippingForm };

export const SAVE_LABELS = { incompleto: 'Completa todos los campos', listo: 'Guardar dirección' } as const;

/** The form's transitions; a late tariff for a district no longer chosen is ignored. */
export function shippingFormReducer(state: ShippingForm, action: ShippingAction): ShippingForm {
  switch (action.type) {
    case 'departamento':
      return action.value === state.departamento
        ? state
        : { ...state, departamento: action.value, provincia: '', distrito: '', tarifa: null };
    case 'provincia':
      return action.value === state.provincia ? state : { ...state, provincia: action.value, distrito: '', tarifa: null };
    case 'distrito':
      return action.value === state.distrito ? state : { ...state, distrito: action.value, tarifa: null };
    case 'direccion':
      return { ...state, direccion: action.value };
    case 'referencia':
      return { ...state, referencia: action.value };
    case 'tarifa':
      return action.provincia === state.provincia && action.distrito === state.distrito ? { ...state, tarifa: action.value } : state;
    case 'reset':
      return action.value;
  }
}

/** All four levels chosen and an address with its reference typed. */
export const isShippingComplete = (form: ShippingForm | null | undefined): form is ShippingForm =>
  !!form && [form.departamento, form.provincia, form.distrito, form.direccion, form.referencia].every((value) => value.trim() !== '');

/** The save button's text. */
export const saveLabel = (form: ShippingForm) => (isShippingComplete(form) ? SAVE_LABELS.listo : SAVE_LABELS.incompleto);

/** The tariff call: province and district names uppercased (checkout §7). */
export const tariffPath = (provincia: string, distrito: string) =>
  `/web/ListTarifa/${encodeURIComponent(provincia.toLocaleUpperCase('es-PE'))}/${encodeURIComponent(distrito.toLocaleUpperCase('es-PE'))}`;

/** 'Av. Sol 123, Miraflores, Lima, Lima' */
export const fullAddress = (form: ShippingForm) =>
  [form.direccion, form.distrito, form.provincia, form.departamento]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');

/** The delivery instructions sent with the order: the reference. */
export const deliveryInstructions = (form: ShippingForm) => `Referencia: ${form.referencia.trim()}`;

/** A form restored from session storage; anything unreadable is null. */
export function parseShippingForm(value: unknown): ShippingForm | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : '');
  const tarifa = typeof record.tarifa === 'number' && Number.isFinite(record.tarifa) && record.tarifa >= 0 ? record.tarifa : null;
  return {
    departamento: text('departamento'),
    provincia: text('provincia'),
    distrito: text('distrito'),
    direccion: text('direccion'),
    referencia: text('referencia'),
    tarifa,
  };
}
