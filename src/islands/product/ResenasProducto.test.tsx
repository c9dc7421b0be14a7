// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/producto/7-crema" }
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json } from '../../../tests/fixtures/fetch.ts';
import type { ResenaPublica, ResenasProducto as Lista } from '../../lib/api/resenas-schemas.ts';
import { MENSAJES_RESENA } from '../../lib/api/resenas-rules.ts';
import { $token, logout, startSession } from '../../stores/auth.ts';
import { $authDialog } from '../../stores/ui.ts';
import ResenasProducto from './ResenasProducto.tsx';
import { unsignedToken } from '../../../tests/fixtures/session.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const token = () => unsignedToken();

const resena = (id: number, autor = 'María G.'): ResenaPublica => ({
  id,
  estrellas: 5,
  titulo: `Reseña ${id}`,
  texto: 'Me dejó la piel suave.',
  autor,
  fecha: '2026-11-20T15:00:00Z',
  foto: null,
  compraVerificada: true,
});

const lista = (pagina: number, paginas: number, resenas: ResenaPublica[]): Lista => ({
  idProducto: 7,
  promedio: 4.5,
  cantidad: 12,
  pagina,
  paginas,
  resenas,
});

/** The API's answers by method and path (query included); every call is recorded. */
function stubApi(routes: Record<string, () => Response | Promise<Response>>) {
  const calls: { method: string; url: string; body: unknown; authorization: string | undefined }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({
      method,
      url,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      authorization: (init.headers as Record<string, string>).Authorization,
    });
    const answer = routes[`${method} ${url}`];
    if (!answer) throw new Error(`sin respuesta para ${method} ${url}`);
    return answer();
  });
  return calls;
}

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
  logout();
  $authDialog.set(null);
  history.replaceState(null, '', '/producto/7-crema');
});

