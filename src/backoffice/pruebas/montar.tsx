import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import App, { crearQueryClient } from '../App.tsx';
import type { ClienteBackoffice } from '../cliente.ts';

/** Helpers of the back office's component tests (happy-dom): mount the app at a URL, wait, type, click, find by label or text. */

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let raiz: Root | undefined;
let contenedor: HTMLElement | undefined;

/** Mounts the whole app at `url` (e.g. '/admin/pedidos?vista=recojo') with `cliente`. */
export async function montar(cliente: ClienteBackoffice, url: string) {
  history.replaceState(null, '', url);
  contenedor = document.body.appendChild(document.createElement('div'));
  contenedor.id = 'app';
  raiz = createRoot(contenedor);
  await act(async () => raiz!.render(<App cliente={cliente} queryClient={crearQueryClient()} />));
  await esperar();
}

/** Unmounts the app and empties the page. */
export function desmontar() {
  if (raiz) act(() => raiz!.unmount());
  raiz = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
}

/** Lets answers arrive and React render them until `listo` holds (about 2 s at most). */
export async function hasta(listo: () => boolean, vueltas = 200) {
  for (let vuelta = 0; vuelta < vueltas && !listo(); vuelta++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  if (!listo()) throw new Error(`No se cumplió a tiempo. Página: ${document.body.textContent?.slice(0, 800)}`);
}

/** A few turns of the event loop, for what needs no condition. */
export const esperar = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

/** The page's text. */
export const texto = () => document.body.textContent ?? '';

/** The control labelled `etiqueta` (exactly): through its <label> (for, or around it), or its aria-label. */
export function campo<T extends HTMLElement = HTMLInputElement>(etiqueta: string): T {
  const label = [...document.querySelectorAll('label')].find((uno) => uno.textContent?.trim() === etiqueta);
  const control =
    (label?.htmlFor ? document.getElementById(label.htmlFor) : label?.querySelector('input')) ??
    [...document.querySelectorAll('input, select, textarea')].find((uno) => uno.getAttribute('aria-label') === etiqueta);
  if (!control)
    throw new Error(
      `No hay campo «${etiqueta}». Etiquetas: ${[...document.querySelectorAll('label')].map((uno) => uno.textContent).join(' | ')}`,
    );
  return control as T;
}

/** The button whose text (or aria-label) is `nombre`. */
export function boton(nombre: string): HTMLButtonElement {
  const encontrado = botones().find((uno) => uno.textContent?.trim() === nombre || uno.getAttribute('aria-label') === nombre);
  if (!encontrado)
    throw new Error(
      `No hay botón «${nombre}». Botones: ${botones()
        .map((uno) => uno.textContent?.trim())
        .join(' | ')}`,
    );
  return encontrado;
}

/** Every button's element. */
export const botones = () => [...document.querySelectorAll<HTMLButtonElement>('button')];

/** Whether there is a button named `nombre`. */
export const hayBoton = (nombre: string) => botones().some((uno) => uno.textContent?.trim() === nombre);

/** The link whose text is `nombre`. */
export function enlace(nombre: string): HTMLAnchorElement {
  const encontrado = [...document.querySelectorAll('a')].find((uno) => uno.textContent?.trim() === nombre);
  if (!encontrado) throw new Error(`No hay enlace «${nombre}».`);
  return encontrado;
}

/** Types `valor` into an input, a text area or a select as a person would (React sees the change). */
export function escribir(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, valor: string) {
  const prototipo = Object.getPrototypeOf(control) as object;
  act(() => {
    Object.getOwnPropertyDescriptor(prototipo, 'value')!.set!.call(control, valor);
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

/** Clicks an element and lets what it started settle. */
export async function pulsar(elemento: HTMLElement) {
  await act(async () => elemento.click());
  await esperar();
}

/** Sends the form an element sits in (its submit button). */
export async function enviar(nombreBoton: string) {
  await pulsar(boton(nombreBoton));
}

/** The texts of the alerts on the page. */
export const alertas = () => [...document.querySelectorAll('[role="alert"]')].map((uno) => uno.textContent?.trim());
