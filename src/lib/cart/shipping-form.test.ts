import { describe, expect, it } from 'vitest';
import {
  EMPTY_SHIPPING_FORM,
  fullAddress,
  isShippingComplete,
  parseShippingForm,
  saveLabel,
  shippingFormReducer,
  tariffPath,
  type ShippingAction,
  type ShippingForm,
} from './shipping-form.ts';

const run = (actions: ShippingAction[], from: ShippingForm = EMPTY_SHIPPING_FORM) => actions.reduce(shippingFormReducer, from);
const filled = run([
  { type: 'departamento', value: 'Lima' },
  { type: 'provincia', value: 'Lima' },
  { type: 'distrito', value: 'Miraflores' },
  { type: 'tarifa', provincia: 'Lima', distrito: 'Miraflores', value: 10 },
  { type: 'direccion', value: 'Av. Larco 123' },
  { type: 'referencia', value: 'Frente al parque' },
]);

describe('shipping form', () => {
  it('reads "Completa todos los campos" until all four levels and the reference are filled', () => {
    expect(saveLabel(EMPTY_SHIPPING_FORM)).toBe('Completa todos los campos');
    expect(saveLabel({ ...filled, referencia: '  ' })).toBe('Completa todos los campos');
    expect(saveLabel({ ...filled, distrito: '' })).toBe('Completa todos los campos');
    expect(isShippingComplete(filled)).toBe(true);
    expect(saveLabel(filled)).toBe('Guardar dirección');
    expect(isShippingComplete(null)).toBe(false);
  });
  it('clears the lower levels and the tariff when a level changes', () => {
    expect(shippingFormReducer(filled, { type: 'departamento', value: 'Cusco' })).toMatchObject({
      departamento: 'Cusco',
      provincia: '',
      distrito: '',
      tarifa: null,
      direccion: 'Av. Larco 123',
    });
    expect(shippingFormReducer(filled, { type: 'provincia', value: 'Callao' })).toMatchObject({
      departamento: 'Lima',
      provincia: 'Callao',
      distrito: '',
      tarifa: null,
    });
    expect(shippingFormReducer(filled, { type: 'distrito', value: 'Surco' })).toMatchObject({
      provincia: 'Lima',
      distrito: 'Surco',
      tarifa: null,
    });
    expect(shippingFormReducer(filled, { type: 'departamento', value: 'Lima' })).toBe(filled);
  });
  it('ignores a late tariff for a district that is no longer chosen', () => {
    const moved = shippingFormReducer(filled, { type: 'distrito', value: 'Surco' });
    expect(shippingFormReducer(moved, { type: 'tarifa', provincia: 'Lima', distrito: 'Miraflores', value: 10 }).tarifa).toBeNull();
    expect(shippingFormReducer(moved, { type: 'tarifa', provincia: 'Lima', distrito: 'Surco', value: 12 }).tarifa).toBe(12);
  });
  it('asks the tariff with the names uppercased', () => {
    expect(tariffPath('Lima', 'Miraflores')).toBe('/web/ListTarifa/LIMA/MIRAFLORES');
    expect(tariffPath('Cañete', 'San Vicente de Cañete')).toBe(
      `/web/ListTarifa/${encodeURIComponent('CAÑETE')}/${encodeURIComponent('SAN VICENTE DE CAÑETE')}`,
    );
  });
  it('writes the full address and restores a stored form', () => {
    expect(fullAddress(filled)).toBe('Av. Larco 123, Miraflores, Lima, Lima');
    expect(parseShippingForm(JSON.parse(JSON.stringify(filled)))).toEqual(filled);
    expect(parseShippingForm({ departamento: 3, tarifa: -1 })).toEqual(EMPTY_SHIPPING_FORM);
    expect(parseShippingForm('x')).toBeNull();
  });
});
