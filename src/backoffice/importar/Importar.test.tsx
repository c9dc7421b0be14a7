// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin" }
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leerCatalogo } from '../../lib/catalogue/import-file.ts';
import { ClienteFalso } from '../pruebas/cliente-falso.ts';
import { alertas, boton, campo, desmontar, hasta, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';

afterEach(() => {
  desmontar();
  vi.restoreAllMocks();
});

/** Picks `contenido` as the file `nombre` in the screen's file input. */
async function elegirArchivo(nombre: string, contenido: string) {
  const input = campo('Archivo del catálogo (CSV o JSON)');
  Object.defineProperty(input, 'files', { value: [new File([contenido], nombre)], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
  await hasta(() => texto().includes(nombre) || alertas().length > 0);
}

const CSV = [
  'SKU;Nombre;Marca;Precio;Stock;Img',
  'ANUA-1;Tónico Anua;Anua;89.90;12;/imagenes/' + 'a'.repeat(64) + '.jpg',
  'ANUA-2;Sérum Anua;Anua;0;5;',
  'COSRX-1;Parche COSRX;COSRX;25;8;fotos/parche.jpg',
  'COSRX-2;Crema COSRX;COSRX;59;3;http://localhost/imagenes/' + 'b'.repeat(64) + '.png',
].join('\r\n');

describe('Importar y exportar', () => {
  it('reads a CSV in the browser with the CLI reader, checks it first with a per-row report, then imports it', async () => {
    const cliente = new ClienteFalso();
    await montar(cliente, '/admin/productos/importar');
    await hasta(() => texto().includes('Importar productos'));
    await elegirArchivo('catalogo.csv', CSV);
    expect(texto()).toContain('catalogo.csv: 4 filas, 1 con problemas que se ven en el informe.');
    expect(cliente.nombres).not.toContain('importBatch');

    await pulsar(boton('Revisar el archivo'));
    await hasta(() => texto().includes('Revisión de catalogo.csv'));
    expect(texto()).toContain(
      'Revisión de catalogo.csv (no se escribió nada): 2 se crearían, 0 se actualizarían, 0 sin cambios, 2 rechazados.',
    );
    expect(texto()).toContain('Se crearían: marcas Anua, COSRX.');
    const filas = () => [...document.querySelectorAll('.bo-importar__informe tbody tr')].map((tr) => tr.textContent);
    // The rejected rows first: a local photo the browser cannot read, a price the shop refuses.
    expect(filas()).toEqual([
      '3RechazadaEl precio debe ser un número mayor que 0.',
      expect.stringMatching(
        /^4RechazadaLa imagen fotos\/parche\.jpg es un archivo de tu computadora: el navegador no puede leerlo por su ruta\./,
      ),
      '2Se crearía',
      '5Se crearía',
    ]);
    // The shop's own absolute URL went as its path; the local file's row was never sent.
    const [filasEnviadas, simulacro] = cliente.llamadas.find(({ metodo }) => metodo === 'importBatch')!.args as [number[], boolean];
    expect([filasEnviadas, simulacro]).toEqual([[2, 3, 5], true]);
    expect(cliente.catalogoImportado.size).toBe(0);
    expect(await violaciones()).toEqual([]);

    await pulsar(boton('Importar 3 filas'));
    await hasta(() => texto().includes('Importación de catalogo.csv'));
    expect(texto()).toContain('Importación de catalogo.csv: 2 creados, 0 actualizados, 0 sin cambios, 2 rechazados.');
    expect([...document.querySelectorAll('.bo-importar__informe a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Ver producto 1001', '/admin/productos/1001'],
      ['Ver producto 1002', '/admin/productos/1002'],
    ]);
    expect(cliente.catalogoImportado.get('COSRX-2')).toMatchObject({ img: `/imagenes/${'b'.repeat(64)}.png` });
    expect(await violaciones()).toEqual([]);
  });

  it('shows the progress batch by batch on a large file, and stops naming the row when the shop refuses a batch', async () => {
    const cliente = new ClienteFalso();
    const puertas: (() => void)[] = [];
    const original = cliente.importBatch.bind(cliente);
    let llamadas = 0;
    cliente.importBatch = async (filas, simulacro) => {
      await new Promise<void>((abrir) => puertas.push(abrir));
      if (++llamadas === 3) throw Object.assign(new Error('El lote de la importación es demasiado grande.'), { status: 413 });
      return original(filas, simulacro);
    };
    await montar(cliente, '/admin/productos/importar');
    const filas = Array.from({ length: 1200 }, (_, i) => `SKU-${i};Producto ${i};Marca;10`);
    await elegirArchivo('grande.csv', ['sku;nombre;marca;precio', ...filas].join('\n'));
    await pulsar(boton('Revisar el archivo'));
    const barra = () => document.querySelector<HTMLProgressElement>('progress[aria-label="Revisión del archivo"]')!;
    await hasta(() => puertas.length === 1);
    expect([barra().value, barra().max]).toEqual([0, 1200]);
    expect(texto()).toContain('0 de 1,200 filas');
    puertas.shift()!();
    await hasta(() => puertas.length === 1 && barra().value === 500);
    expect(texto()).toContain('500 de 1,200 filas');
    puertas.shift()!();
    await hasta(() => puertas.length === 1 && barra().value === 1000);
    puertas.shift()!();
    await hasta(() => alertas().length > 0);
    expect(alertas()[0]).toBe('Revisión interrumpida en la fila 1002: El lote de la importación es demasiado grande. Vuelve a intentarlo.');
    expect(document.body.textContent).not.toContain('Importar 1,200 filas');
  });

  it('says why a file cannot be read at all', async () => {
    await montar(new ClienteFalso(), '/admin/productos/importar');
    await elegirArchivo('precios.csv', 'sku;precio;color favorito\nA;10;rojo');
    expect(alertas()[0]).toMatch(/^Columna\(s\) desconocida\(s\): color favorito\. Las columnas válidas son: sku, idProducto/);
    await elegirArchivo('catalogo.xlsx', 'PK');
    expect(alertas()[0]).toBe('catalogo.xlsx: el catálogo debe ser un archivo .csv o .json.');
    await elegirArchivo('vacio.json', '[]');
    expect(alertas()[0]).toBe('vacio.json no tiene filas de productos.');
    expect(document.querySelector('button.btn--outline')?.textContent).not.toBe('Revisar el archivo');
  });

  it('downloads the catalogue, which imports again unchanged (the round trip)', async () => {
    const cliente = new ClienteFalso();
    await cliente.importBatch(leerCatalogo(CSV, 'catalogo.csv').filas.slice(0, 1), false);
    await cliente.importBatch(
      [{ fila: 2, valores: { sku: 'K-2', nombre: 'Bálsamo, "edición" Lima', marca: 'Anua', precio: '30', stock: '4' } }],
      false,
    );
    const descargas: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      descargas.push(blob as Blob);
      return 'blob:catalogo';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    await montar(cliente, '/admin/productos/importar');
    await hasta(() => texto().includes('Exportar el catálogo'));
    await pulsar(boton('Descargar el catálogo'));
    await hasta(() => texto().includes('Se descargó catalogo-2026-11-29.csv.'));
    expect(cliente.llamadas.find(({ metodo }) => metodo === 'exportCatalogue')!.args).toEqual([{}, 'csv']);

    await pulsar(campo('Incluir los productos archivados'));
    await pulsar(campo('JSON'));
    await pulsar(boton('Descargar el catálogo'));
    await hasta(() => texto().includes('Se descargó catalogo-2026-11-29.json.'));
    expect(cliente.llamadas.filter(({ metodo }) => metodo === 'exportCatalogue').at(-1)!.args).toEqual([{ archivados: 'todos' }, 'json']);
    expect(await violaciones()).toEqual([]);

    // The exported CSV, picked again, changes nothing.
    await elegirArchivo('catalogo-2026-11-29.csv', await descargas[0]!.text());
    await pulsar(boton('Revisar el archivo'));
    await hasta(() => texto().includes('Revisión de catalogo-2026-11-29.csv'));
    expect(texto()).toContain('0 se crearían, 0 se actualizarían, 2 sin cambios, 0 rechazados.');
    // Unchanged rows are counted, not listed: nothing needs the owner.
    expect(document.querySelector('.bo-importar__informe')).toBeNull();
  });
});
