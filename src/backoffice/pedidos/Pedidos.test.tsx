// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/pedidos" }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FiltroPedidos } from '../../lib/api/backoffice-schemas.ts';
import { ClienteFalso, pedidoFalso } from '../pruebas/cliente-falso.ts';
import { alertas, boton, campo, desmontar, enlace, enviar, escribir, hasta, montar, pulsar, texto } from '../pruebas/montar.tsx';

afterEach(() => {
  desmontar();
  vi.restoreAllMocks();
});

let cliente: ClienteFalso;
beforeEach(() => {
  cliente = new ClienteFalso({ rol: 'personal' });
  cliente.pedidos = [
    pedidoFalso(31, { estado: 'EN PREPARACION' }),
    pedidoFalso(32, { estado: 'EN PREPARACION' }),
    pedidoFalso(33, { estado: 'EN PREPARACION' }),
    pedidoFalso(34, { estado: 'EN PREPARACION', recojo: true, metodo_envio: 'Recojo en Miraflores' }),
    pedidoFalso(35),
  ];
});

/** The filters of the list calls made, newest last. */
const filtros = () => cliente.llamadas.filter(({ metodo }) => metodo === 'ordersPage').map(({ args }) => args[0] as FiltroPedidos);
const filas = () => [...document.querySelectorAll('tbody tr')].map((fila) => fila.querySelector('a')?.textContent);
const elegir = async (id: number) => pulsar(campo(`Elegir el pedido ${id}`));

