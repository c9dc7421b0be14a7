// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/admin/resenas" }
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClienteFalso } from '../pruebas/cliente-falso.ts';
import { resenaFalsa } from '../pruebas/libros-falsos.ts';
import { alertas, boton, desmontar, enlace, hasta, hayBoton, montar, pulsar, texto } from '../pruebas/montar.tsx';
import { violaciones } from '../pruebas/violaciones.ts';

afterEach(desmontar);

let cliente: ClienteFalso;
beforeEach(() => {
  cliente = new ClienteFalso({ rol: 'personal' });
  cliente.resenasLista = [
    resenaFalsa(3, { producto: { idProducto: 9, nombre: 'Crema de caracol' }, estrellas: 5 }),
    resenaFalsa(1, { fotoOperador: null, estrellas: 2, titulo: 'No me funcionó' }),
    resenaFalsa(2, { estado: 'APROBADA', moderada: '2026-11-20T15:00:00Z', operador: 'Ana Torres', foto: '/imagenes/resenas/r2.webp' }),
  ];
});

const tarjetas = () => [...document.querySelectorAll('.bo-libro')];
const moderaciones = () => cliente.llamadas.filter(({ metodo }) => metodo === 'moderateResena').map(({ args }) => args);

describe('Reseñas', () => {
  it('lists the reviews waiting, the oldest first, with product, stars, text and photo', async () => {
    await montar(cliente, '/admin/resenas');
    await hasta(() => tarjetas().length > 0);
    expect(cliente.llamadas.find(({ metodo }) => metodo === 'resenas')?.args).toEqual(['PENDIENTE']);
    expect(tarjetas().map((tarjeta) => tarjeta.querySelector('strong')?.textContent)).toEqual(['Sérum de arroz', 'Crema de caracol']);
    const [primera, segunda] = tarjetas() as [Element, Element];
    expect(primera.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('2 de 5 estrellas');
    expect(primera.textContent).toContain('«No me funcionó»');
    expect(primera.textContent).toContain('Deja la piel suave');
    expect(primera.querySelector('img')).toBeNull();
    expect(segunda.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('5 de 5 estrellas');
    expect(segunda.querySelector('img')?.getAttribute('src')).toBe('/admin/api/resenas/3/foto');
    expect(segunda.querySelector('img')?.getAttribute('alt')).toBe('Foto que subió Lucía G.');
    expect(enlace('pedido N.° 33').getAttribute('href')).toBe('/admin/pedidos/33');
    expect(document.querySelector('.bo-menu [aria-current="page"]')?.textContent).toBe('Reseñas');
    expect(await violaciones()).toEqual([]);
  });

  it('publishes one in a tap, and rejects another after saying its photo goes; each leaves the list', async () => {
    await montar(cliente, '/admin/resenas');
    await hasta(() => tarjetas().length === 2);
    await pulsar(tarjetas()[0]!.querySelector('button')!);
    await hasta(() => tarjetas().length === 1);
    expect(moderaciones()).toEqual([[1, 'aprobar']]);
    expect(texto()).toContain('Publicamos la reseña N.° 1.');
    expect(document.activeElement?.textContent).toContain('Publicamos la reseña N.° 1.');

    await pulsar(boton('Rechazar'));
    expect(texto()).toContain('¿Rechazarla? No se publicará y su foto se borra.');
    expect(await violaciones()).toEqual([]);
    await pulsar(boton('No'));
    expect(moderaciones()).toHaveLength(1);
    await pulsar(boton('Rechazar'));
    await pulsar(boton('Sí, rechazar'));
    await hasta(() => texto().includes('No hay reseñas por moderar'));
    expect(moderaciones()).toEqual([
      [1, 'aprobar'],
      [3, 'rechazar'],
    ]);
    expect(texto()).toContain('Rechazamos la reseña N.° 3: no se publicará.');
    expect(alertas()).toEqual([]);
  });

  it("shows the published ones with who published them, and says the API's refusal", async () => {
    await montar(cliente, '/admin/resenas?estado=APROBADA');
    await hasta(() => tarjetas().length === 1);
    expect(texto()).toContain('por Ana Torres');
    expect(hayBoton('Publicar')).toBe(false);
    expect(document.querySelector('.bo-vistas [aria-current="page"]')?.textContent).toBe('Publicadas');
    // Withdrawn meanwhile by someone else: the API's 409 is said.
    cliente.resenasLista.find((resena) => resena.id === 2)!.estado = 'RECHAZADA';
    await pulsar(boton('Retirar'));
    await pulsar(boton('Sí, rechazar'));
    await hasta(() => alertas().length > 0);
    expect(alertas()).toEqual(['La reseña N.° 2 ya está rechazada.']);
  });
});