async function until(done: () => boolean, ticks = 100) {
  for (let tick = 0; tick < ticks && !done(); tick++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

/** Mounts the island as the page does: the build's list as its children. */
async function render() {
  root = createRoot(container);
  await act(async () =>
    root.render(
      <ResenasProducto idProducto={7} promedio={4} cantidad={1}>
        <ol data-testid="estaticas">
          <li>Reseña del build</li>
        </ol>
      </ResenasProducto>,
    ),
  );
}

const shownResenas = () => [...container.querySelectorAll('[data-testid="resena"] h3')].map((h) => h.textContent);
const button = (text: string) => [...container.querySelectorAll('button')].find((element) => element.textContent?.startsWith(text));
const text = () => container.textContent ?? '';

/** Types into a React-controlled input (through the native setter, so React sees the change). */
function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!;
  act(() => {
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const field = <T extends HTMLElement>(label: string) => {
  const found = [...container.querySelectorAll('label')].find((element) => element.textContent === label);
  return container.querySelector<T>(`#${CSS.escape(found!.htmlFor)}`)!;
};

describe('the product page’s reseñas', () => {
  it('swaps the build’s list for the live one, with the live average and count, and loads the next page on request', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const calls = stubApi({
      'GET /api/resenas/producto/7?pagina=1': async () => {
        await answered;
        return json(lista(1, 2, [resena(30), resena(29, 'Ana P.')]));
      },
      'GET /api/resenas/producto/7?pagina=2': () => json(lista(2, 2, [resena(29), resena(12)])),
    });
    await render();
    expect(container.querySelector('[data-testid="estaticas"]')?.textContent).toBe('Reseña del build');
    expect(container.querySelector('[data-testid="resenas-resumen"] [role="img"]')?.getAttribute('aria-label')).toBe(
      '4 de 5 estrellas, 1 reseña',
    );
    answer();
    await until(() => shownResenas().length > 0);
    expect(container.querySelector('[data-testid="estaticas"]')).toBeNull();
    expect(shownResenas()).toEqual(['Reseña 30', 'Reseña 29']);
    expect(container.querySelector('[data-testid="resenas-resumen"] [role="img"]')?.getAttribute('aria-label')).toBe(
      '4,5 de 5 estrellas, 12 reseñas',
    );
    expect(text()).toContain('Basado en 12 reseñas');
    expect(container.querySelector('.resena__verificada')?.textContent).toContain('Compra verificada');

    await act(async () => button('Ver más reseñas')!.click());
    await until(() => shownResenas().length > 2);
    // A review shifted onto the next page by a newer one is not shown twice.
    expect(shownResenas()).toEqual(['Reseña 30', 'Reseña 29', 'Reseña 12']);
    expect(button('Ver más reseñas')).toBeUndefined();
    expect(calls.map((call) => call.url)).toEqual(['/api/resenas/producto/7?pagina=1', '/api/resenas/producto/7?pagina=2']);
  });

  it('keeps the build’s list when the live one cannot be read', async () => {
    stubApi({ 'GET /api/resenas/producto/7?pagina=1': () => json({ mensaje: 'Error interno' }, 500) });
    await render();
    await until(() => text().includes(MENSAJES_RESENA.noComprado));
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(container.querySelector('[data-testid="estaticas"]')?.textContent).toBe('Reseña del build');
  });

  it('tells a visitor who may write a reseña and opens the login', async () => {
    const calls = stubApi({ 'GET /api/resenas/producto/7?pagina=1': () => json(lista(1, 1, [])) });
    await render();
    await until(() => button('Inicia sesión') !== undefined);
    expect(text()).toContain(MENSAJES_RESENA.noComprado);
    expect(button('Escribir una reseña')).toBeUndefined();
    await act(async () => button('Inicia sesión para escribir una reseña')!.click());
    expect($authDialog.get()).toBe('login');
    // A visitor's page asks nothing about the account.
    expect(calls.map((call) => call.url)).toEqual(['/api/resenas/producto/7?pagina=1']);
  });

  it("shows a customer who may not write a reseña the shop's reason, and no form", async () => {
    startSession(token());
    const noEntregado = MENSAJES_RESENA.noEntregado(41);
    const calls = stubApi({
      'GET /api/resenas/producto/7?pagina=1': () => json(lista(1, 1, [])),
      'GET /api/resenas/puedo/7': () => json({ puede: false, mensaje: noEntregado }),
    });
    await render();
    await until(() => text().includes(noEntregado));
    expect(button('Escribir una reseña')).toBeUndefined();
    expect(calls.find((call) => call.url === '/api/resenas/puedo/7')?.authorization).toBe(`Bearer ${$token.get()}`);
  });

  it("opens the form from '#escribir-resena', checks it with the server's messages, sends it and thanks the buyer", async () => {
    startSession(token());
    history.replaceState(null, '', '/producto/7-crema#escribir-resena');
    const calls = stubApi({
      'GET /api/resenas/producto/7?pagina=1': () => json(lista(1, 1, [resena(30)])),
      'GET /api/resenas/puedo/7': () => json({ puede: true, mensaje: MENSAJES_RESENA.puede }),
      'POST /api/resenas': () => json({ mensaje: MENSAJES_RESENA.recibida, resena: { id: 77, estado: 'PENDIENTE' } }, 201),
    });
    await render();
    await until(() => container.querySelector('form') !== null);
    expect(text()).toContain(MENSAJES_RESENA.puede);
    expect(button('Escribir una reseña')?.getAttribute('aria-expanded')).toBe('true');

    // Nothing chosen or typed: the server's messages, the first field focused, nothing sent.
    await act(async () => button('Enviar reseña')!.click());
    const alerts = [...container.querySelectorAll('form [role="alert"]')].map((alert) => alert.textContent);
    expect(alerts).toEqual([MENSAJES_RESENA.estrellas, MENSAJES_RESENA.tituloCorto, MENSAJES_RESENA.textoCorto]);
    expect((document.activeElement as HTMLInputElement).name).toBe('estrellas');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    // The stars are a radio group: each named for screen readers.
    const estrellas = [...container.querySelectorAll<HTMLInputElement>('input[name="estrellas"]')];
    expect(estrellas.map((input) => input.labels?.[0]?.textContent)).toEqual([
      '★1 estrella: No me gustó',
      '★2 estrellas: Regular',
      '★3 estrellas: Está bien',
      '★4 estrellas: Me gusta',
      '★5 estrellas: ¡Me encanta!',
    ]);
    await act(async () => estrellas[3]!.click());
    type(field<HTMLInputElement>('Título'), '  Muy buena ');
    type(field<HTMLTextAreaElement>('Tu reseña'), 'Me dejó la piel suave y sin brillo.');
    expect(text()).toContain('9/80 caracteres');
    expect(text()).toContain('35/2000 caracteres');
    expect(container.querySelectorAll('form [role="alert"]')).toHaveLength(0);

    await act(async () => button('Enviar reseña')!.click());
    await until(() => text().includes(MENSAJES_RESENA.recibida));
    const sent = calls.find((call) => call.method === 'POST')!;
    expect(sent.body).toEqual({ idProducto: 7, estrellas: 4, titulo: 'Muy buena', texto: 'Me dejó la piel suave y sin brillo.' });
    expect(sent.authorization).toBe(`Bearer ${$token.get()}`);
    expect(container.querySelector('form')).toBeNull();
    expect(document.activeElement?.textContent).toBe(MENSAJES_RESENA.recibida);
  });

  it("shows the server's words when it refuses the review, and keeps what was typed", async () => {
    startSession(token());
    stubApi({
      'GET /api/resenas/producto/7?pagina=1': () => json(lista(1, 1, [])),
      'GET /api/resenas/puedo/7': () => json({ puede: true, mensaje: MENSAJES_RESENA.puede }),
      'POST /api/resenas': () => json({ mensaje: MENSAJES_RESENA.yaResenado }, 409),
    });
    await render();
    await until(() => button('Escribir una reseña') !== undefined);
    expect(container.querySelector('form')).toBeNull();
    await act(async () => button('Escribir una reseña')!.click());
    await act(async () => container.querySelectorAll<HTMLInputElement>('input[name="estrellas"]')[4]!.click());
    type(field<HTMLInputElement>('Título'), 'Excelente');
    type(field<HTMLTextAreaElement>('Tu reseña'), 'La mejor crema que he probado.');
    await act(async () => button('Enviar reseña')!.click());
    await until(() => container.querySelector('.resena-form__rechazo') !== null);
    expect(container.querySelector('.resena-form__rechazo')?.textContent).toBe(MENSAJES_RESENA.yaResenado);
    expect(field<HTMLInputElement>('Título').value).toBe('Excelente');
  });

  it('refuses a photo of another type before sending it', async () => {
    startSession(token());
    stubApi({
      'GET /api/resenas/producto/7?pagina=1': () => json(lista(1, 1, [])),
      'GET /api/resenas/puedo/7': () => json({ puede: true, mensaje: MENSAJES_RESENA.puede }),
    });
    await render();
    await until(() => button('Escribir una reseña') !== undefined);
    await act(async () => button('Escribir una reseña')!.click());
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    const gif = new File(['GIF89a'], 'foto.gif', { type: 'image/gif' });
    Object.defineProperty(input, 'files', { value: [gif], configurable: true });
    await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
    expect(container.querySelector('form [role="alert"]')?.textContent).toBe(MENSAJES_RESENA.fotoInvalida);
  });
});
