// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/libro-de-reclamaciones?pedido=42" }
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, sentCalls, stubFetch } from '../../../tests/fixtures/fetch.ts';
import type { ClienteApi } from '../../lib/api/account-schemas.ts';
import type { HojaReclamacion } from '../../lib/api/reclamos-schemas.ts';
import { $token, startSession } from '../../stores/auth.ts';
import ReclamoForm from './ReclamoForm.tsx';
import { unsignedToken } from '../../../tests/fixtures/session.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const token = () => unsignedToken({ correo: 'ana@example.pe' });

const cliente: ClienteApi = {
  id: 3,
  idUsuario: 3,
  nombre: 'Ana Quispe',
  apellido: '',
  usuario: 'anaq',
  correo: 'ana@example.pe',
  telefono: '987654321',
  ciudad: 'Lima',
  direccion: 'Av. Larco 123, Miraflores',
  dni: '44556677',
  pasaporte: '',
  carnetExtranjeria: '',
};

const hoja: HojaReclamacion = {
  numero: 'LR-2026-000007',
  fecha: '2026-11-26T15:04:00.000Z',
  proveedor: { razonSocial: 'K-Beauty Perú S.A.C.', ruc: '20601234565', direccion: 'Av. José Larco 345, Miraflores, Lima' },
  tipo: 'reclamo',
  consumidor: {
    nombre: 'Ana Quispe',
    documentoTipo: 'DNI',
    documentoNumero: '44556677',
    direccion: 'Av. Larco 123, Miraflores',
    telefono: '987654321',
    correo: 'ana@example.pe',
    menorDeEdad: false,
    apoderado: null,
  },
  bien: { tipo: 'producto', descripcion: 'Sérum de niacinamida', pedido: 42 },
  monto: 89.9,
  detalle: 'Llegó con el sello roto.',
  pedidoConsumidor: 'Cambio del producto.',
  plazo: '2026-12-18',
  estado: 'pendiente',
  respuesta: null,
};

let root: Root;
let container: HTMLElement;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  container = document.body.appendChild(document.createElement('div'));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  $token.set(undefined);
});

/** Lets the stubbed answers arrive and React render them, until `done` holds (about a second at most). */
async function until(done: () => boolean) {
  for (let tick = 0; tick < 100 && !done(); tick++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

async function renderForm() {
  root = createRoot(container);
  await act(async () => root.render(<ReclamoForm />));
}

/** The input labelled `label` (by `for`, or the one inside the label). */
function field(label: string): HTMLInputElement | HTMLTextAreaElement {
  const labelElement = [...container.querySelectorAll('label')].find((element) => element.textContent?.trim() === label);
  return labelElement!.htmlFor ? container.querySelector(`#${CSS.escape(labelElement!.htmlFor)}`)! : labelElement!.querySelector('input')!;
}

/** Types into a React-controlled input (through the native setter, so React sees the change). */
function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!;
  act(() => {
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const submit = () => act(async () => container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
const alerts = () => [...container.querySelectorAll('[role="alert"]')].map((element) => element.textContent);

describe('ReclamoForm', () => {
  it("prefills a signed-in customer's data and the order of ?pedido, files with the token and shows the sheet", async () => {
    const session = token();
    startSession(session);
    const calls = stubFetch(json([cliente]), json({ mensaje: 'Falta el detalle del reclamo.' }, 400), json({ hoja }, 201));
    await renderForm();
    await until(() => field('Nombre completo').value !== '');
    expect([
      field('Nombre completo').value,
      field('Número de documento').value,
      field('Domicilio').value,
      field('Teléfono (opcional)').value,
      field('Correo electrónico').value,
    ]).toEqual(['Ana Quispe', '44556677', 'Av. Larco 123, Miraflores', '987 654 321', 'ana@example.pe']);
    expect(field('N.° de pedido (opcional)').value).toBe('42');

    // A missing field is named in the browser, without a call.
    await submit();
    expect(alerts()).toEqual(['Falta la descripción del producto o servicio.']);
    expect(document.activeElement).toBe(field('Descripción del producto o servicio'));
    type(field('Descripción del producto o servicio'), 'Sérum de niacinamida');
    type(field('Monto reclamado en S/ (opcional)'), '89.90');
    act(() => container.querySelector<HTMLInputElement>('input[value="reclamo"]')!.click());
    type(field('Detalle'), 'Llegó con el sello roto.');
    type(field('Pedido del consumidor'), 'Cambio del producto.');
    expect(alerts()).toEqual([]);

    // The server's refusal is shown beside the form; a second try files the sheet.
    await submit();
    await until(() => alerts().length > 0);
    expect(alerts()).toEqual(['Falta el detalle del reclamo.']);
    await submit();
    await until(() => container.querySelector('[data-testid="hoja-presentada"]') !== null);
    const sent = sentCalls(calls);
    expect(sent.map(({ method, url, authorization }) => [method, url, authorization])).toEqual([
      ['GET', '/web/clientes/3', `Bearer ${session}`],
      ['POST', '/api/libro-reclamaciones', `Bearer ${session}`],
      ['POST', '/api/libro-reclamaciones', `Bearer ${session}`],
    ]);
    expect(sent[2]!.body).toEqual({
      tipo: 'reclamo',
      consumidor: {
        nombre: 'Ana Quispe',
        documentoTipo: 'DNI',
        documentoNumero: '44556677',
        direccion: 'Av. Larco 123, Miraflores',
        telefono: '987654321',
        correo: 'ana@example.pe',
        menorDeEdad: false,
      },
      bien: { tipo: 'producto', descripcion: 'Sérum de niacinamida', pedido: 42 },
      monto: 89.9,
      detalle: 'Llegó con el sello roto.',
      pedidoConsumidor: 'Cambio del producto.',
    });
    const sheet = container.querySelector('[data-testid="hoja-presentada"]')!;
    expect(sheet.querySelector('h2')?.textContent).toBe('Hoja de reclamación N.° LR-2026-000007');
    expect(sheet.textContent).toContain('Te enviamos una copia a ana@example.pe.');
    expect(sheet.querySelector('[data-testid="fecha-hoja"]')?.textContent).toBe('26/11/2026, 10:04');
    expect(sheet.querySelector('[data-testid="plazo-respuesta"]')?.textContent).toContain('18/12/2026');
    for (const text of ['K-Beauty Perú S.A.C.', '20601234565', 'DNI 44556677', 'S/ 89.90', 'Sérum de niacinamida', 'Cambio del producto.'])
      expect(sheet.textContent).toContain(text);
  });

  it("asks a minor for a parent's or guardian's data, which show only when 'Soy menor de edad' is ticked", async () => {
    stubFetch();
    await renderForm();
    expect(container.textContent).not.toContain('Padre, madre o apoderado');
    type(field('Nombre completo'), 'Lucía Quispe');
    type(field('Número de documento'), '71234567');
    type(field('Domicilio'), 'Jr. Cusco 123, Lima');
    type(field('Correo electrónico'), 'lucia@example.pe');
    act(() => field('Soy menor de edad').click());
    expect(container.textContent).toContain('Padre, madre o apoderado');
    await submit();
    expect(alerts()).toEqual(['Faltan los datos del padre, madre o apoderado.']);
    expect(document.activeElement).toBe(field('Nombre completo del padre, madre o apoderado'));
  });
});
