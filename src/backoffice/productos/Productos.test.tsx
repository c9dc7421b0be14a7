// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/productos" }
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClienteFalso } from '../pruebas/cliente-falso.ts';
import { alertas, boton, campo, desmontar, enlace, enviar, escribir, hasta, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';

afterEach(desmontar);

let cliente: ClienteFalso;
beforeEach(() => {
  cliente = new ClienteFalso({ rol: 'personal' });
  cliente.agregarProducto({ idProducto: 1, nombre: 'Aceite limpiador de Ñame', sku: 'ACE-1', stock: 0, stock_total: 0 });
  cliente.agregarProducto({ idProducto: 2, nombre: 'Sérum de arroz', sku: 'SER-2', marca: 'COSRX', descuento: 15 });
  cliente.agregarProducto({ idProducto: 3, nombre: 'Tónico oculto', visible: false, newores: 'Preventa' });
  cliente.agregarProducto({ idProducto: 4, nombre: 'Mascarilla vieja', archivado: '2026-11-01T12:00:00Z', visible: false });
  for (let i = 10; i < 62; i++) cliente.agregarProducto({ idProducto: i, nombre: `Crema ${i}` });
});

const nombres = () => [...document.querySelectorAll('.bo-producto .bo-enlace-fuerte')].map((a) => a.textContent);
const llamadas = (metodo: string) => cliente.llamadas.filter((l) => l.metodo === metodo).map((l) => l.args);

describe('Productos', () => {
  it('lists the catalogue newest first with price, discount, stock and what the shop shows, and pages it', async () => {
    await montar(cliente, '/admin/productos');
    await hasta(() => nombres().length > 0);
    expect(document.title).toBe('Productos · Panel · K-Beauty Perú');
    expect(texto()).toContain('55 productos, los más recientes primero.');
    expect(nombres()[0]).toBe('Crema 61');
    expect(nombres()).toHaveLength(50);
    expect(enlace('Nuevo producto').getAttribute('href')).toBe('/admin/productos/nuevo');
    expect(enlace('Importar o exportar').getAttribute('href')).toBe('/admin/productos/importar');
    expect(enlace('Editar en bloque').getAttribute('href')).toBe('/admin/productos/lote');
    expect(await violaciones()).toEqual([]);

    await pulsar(enlace('Siguiente →'));
    await hasta(() => nombres().includes('Sérum de arroz'));
    expect(location.search).toBe('?pagina=2');
    const tarjeta = (nombre: string) =>
      [...document.querySelectorAll('.bo-producto')].find((li) => li.textContent?.includes(nombre))!.textContent;
    expect(tarjeta('Sérum de arroz')).toContain('−15 %');
    expect(tarjeta('Sérum de arroz')).toContain('SKU SER-2');
    expect(tarjeta('Aceite limpiador')).toContain('Agotado');
    expect(tarjeta('Tónico oculto')).toContain('Oculto');
    expect(tarjeta('Tónico oculto')).toContain('Preventa');
    expect(nombres()).not.toContain('Mascarilla vieja');
  });

  it('searches and filters on the server, keeping the filter in the address', async () => {
    await montar(cliente, '/admin/productos');
    await hasta(() => nombres().length > 0);
    escribir(campo('Buscar'), 'name');
    await enviar('Filtrar');
    await hasta(() => nombres().length === 1);
    expect(nombres()).toEqual(['Aceite limpiador de Ñame']);
    expect(location.search).toBe('?q=name');
    expect(llamadas('catalogueProducts').at(-1)).toEqual([{ q: 'name', pagina: 1 }]);

    escribir(campo('Buscar'), '');
    escribir(campo<HTMLSelectElement>('Archivados'), 'solo');
    await enviar('Filtrar');
    await hasta(() => nombres().includes('Mascarilla vieja'));
    expect(location.search).toBe('?archivados=solo');
    expect(texto()).toContain('Archivado');

    escribir(campo<HTMLSelectElement>('Archivados'), '');
    escribir(campo<HTMLSelectElement>('Stock'), 'agotado');
    escribir(campo<HTMLSelectElement>('Marca'), '1');
    await enviar('Filtrar');
    await hasta(() => location.search === '?marca=1&stock=agotado');
    await hasta(() => nombres().length === 1);
    expect(nombres()).toEqual(['Aceite limpiador de Ñame']);
    expect(await violaciones()).toEqual([]);

    await pulsar(boton('Limpiar'));
    await hasta(() => nombres().length === 50);
    expect(location.search).toBe('');
    expect(alertas()).toEqual([]);
  });

  it('says so when nothing matches', async () => {
    await montar(cliente, '/admin/productos?q=zzz');
    await hasta(() => texto().includes('Ningún producto coincide'));
    expect(campo('Buscar').value).toBe('zzz');
  });
});