describe('Pedidos', () => {
  it('reads its view, search, filters, sort and page from the URL and asks the server for exactly those', async () => {
    await montar(
      cliente,
      '/admin/pedidos?vista=por-enviar&q=cliente3&entrega=envio&orden=antiguo&pagina=1&estado=EN%20PREPARACION,NADA&desde=2026-11-01&hasta=mal',
    );
    await hasta(() => filas().length > 0);
    expect(filtros().at(-1)).toEqual({
      vista: 'por-enviar',
      q: 'cliente3',
      entrega: 'envio',
      orden: 'antiguo',
      pagina: 1,
      estado: ['EN PREPARACION'],
      desde: '2026-11-01',
      porPagina: 25,
    });
    expect(filas()).toEqual(['N.° 31', 'N.° 32', 'N.° 33']);
    expect(document.querySelector('.bo-vistas [aria-current="page"]')?.textContent).toBe('Por enviar');
    // The form shows what the URL says.
    expect(campo('Buscar').value).toBe('cliente3');
    expect(campo<HTMLSelectElement>('Entrega').value).toBe('envio');
  });

  it('writes the filters into the URL when sent, back to page 1, and the saved views are links', async () => {
    await montar(cliente, '/admin/pedidos?pagina=2');
    await hasta(() => filtros().length > 0);
    escribir(campo('Buscar'), '  45000033 ');
    escribir(campo<HTMLSelectElement>('Método de pago'), 'yape');
    escribir(campo<HTMLSelectElement>('Estado'), 'PENDIENTE');
    escribir(campo('Distrito'), 'Surco');
    await enviar('Filtrar');
    await hasta(() => location.search.includes('q='));
    expect(Object.fromEntries(new URLSearchParams(location.search))).toEqual({
      estado: 'PENDIENTE',
      metodo: 'yape',
      distrito: 'Surco',
      q: '45000033',
    });
    await hasta(() => filtros().at(-1)?.q === '45000033');
    expect(filtros().at(-1)).toMatchObject({ metodo: 'yape', estado: ['PENDIENTE'], distrito: 'Surco' });

    await pulsar(enlace('Recojo en tienda'));
    await hasta(() => filas().length === 1);
    expect(location.search).toBe('?vista=recojo');
    expect(filas()).toEqual(['N.° 34']);
    await pulsar(enlace('Todos'));
    await hasta(() => filas().length === 5);
    expect(location.search).toBe('');
  });

  it('pages through the list with the page in the URL', async () => {
    cliente.pedidos = Array.from({ length: 30 }, (_, indice) => pedidoFalso(100 + indice));
    await montar(cliente, '/admin/pedidos');
    await hasta(() => filas().length === 25);
    expect(texto()).toContain('30 pedidos · página 1 de 2');
    expect(boton('Anterior').disabled).toBe(true);
    await pulsar(boton('Siguiente'));
    await hasta(() => filas().length === 5);
    expect(location.search).toBe('?pagina=2');
    expect(boton('Siguiente').disabled).toBe(true);
  });

  it('marks several orders shipped in one call: a courier and a guía for each delivery order, the last courier remembered', async () => {
    localStorage.setItem('kb-panel-ultimo-courier', 'shalom');
    await montar(cliente, '/admin/pedidos?vista=por-enviar');
    await hasta(() => filas().length === 3);
    expect(boton('Marcar enviados').disabled).toBe(true);
    for (const id of [31, 32, 33]) await elegir(id);
    expect(texto()).toContain('3 pedidos elegidos');
    await pulsar(boton('Marcar enviados'));
    const dialogo = document.querySelector('[role="dialog"]')!;
    expect(dialogo.querySelector('h2')?.textContent).toBe('Marcar enviados');
    // Prefilled with the courier this browser used last; 'Avisar al cliente' is checked.
    for (const id of [31, 32, 33]) expect(campo<HTMLSelectElement>(`Courier del pedido ${id}`).value).toBe('shalom');
    expect(campo('Avisar al cliente por correo').checked).toBe(true);

    // Choosing a courier in the first row carries it to the rows below still on the prefill, not to one chosen
    // by hand (even when the hand chose the prefill's courier).
    escribir(campo<HTMLSelectElement>('Courier del pedido 33'), 'shalom');
    escribir(campo<HTMLSelectElement>('Courier del pedido 31'), 'olva');
    expect(campo<HTMLSelectElement>('Courier del pedido 32').value).toBe('olva');
    expect(campo<HTMLSelectElement>('Courier del pedido 33').value).toBe('shalom');
    escribir(campo<HTMLSelectElement>('Courier del pedido 33'), 'olva');
    escribir(campo('Guía del pedido 31'), 'OL-0001');
    escribir(campo('Guía del pedido 32'), 'x');
    await enviar('Marcar 3 enviados');
    expect(alertas()).toEqual(expect.arrayContaining(['De 4 a 40 letras, números o guiones.', 'Escribe el número de guía.']));
    expect(cliente.nombres).not.toContain('moveOrders');

    escribir(campo('Guía del pedido 32'), 'OL-0002');
    escribir(campo('Guía del pedido 33'), 'OL-0003');
    await enviar('Marcar 3 enviados');
    await hasta(() => texto().includes('3 de 3 pedidos actualizados.'));
    expect(cliente.llamadas.find(({ metodo }) => metodo === 'moveOrders')?.args[0]).toEqual({
      ids: [31, 32, 33],
      estado: 'EN TRANSITO',
      envios: [
        { idVenta: 31, courier: 'olva', guia: 'OL-0001' },
        { idVenta: 32, courier: 'olva', guia: 'OL-0002' },
        { idVenta: 33, courier: 'olva', guia: 'OL-0003' },
      ],
      avisar: true,
    });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(localStorage.getItem('kb-panel-ultimo-courier')).toBe('olva');
    await hasta(() => filas().length === 0 || texto().includes('No hay pedidos con estos filtros.'));
    expect(cliente.pedidos.filter((pedido) => pedido.estado === 'EN TRANSITO').map((pedido) => pedido.seguimiento?.guia)).toEqual([
      'OL-0001',
      'OL-0002',
      'OL-0003',
    ]);
  });

  it('leaves pickup orders out of the ship dialog and says why', async () => {
    await montar(cliente, '/admin/pedidos');
    await hasta(() => filas().length === 5);
    await elegir(31);
    await elegir(34);
    await pulsar(boton('Marcar enviados'));
    expect(texto()).toContain('1 pedido elegido es de recojo en tienda: no se envían');
    expect(() => campo('Guía del pedido 34')).toThrow();
    expect(boton('Marcar 1 enviado')).toBeDefined();
  });

  it('makes the chosen pickups ready in one action and reports each refusal (a delivery or an unpaid order cannot be)', async () => {
    await montar(cliente, '/admin/pedidos');
    await hasta(() => filas().length === 5);
    await pulsar(campo('Elegir todos los pedidos de esta página'));
    expect(texto()).toContain('5 pedidos elegidos');
    // No bulk 'Preparar': only a payment makes an order EN PREPARACION.
    expect(() => boton('Preparar')).toThrow();
    await pulsar(boton('Listos para recoger'));
    await hasta(() => texto().includes('1 de 5 pedidos actualizados.'));
    expect(texto()).toContain('Pedido N.° 31: El pedido 31 no puede pasar a LISTO PARA RECOGER.');
    expect(cliente.pedidos.find((pedido) => pedido.idVenta === 34)?.estado).toBe('LISTO PARA RECOGER');
    expect(cliente.pedidos.find((pedido) => pedido.idVenta === 35)?.estado).toBe('PENDIENTE');
  });

  it('prints one packing slip per order and a pick list added up by product, colour and size', async () => {
    // happy-dom has no print dialog: the test stands in for it.
    const imprimir = vi.fn();
    window.print = imprimir;
    await montar(cliente, '/admin/pedidos');
    await hasta(() => filas().length === 5);
    await elegir(31);
    await elegir(32);
    await pulsar(boton('Imprimir hojas de empaque'));
    await hasta(() => imprimir.mock.calls.length === 1);
    expect([...document.querySelectorAll('#bo-impresion .bo-hoja h1')].map((titulo) => titulo.textContent)).toEqual([
      'Pedido N.° 31',
      'Pedido N.° 32',
    ]);
    window.dispatchEvent(new Event('afterprint'));
    expect(document.getElementById('bo-impresion')).toBeNull();

    await pulsar(boton('Lista de recojo'));
    await hasta(() => imprimir.mock.calls.length === 2);
    const lineas = [...document.querySelectorAll('#bo-impresion tbody tr')].map((fila) =>
      [...fila.querySelectorAll('td')].map((celda) => celda.textContent),
    );
    expect(lineas).toEqual([
      ['Sérum de arroz', '—', '30 ml', '4', '31, 32'],
      ['Tónico', 'Rosa', '—', '2', '31, 32'],
    ]);
  });

  it('shows cards instead of a table on a phone', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (consulta) =>
        ({ matches: true, media: consulta, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    await montar(cliente, '/admin/pedidos');
    await hasta(() => document.querySelectorAll('.bo-tarjeta').length === 5);
    expect(document.querySelector('table')).toBeNull();
    await pulsar(campo('Elegir el pedido 35'));
    expect(texto()).toContain('1 pedido elegido');
  });
});
