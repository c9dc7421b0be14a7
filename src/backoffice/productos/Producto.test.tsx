// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/productos/nuevo" }
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClienteFalso } from '../pruebas/cliente-falso.ts';
import { alertas, boton, campo, desmontar, enviar, escribir, hasta, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';

afterEach(desmontar);

let cliente: ClienteFalso;
beforeEach(() => {
  cliente = new ClienteFalso({ rol: 'personal' });
  cliente.agregarProducto({ idProducto: 7, nombre: 'Sérum de arroz', sku: 'SER-7', categoria: 'Serúm', stock: 10, precio: 45 });
  cliente.agregarProducto({ idProducto: 5, nombre: 'Tónico', categoria: 'Limpieza' });
});

const llamadas = (metodo: string) => cliente.llamadas.filter((l) => l.metodo === metodo).map((l) => l.args);

describe('Producto', () => {
  it('creates a product: the API’s Spanish reasons shown on their fields, then the new product’s page', async () => {
    await montar(cliente, '/admin/productos/nuevo');
    await hasta(() => texto().includes('Lo básico'));
    expect(document.title).toBe('Nuevo producto · Panel · K-Beauty Perú');
    expect(await violaciones()).toEqual([]);
    escribir(campo('Nombre'), 'Bálsamo de Ñame');
    escribir(campo('Precio (S/)'), 'caro');
    await enviar('Crear producto');
    await hasta(() => alertas().length > 0);
    expect(texto()).toContain('El precio debe ser un número (por ejemplo 49.90).');
    expect(texto()).toContain('Falta la marca.');
    expect(campo('Precio (S/)').getAttribute('aria-invalid')).toBe('true');
    expect(cliente.catalogo).toHaveLength(2);

    escribir(campo('Precio (S/)'), '39,90');
    escribir(campo('Marca'), 'Marca Nueva');
    escribir(campo<HTMLSelectElement>('Categoría'), 'Limpieza');
    escribir(campo('SKU'), 'BAL-1');
    escribir(campo('Unidades en la web'), '5');
    await enviar('Crear producto');
    await hasta(() => location.pathname === '/admin/productos/8');
    const [datos] = llamadas('createProduct').at(-1) as [Record<string, unknown>];
    expect(datos).toMatchObject({
      nombre: 'Bálsamo de Ñame',
      precio: '39,90',
      marca: 'Marca Nueva',
      categoria: 'Limpieza',
      linea: 'Cuidado',
      sku: 'BAL-1',
      stock: '5',
      visible: true,
      fotos: [],
    });
    await hasta(() => texto().includes('Producto creado.'));
    expect(campo('Nombre').value).toBe('Bálsamo de Ñame');
  });

  it('edits a product sending the stock only when changed, with the units it showed, and shows its audit trail', async () => {
    await montar(cliente, '/admin/productos/7');
    await hasta(() => texto().includes('Lo básico'));
    expect(document.title).toBe('Sérum de arroz · Panel · K-Beauty Perú');
    expect(campo('Precio (S/)').value).toBe('45');
    escribir(campo('Precio (S/)'), '49.90');
    await enviar('Guardar cambios');
    await hasta(() => texto().includes('Producto 7 guardado (precio).'));
    // (happy-dom shows a select react-hook-form fills as unselected; the form's value is the product's, as sent.)
    expect(llamadas('saveProduct').at(-1)![1]).toMatchObject({
      precio: '49.90',
      categoria: 'Serúm',
      linea: 'Cuidado',
      nombre: 'Sérum de arroz',
    });
    expect(llamadas('saveProduct').at(-1)![1]).not.toHaveProperty('stock');

    escribir(campo('Unidades en la web'), '14');
    escribir(campo('Motivo del cambio de stock'), 'Llegó la caja');
    await enviar('Guardar cambios');
    await hasta(() => texto().includes('Producto 7 guardado (stock'));
    expect(llamadas('saveProduct').at(-1)![1]).toMatchObject({ stock: '14', stockLeido: 10, motivoStock: 'Llegó la caja' });
    await hasta(() => texto().includes('Editó'));
    expect(texto()).toContain('precio: 45 → 49.9');
    expect(await violaciones()).toEqual([]);

    // A sale in between: the API refuses and the field says why.
    cliente.catalogo[0]!.stock = 13;
    escribir(campo('Unidades en la web'), '20');
    await enviar('Guardar cambios');
    await hasta(() => campo('Unidades en la web').getAttribute('aria-invalid') === 'true');
    expect(texto()).toContain('El stock cambió mientras editabas (ahora 13).');
  });

  it('archives after a confirmation, restores, and duplicates to the copy’s page', async () => {
    await montar(cliente, '/admin/productos/7');
    await hasta(() => texto().includes('Más acciones'));
    await pulsar(boton('Archivar'));
    expect(texto()).toContain('¿Archivar «Sérum de arroz»?');
    expect(llamadas('archiveProduct')).toEqual([]);
    await pulsar(boton('Sí, archivar'));
    await hasta(() => texto().includes('Producto 7 archivado'));
    expect(texto()).toContain('Archivado: no se muestra en la tienda.');
    expect(campo('Visible en la tienda').disabled).toBe(true);
    await pulsar(boton('Restaurar'));
    await hasta(() => texto().includes('Producto 7 restaurado'));
    expect(cliente.catalogo[0]!.archivado).toBeNull();

    await pulsar(boton('Duplicar'));
    await hasta(() => location.pathname === '/admin/productos/8');
    await hasta(() => campo('Nombre').value === 'Sérum de arroz (copia)');
    expect(campo('SKU').value).toBe('');
  });
});
