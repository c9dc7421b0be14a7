import { describe, expect, it } from 'vitest';
import { cambiarFiltro, filtroDeUrl, urlDeFiltro } from './filtro-url.ts';
import { listaDeRecojo } from './lista-recojo.ts';
import { pedidoFalso } from '../pruebas/cliente-falso.ts';

describe('the orders filter in the URL', () => {
  it('reads what the API accepts and leaves out the rest', () => {
    expect(
      filtroDeUrl('?vista=nada&estado=PENDIENTE,ENTREGADO,X&entrega=avion&orden=raro&pagina=0&porPagina=abc&desde=2026-1-1&q=%20%20'),
    ).toEqual({
      estado: ['PENDIENTE', 'ENTREGADO'],
    });
    expect(filtroDeUrl('?vista=con-alerta&metodo=yape&distrito=San%20Isidro&hasta=2026-11-30&pagina=3')).toEqual({
      vista: 'con-alerta',
      metodo: 'yape',
      distrito: 'San Isidro',
      hasta: '2026-11-30',
      pagina: 3,
    });
  });

  it('writes a filter back as the same URL, page 1 left out', () => {
    const filtro = filtroDeUrl('?q=Ana%20P%C3%A9rez&estado=EN%20TRANSITO&pagina=2&orden=total-mayor');
    expect(filtroDeUrl(urlDeFiltro(filtro))).toEqual(filtro);
    expect(urlDeFiltro({ pagina: 1 })).toBe('');
    expect(urlDeFiltro({})).toBe('');
  });

  it('goes back to page 1 on any change but the page', () => {
    expect(cambiarFiltro({ q: 'a', pagina: 4 }, { estado: ['PENDIENTE'] })).toEqual({ q: 'a', estado: ['PENDIENTE'] });
    expect(cambiarFiltro({ q: 'a', pagina: 4 }, { pagina: 5 })).toEqual({ q: 'a', pagina: 5 });
  });
});

describe('the pick list', () => {
  it('adds up the units by product, colour and size, naming the orders, by name', () => {
    const otro = pedidoFalso(9, {
      productos: [
        {
          nombreProducto: 'Agua micelar',
          idProducto: 2,
          img: '',
          cantidad: 3,
          color: '',
          tamano: '',
          precio_unitario: 1,
          precio_con_descuento: 1,
        },
      ],
    });
    expect(listaDeRecojo([pedidoFalso(7), otro, pedidoFalso(8)])).toEqual([
      { idProducto: 2, nombre: 'Agua micelar', color: '', tamano: '', cantidad: 3, pedidos: [9] },
      { idProducto: 5, nombre: 'Sérum de arroz', color: '', tamano: '30 ml', cantidad: 4, pedidos: [7, 8] },
      { idProducto: 7, nombre: 'Tónico', color: 'Rosa', tamano: '', cantidad: 2, pedidos: [7, 8] },
    ]);
  });
});
