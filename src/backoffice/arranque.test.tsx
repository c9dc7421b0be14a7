// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin" }
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import App, { crearQueryClient } from './App.tsx';
import { adelantar } from './arranque.ts';
import { ClienteFalso, pedidoFalso } from './pruebas/cliente-falso.ts';
import { desmontar, hasta } from './pruebas/montar.tsx';

describe('the boot’s head start (issue 36: usable within 2 s on a phone)', () => {
  afterEach(desmontar);

  it('asks the session, the home’s figures and the publishing status together, before any screen renders, and the home uses that answer', async () => {
    const cliente = new ClienteFalso();
    const consultas = crearQueryClient();
    await Promise.all(adelantar('/admin/', cliente, consultas));
    expect(cliente.nombres).toEqual(['session', 'home', 'publishingStatus']);

    history.replaceState(null, '', '/admin/');
    const contenedor = document.body.appendChild(document.createElement('div'));
    const raiz = createRoot(contenedor);
    await act(async () => raiz.render(<App cliente={cliente} queryClient={consultas} />));
    await hasta(() => document.body.textContent!.includes('S/ 350.50'));
    // Rendering asked nothing again: both answers were already there.
    expect(cliente.nombres).toEqual(['session', 'home', 'publishingStatus']);
    act(() => raiz.unmount());
  });

  it('asks the orders page the address filters, and the list renders it without asking again', async () => {
    const cliente = new ClienteFalso();
    cliente.pedidos = [pedidoFalso(31, { estado: 'EN PREPARACION' }), pedidoFalso(32, { estado: 'EN PREPARACION', recojo: true })];
    const consultas = crearQueryClient();
    await Promise.all(adelantar('/admin/pedidos', cliente, consultas, '?vista=recojo'));
    expect(cliente.llamadas.map(({ metodo, args }) => [metodo, ...args])).toEqual([
      ['session'],
      ['ordersPage', { porPagina: 25, vista: 'recojo' }],
    ]);

    history.replaceState(null, '', '/admin/pedidos?vista=recojo');
    const raiz = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () => raiz.render(<App cliente={cliente} queryClient={consultas} />));
    await hasta(() => document.body.textContent!.includes('32'));
    expect(cliente.nombres).toEqual(['session', 'ordersPage']);
    act(() => raiz.unmount());
  });

  it('asks nothing on the sign-in and invitation pages, and only the session elsewhere', async () => {
    for (const ruta of ['/admin/ingresar', '/admin/invitacion', '/tienda']) {
      const cliente = new ClienteFalso();
      expect(adelantar(ruta, cliente, crearQueryClient())).toEqual([]);
      expect(cliente.nombres).toEqual([]);
    }
    const cliente = new ClienteFalso();
    await Promise.all(adelantar('/admin/cuenta', cliente, crearQueryClient()));
    expect(cliente.nombres).toEqual(['session']);
  });
});
