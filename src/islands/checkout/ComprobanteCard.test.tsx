// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { comprobanteBody } from '../../lib/checkout/comprobante.ts';
import { $comprobante, clearCheckout } from '../../stores/checkout.ts';
import ComprobanteCard from './ComprobanteCard.tsx';
import { useComprobante } from './useComprobante.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLElement;
/** What the last press of the harness' pay button answered. */
let ready: boolean | null;

/** The card as /procesoDePago holds it: the pay button checks the comprobante first. */
function Harness() {
  const comprobante = useComprobante();
  return (
    <>
      <ComprobanteCard comprobante={comprobante} documento="DNI 12345678" disabled={false} />
      <button type="button" onClick={() => (ready = comprobante.check())}>
        Pagar
      </button>
    </>
  );
}

beforeEach(() => {
  ready = null;
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  act(() => root.render(<Harness />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  clearCheckout();
});

/** The input labelled `label`. */
function field(label: string): HTMLInputElement {
  const labelElement = [...container.querySelectorAll('label')].find((element) => element.textContent?.trim() === label);
  return labelElement!.htmlFor ? container.querySelector(`#${CSS.escape(labelElement!.htmlFor)}`)! : labelElement!.querySelector('input')!;
}
const radio = (tipo: string) => container.querySelector<HTMLInputElement>(`input[name="comprobante"][value="${tipo}"]`)!;

/** Types into a React-controlled input (through the native setter, so React sees the change). */
function type(element: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!;
  act(() => {
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const leave = (element: HTMLInputElement) =>
  act(() => {
    element.focus();
    element.blur();
  });
const pay = () => act(() => [...container.querySelectorAll('button')].find((button) => button.textContent === 'Pagar')!.click());
const alerts = () => [...container.querySelectorAll('[role="alert"]')].map((element) => element.textContent);
/** The message tied to an input by aria-describedby. */
const problemOf = (input: HTMLInputElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean);

describe('ComprobanteCard', () => {
  it('asks for a boleta to the customer’s document by default, and lets the pay go on', () => {
    expect(container.querySelector('h2')!.textContent).toBe('Comprobante de pago');
    expect(radio('boleta').checked).toBe(true);
    expect(radio('factura').checked).toBe(false);
    expect(container.textContent).toContain('Boleta de venta');
    expect(container.textContent).toContain('Se emite a tu documento de identidad (DNI 12345678).');
    expect(container.querySelector('input[type="text"], input:not([type])')).toBeNull();
    pay();
    expect(ready).toBe(true);
    expect(comprobanteBody($comprobante.get())).toEqual({ tipo: 'boleta' });
  });

  it('asks a factura’s RUC, razón social and dirección fiscal, checks each when left and refuses to pay while one is wrong', () => {
    act(() => radio('factura').click());
    expect(radio('factura').checked).toBe(true);
    const ruc = field('RUC');
    expect([ruc.inputMode, ruc.maxLength, ruc.autocomplete]).toEqual(['numeric', 11, 'off']);
    expect(field('Razón social')).toBeTruthy();
    expect(field('Dirección fiscal')).toBeTruthy();
    expect(alerts()).toEqual([]);

    // Only digits are kept; leaving a wrong RUC shows the server's message under it.
    type(ruc, '2013-1312954');
    expect(ruc.value).toBe('20131312954');
    leave(ruc);
    expect(ruc.getAttribute('aria-invalid')).toBe('true');
    expect(problemOf(ruc)).toEqual(['El RUC no es válido: revisa sus dígitos.']);

    // The pay button shows every problem and focuses the first wrong field.
    pay();
    expect(ready).toBe(false);
    expect(alerts()).toEqual([
      'El RUC no es válido: revisa sus dígitos.',
      'Escribe la razón social para tu factura.',
      'Escribe la dirección fiscal para tu factura.',
    ]);
    expect(document.activeElement).toBe(ruc);

    // A flagged field clears as soon as it is right.
    type(ruc, '20131312955');
    expect(ruc.hasAttribute('aria-invalid')).toBe(false);
    pay();
    expect(document.activeElement).toBe(field('Razón social'));
    type(field('Razón social'), ' SUNAT ');
    type(field('Dirección fiscal'), 'Av. Garcilaso de la Vega 1472, Lima');
    expect(alerts()).toEqual([]);
    pay();
    expect(ready).toBe(true);
    expect(comprobanteBody($comprobante.get())).toEqual({
      tipo: 'factura',
      ruc: '20131312955',
      razon_social: 'SUNAT',
      direccion_fiscal: 'Av. Garcilaso de la Vega 1472, Lima',
    });
    // The session keeps the choice, so a reload finds it.
    expect(JSON.parse(sessionStorage.getItem('checkout-comprobante')!)).toMatchObject({ tipo: 'factura', ruc: '20131312955' });
  });

  it('keeps what was typed when the shopper goes back to a boleta, which needs nothing', () => {
    act(() => radio('factura').click());
    type(field('RUC'), '2013');
    pay();
    expect(ready).toBe(false);
    act(() => radio('boleta').click());
    expect(alerts()).toEqual([]);
    pay();
    expect(ready).toBe(true);
    act(() => radio('factura').click());
    expect(field('RUC').value).toBe('2013');
  });
});
