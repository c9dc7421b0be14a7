// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/productos/lote" }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FilaLote } from '../../lib/api/lote-schemas.ts';
import { ClienteFalso } from '../pruebas/cliente-falso.ts';
import { alertas, boton, campo, desmontar, escribir, hasta, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';
import { cambiosDe } from './ediciones.ts';

afterEach(() => {
  desmontar();
  vi.restoreAllMocks();
});

const fila = (idProducto: number, nombre: string, marca: string, cambios: Partial<FilaLote> = {}): FilaLote => ({
  idProducto,
  sku: `SKU-${idProducto}`,
  nombre,
  marca,
  img: '',
  precio: 50,
  descuento: 0,
  descuentoN: 0,
  descuentoDesde: null,
  descuentoHasta: null,
  stock: 8,
  stock_total: 8,
  visible: true,
  newores: '',
  descuentoVigente: true,
  archivado: false,
  ...cambios,
});

let cliente: ClienteFalso;
beforeEach(() => {
  cliente = new ClienteFalso({ rol: 'personal' });
  cliente.filasLote = [
    fila(1, 'Tónico de arroz', 'Anua'),
    fila(2, 'Aceite limpiador', 'Anua', { stock: 3 }),
    fila(3, 'Sérum de caracol', 'COSRX', { descuento: 15, descuentoHasta: '2026-01-31', descuentoVigente: false }),
  ];
});

const llamadas = (metodo: string) => cliente.llamadas.filter((una) => una.metodo === metodo).map(({ args }) => args[0]);

describe('Edición en bloque', () => {
  it('edits in the grid, previews what will change, saves it in one call and undoes it', async () => {
    await montar(cliente, '/admin/productos/lote');
    await hasta(() => texto().includes('Tónico de arroz'));
    expect(document.title).toBe('Edición en bloque · Panel · K-Beauty Perú');
    expect(texto()).toContain('descuento fuera de fecha');
    expect(await violaciones()).toEqual([]);

    escribir(campo('Precio (S/) de Tónico de arroz'), '45,90');
    escribir(campo('Stock de Aceite limpiador'), '0');
    escribir(campo('Descuento hasta de Sérum de caracol'), '2026-12-31');
    await hasta(() => texto().includes('3 productos editados'));
    expect(campo('Precio (S/) de Tónico de arroz').className).toContain('bo-lote-celda--editada');
    await pulsar(boton('Ver vista previa'));
    await hasta(() => texto().includes('Vista previa: 3 productos, 1 queda agotado'));
    expect(texto()).toContain('Precio (S/) S/ 50.00 → S/ 45.90');
    expect(texto()).toContain('Descuento hasta 31/01/2026 → 31/12/2026');
    expect(llamadas('bulkChange')).toEqual([
      {
        simulacro: true,
        descripcion: undefined,
        cambios: [
          { idProducto: 1, precio: 45.9 },
          { idProducto: 2, stock: 0 },
          { idProducto: 3, descuentoHasta: '2026-12-31' },
        ],
      },
    ]);
    // Nothing is saved by the preview.
    expect(cliente.filasLote[0]!.precio).toBe(50);
    expect(await violaciones()).toEqual([]);

    await pulsar(boton('Guardar 3 cambios'));
    await hasta(() => texto().includes('Listo: 3 productos, 1 queda agotado.'));
    expect(cliente.filasLote.map((uno) => [uno.precio, uno.stock, uno.descuentoHasta])).toEqual([
      [45.9, 8, null],
      [50, 0, null],
      [50, 8, '2026-12-31'],
    ]);
    await hasta(() => texto().includes('Último cambio en bloque: N.° 1'));
    await pulsar(boton('Deshacer el último cambio'));
    expect(texto()).toContain('¿Devolver esos 3 productos a sus valores anteriores?');
    await pulsar(boton('Sí, deshacer'));
    await hasta(() => texto().includes('Se deshizo el cambio en bloque N.° 1'));
    expect(cliente.filasLote.map((uno) => [uno.precio, uno.stock, uno.descuentoHasta])).toEqual([
      [50, 8, null],
      [50, 3, null],
      [50, 8, '2026-01-31'],
    ]);
    await hasta(() => !texto().includes('Último cambio en bloque'));
  });

  it("shows the shop's refusal naming the row, and saves nothing", async () => {
    await montar(cliente, '/admin/productos/lote');
    await hasta(() => texto().includes('Tónico de arroz'));
    escribir(campo('Descuento (S/) de Tónico de arroz'), '60');
    await hasta(() => texto().includes('1 producto editado'));
    await pulsar(boton('Ver vista previa'));
    await hasta(() => alertas().length > 0 || texto().includes('debe ser menor'));
    expect(texto()).toContain(
      'Fila 1, producto 1 (Tónico de arroz): El descuento en soles (S/ 60.00) debe ser menor que el precio (S/ 50.00).',
    );
    expect(texto()).not.toContain('Vista previa:');
    expect(cliente.filasLote[0]!.descuentoN).toBe(0);
  });

  it('changes a whole brand by filter: −10 % until 31/12, previewed first', async () => {
    await montar(cliente, '/admin/productos/lote');
    await hasta(() => texto().includes('Tónico de arroz'));
    escribir(campo<HTMLSelectElement>('Marca'), '1');
    await pulsar(boton('Filtrar'));
    await hasta(() => !texto().includes('Sérum de caracol'));
    escribir(campo('Descuento (%)'), '10');
    escribir(campo('Descuento hasta'), '2026-12-31');
    await pulsar(boton('Ver vista previa del cambio por filtro'));
    await hasta(() => texto().includes('Vista previa: 2 productos'));
    expect(llamadas('bulkChangeByFilter')).toEqual([
      { filtro: { marca: '1' }, descuento: 10, descuentoHasta: '2026-12-31', simulacro: true },
    ]);
    expect(await violaciones()).toEqual([]);
    await pulsar(boton('Guardar 2 cambios'));
    await hasta(() => texto().includes('Listo: 2 productos.'));
    expect(cliente.filasLote.map((uno) => uno.descuento)).toEqual([10, 10, 15]);
  });

  it('is a card per product on a phone, every value labelled', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (consulta) => ({ matches: true, media: consulta, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
    );
    await montar(cliente, '/admin/productos/lote');
    await hasta(() => document.querySelectorAll('.bo-lote-tarjeta').length === 3);
    expect(document.querySelector('table')).toBeNull();
    expect(document.querySelectorAll('.bo-lote-tarjeta label')).toHaveLength(24);
    expect(await violaciones()).toEqual([]);
  });
});

describe('cambiosDe', () => {
  it('sends only what differs from the product, typed numbers read with a comma too', () => {
    const producto = fila(7, 'Crema', 'Anua', { descuentoDesde: '2026-12-01' });
    expect(
      cambiosDe({
        7: { fila: producto, campos: { precio: '50', descuento: '12,5', descuentoDesde: '', visible: false, newores: '' } },
        8: { fila: fila(8, 'Gel', 'Anua'), campos: { stock: '8' } },
      }),
    ).toEqual([{ idProducto: 7, descuento: 12.5, descuentoDesde: null, visible: false }]);
  });
});
