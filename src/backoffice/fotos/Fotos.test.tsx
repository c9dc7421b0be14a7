// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/productos/nuevo" }
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ProveedorCliente } from '../cliente.ts';
import { ClienteFalso } from '../pruebas/cliente-falso.ts';
import { campo, esperar, hasta, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';
import { base64DeArchivo, Fotos, type FotoProducto } from './Fotos.tsx';

let raiz: Root | undefined;
afterEach(() => {
  if (raiz) act(() => raiz!.unmount());
  raiz = undefined;
  document.body.innerHTML = '';
});

/** Mounts <Fotos> in a form that keeps its list, as the product form does; `cambios` records every onChange. */
async function montarFotos(cliente: ClienteFalso, iniciales: FotoProducto[] = []) {
  const cambios: FotoProducto[][] = [];
  function Formulario() {
    const [fotos, setFotos] = useState(iniciales);
    return (
      <main>
        <h1>Nuevo producto</h1>
        <Fotos
          fotos={fotos}
          nombreProducto="Tónico Anua"
          onChange={(lista) => {
            cambios.push(lista);
            setFotos(lista);
          }}
        />
      </main>
    );
  }
  document.title = 'Nuevo producto · Panel';
  const contenedor = document.body.appendChild(document.createElement('div'));
  raiz = createRoot(contenedor);
  await act(async () =>
    raiz!.render(
      <ProveedorCliente value={cliente}>
        <Formulario />
      </ProveedorCliente>,
    ),
  );
  return cambios;
}

const archivo = (nombre: string, contenido: string) => new File([contenido], nombre, { type: 'image/jpeg' });

/** Picks files in the 'Agregar fotos' input, as the phone's camera roll does. */
async function elegir(archivos: File[]) {
  const input = campo('Agregar fotos');
  Object.defineProperty(input, 'files', { value: archivos, configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
}

/** The photo cards in order: their alt texts. */
const alts = () => [...document.querySelectorAll<HTMLInputElement>('.bo-fotos__lista input')].map((input) => input.value);
/** The button `nombre` of the photo card number `numero` (from 1). */
const botonDe = (numero: number, nombre: string) =>
  [...document.querySelectorAll('.bo-fotos__lista > li')[numero - 1]!.querySelectorAll('button')].find(
    (boton) => boton.textContent === nombre,
  )!;

describe('the product photos (Fotos)', () => {
  it('uploads several photos from the camera roll, two at a time with their progress, then gives the list with alt texts', async () => {
    const cliente = new ClienteFalso();
    let soltar!: () => void;
    cliente.subidaEnCurso = new Promise((resolve) => (soltar = resolve));
    const cambios = await montarFotos(cliente);
    expect(texto()).toContain('Aún no tiene fotos');
    expect(campo('Agregar fotos').getAttribute('accept')).toBe('image/*');
    expect(campo('Agregar fotos').multiple).toBe(true);

    await elegir([archivo('frente.jpg', 'uno'), archivo('caja.jpg', 'dos'), archivo('textura.jpg', 'tres')]);
    await hasta(() => texto().includes('Subiendo 3 fotos…'));
    // Two uploading, the third waiting its turn: each file shows its own state.
    await hasta(() => document.querySelectorAll('progress[aria-label^="Subiendo"]').length === 2);
    expect(document.querySelectorAll('progress[aria-label="En espera: textura.jpg"]')).toHaveLength(1);
    expect(cambios).toHaveLength(0);
    expect(await violaciones()).toEqual([]);

    soltar();
    await hasta(() => texto().includes('Se agregaron 3 fotos.'));
    expect(alts()).toEqual(['Tónico Anua', 'Tónico Anua, foto 2', 'Tónico Anua, foto 3']);
    expect(cliente.nombres.filter((nombre) => nombre === 'uploadPhoto')).toHaveLength(3);
    // The bytes went as base64 ('uno' is 4 characters of it).
    expect(cliente.llamadas[0]).toEqual({ metodo: 'uploadPhoto', args: ['frente.jpg', 4] });
    const ultima = cambios.at(-1)!;
    expect(ultima).toHaveLength(3);
    expect(ultima.every((foto) => /^\/imagenes\/[0-9a-f]{64}\.jpg$/.test(foto.url))).toBe(true);
    expect(document.querySelectorAll('progress')).toHaveLength(0);
    expect(await violaciones()).toEqual([]);
  });

  it('orders the photos, makes one the main one, edits its alt text and takes one away', async () => {
    const iniciales = [
      { url: '/imagenes/a.jpg', alt: 'Frente' },
      { url: '/imagenes/b.jpg', alt: 'Caja' },
      { url: '/imagenes/c.jpg', alt: 'Textura' },
    ];
    const cambios = await montarFotos(new ClienteFalso(), iniciales);
    expect(texto()).toContain('Foto principal');
    expect(botonDe(1, 'Subir').disabled).toBe(true);
    expect(botonDe(1, 'Hacer principal')).toBeUndefined();
    expect(botonDe(3, 'Bajar').disabled).toBe(true);

    await pulsar(botonDe(3, 'Hacer principal'));
    expect(alts()).toEqual(['Textura', 'Frente', 'Caja']);
    await pulsar(botonDe(2, 'Bajar'));
    expect(alts()).toEqual(['Textura', 'Caja', 'Frente']);
    await pulsar(botonDe(2, 'Subir'));
    expect(alts()).toEqual(['Caja', 'Textura', 'Frente']);

    const alt = campo('Texto alternativo de la foto 2');
    const prototipo = Object.getPrototypeOf(alt) as object;
    act(() => {
      Object.getOwnPropertyDescriptor(prototipo, 'value')!.set!.call(alt, 'Textura en gel sobre la mano');
      alt.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await pulsar(botonDe(3, 'Quitar'));
    expect(cambios.at(-1)).toEqual([
      { url: '/imagenes/b.jpg', alt: 'Caja' },
      { url: '/imagenes/c.jpg', alt: 'Textura en gel sobre la mano' },
    ]);
    expect(await violaciones()).toEqual([]);
  });

  it('takes dropped files, shows a refused one with the API message and does not add a photo twice', async () => {
    const cliente = new ClienteFalso();
    cliente.fotosRechazadas.set('ubicacion.heic', 'La foto debe ser una imagen JPEG, PNG, WebP o AVIF.');
    const cambios = await montarFotos(cliente);
    const zona = document.querySelector('.bo-fotos__zona')!;
    const soltarArchivos = async (archivos: File[]) => {
      const evento = new Event('drop', { bubbles: true, cancelable: true });
      Object.defineProperty(evento, 'dataTransfer', { value: { files: archivos } });
      await act(async () => zona.dispatchEvent(evento));
      await esperar();
    };
    await soltarArchivos([
      archivo('frente.jpg', 'uno'),
      new File(['x'], 'ubicacion.heic', { type: 'image/heic' }),
      new File(['t'], 'notas.txt', { type: 'text/plain' }),
    ]);
    await hasta(() => texto().includes('Se agregó 1 foto.'));
    expect(texto()).toContain('ubicacion.heic: La foto debe ser una imagen JPEG, PNG, WebP o AVIF.');
    // The text file was never sent.
    expect(cliente.llamadas.map(({ args }) => args[0])).toEqual(['frente.jpg', 'ubicacion.heic']);
    await pulsar([...document.querySelectorAll('button')].find((boton) => boton.textContent === 'Descartar')!);
    expect(texto()).not.toContain('ubicacion.heic');

    await soltarArchivos([archivo('otra-vez.jpg', 'uno')]);
    await hasta(() => texto().includes('otra-vez.jpg ya está entre las fotos.'));
    expect(cambios.at(-1)).toHaveLength(1);
  });

  it('sends a file as base64, in slices for a large one', async () => {
    const bytes = new Uint8Array(100_000).map((_, indice) => indice % 256);
    expect(await base64DeArchivo(new Blob([bytes]))).toBe(Buffer.from(bytes).toString('base64'));
  });
});
