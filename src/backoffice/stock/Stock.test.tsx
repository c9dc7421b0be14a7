// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/stock?stock=agotado" }
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClienteFalso } from '../pruebas/cliente-falso.ts';
import { productoStockFalso } from '../pruebas/libros-falsos.ts';
import { alertas, campo, desmontar, enlace, enviar, escribir, hasta, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';

afterEach(desmontar);

let cliente: ClienteFalso;
beforeEach(() => {
  cliente = new ClienteFalso({ rol: 'personal' });
  cliente.productosStock = [
    productoStockFalso(10, 0, 0, { nombre: 'Bálsamo labial' }),
    productoStockFalso(11, 0, 3, { nombre: 'Sérum de arroz' }),
    productoStockFalso(12, 0, 1, { nombre: 'Tónico', visible: false }),
    productoStockFalso(13, 0, 0, { nombre: 'Oculto sin avisos', visible: false }),
    productoStockFalso(20, 3, 0, { nombre: 'Crema de caracol' }),
    productoStockFalso(21, 1, 0, { nombre: 'Mascarilla' }),
    productoStockFalso(22, 9, 0, { nombre: 'Protector solar' }),
  ];
});

const nombres = () => [...document.querySelectorAll('.bo-libro')].map((tarjeta) => tarjeta.querySelector('strong')?.textContent);
const cambios = () => cliente.llamadas.filter(({ metodo }) => metodo === 'updateProduct').map(({ args }) => args);

describe('Stock', () => {
  it("lists the sold-out products, the most awaited on 'Avísame' first, and the low ones, the fewest units first", async () => {
    await montar(cliente, '/admin/stock?stock=agotado');
    await hasta(() => nombres().length > 0);
    expect(cliente.llamadas.find(({ metodo }) => metodo === 'stockProducts')?.args).toEqual([{ stock: 'agotado', pagina: 1 }]);
    expect(nombres()).toEqual(['Sérum de arroz', 'Tónico', 'Bálsamo labial']);
    expect(texto()).toContain("3 personas esperan 'Avísame'");
    expect(texto()).toContain("1 persona espera 'Avísame'");
    expect(texto()).toContain('oculto en la tienda');
    expect(document.title).toBe('Stock · Panel · K-Beauty Perú');
    expect(document.querySelector('.bo-menu [aria-current="page"]')?.textContent).toBe('Stock');
    expect(await violaciones()).toEqual([]);

    await pulsar(enlace('Stock bajo'));
    await hasta(() => nombres().includes('Mascarilla'));
    expect(location.search).toBe('?stock=bajo');
    expect(nombres()).toEqual(['Mascarilla', 'Crema de caracol']);
    expect(texto()).toContain('2 productos con 3 unidades o menos');
    expect(texto()).toContain('1 unidad');
    expect(await violaciones()).toEqual([]);
  });

  it('restocks a product in place: a wrong number is said and not sent; the product leaves the list when restocked', async () => {
    await montar(cliente, '/admin/stock?stock=agotado');
    await hasta(() => nombres().length > 0);
    escribir(campo('Unidades en stock de Sérum de arroz'), '-2');
    await enviar('Guardar');
    expect(texto()).toContain('Escribe las unidades: un número entero de 0 o más.');
    expect(campo('Unidades en stock de Sérum de arroz').getAttribute('aria-invalid')).toBe('true');
    expect(cambios()).toEqual([]);

    escribir(campo('Unidades en stock de Sérum de arroz'), '12');
    const guardar = document.querySelector('.bo-libro')!.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    await pulsar(guardar);
    await hasta(() => !nombres().includes('Sérum de arroz'));
    expect(cambios()).toEqual([['11', { stock: 12 }]]);
    expect(texto()).toContain('Producto 11 (Sérum de arroz): stock 0 → stock 12.');
    // The keyboard goes on from the message (the card is gone).
    expect(document.activeElement?.textContent).toContain('stock 0 → stock 12');
    expect(nombres()).toEqual(['Tónico', 'Bálsamo labial']);
    expect(alertas()).toEqual([]);
  });

  it('pages a long list by links', async () => {
    cliente.productosStock = Array.from({ length: 60 }, (_, indice) =>
      productoStockFalso(100 + indice, 0, 0, { nombre: `P${String(indice).padStart(2, '0')}` }),
    );
    await montar(cliente, '/admin/stock?stock=agotado');
    await hasta(() => nombres().length > 0);
    expect(nombres()).toHaveLength(50);
    expect(texto()).toContain('Página 1 de 2');
    await pulsar(enlace('Siguiente →'));
    await hasta(() => nombres().length === 10);
    expect(cliente.llamadas.filter(({ metodo }) => metodo === 'stockProducts').at(-1)?.args).toEqual([{ stock: 'agotado', pagina: 2 }]);
  });
});
